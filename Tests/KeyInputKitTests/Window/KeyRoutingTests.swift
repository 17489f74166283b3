import KeyInputKit
import Testing
import XKB

/// Key routing through the hardware keyboard with real xkeyboard-config layouts.
@MainActor
@Suite struct KeyRoutingTests {
    private func focusedField(_ keyboard: HardwareKeyboard) -> (Window, LoggingField) {
        let (_, window) = Fixture.window(keyboard: keyboard)
        let field = LoggingField(frame: Rect(x: 0, y: 0, width: 300, height: 30))
        window.addSubview(field)
        field.becomeFirstResponder()
        return (window, field)
    }

    @Test(arguments: [
        ("us", "", ["KEY_LEFTSHIFT+KEY_H", "KEY_E", "KEY_Y"], "Hey"),
        ("de", "", ["KEY_Y", "KEY_Z", "KEY_SEMICOLON"], "zyö"),
        ("ru", "", ["KEY_G", "KEY_H", "KEY_B"], "при"),
        ("fr", "", ["KEY_Q", "KEY_LEFTSHIFT+KEY_1"], "a1"),
        ("de", "nodeadkeys", ["KEY_RIGHTALT+KEY_Q", "KEY_RIGHTALT+KEY_E"], "@€"),
    ])
    func typingReachesTheFieldOnEachLayout(layout: String, variant: String, keys: [String], expected: String) throws {
        let keyboard = try Fixture.keyboard(layout: layout, variant: variant.isEmpty ? nil : variant)
        let (_, field) = focusedField(keyboard)
        for token in keys { keyboard.tap(token.split(separator: "+").map(String.init)) }
        #expect(field.text == expected)
    }

    @Test func deadKeysShowMarkedTextThenEndItBeforeTheCommit() throws {
        let keyboard = try Fixture.keyboard(layout: "us", variant: "intl", compose: true)
        let (window, field) = focusedField(keyboard)
        keyboard.tap("KEY_APOSTROPHE")
        #expect(field.markedText == "´")
        let canvas = TextCanvas(size: window.frame.size)
        window.render(to: canvas)
        #expect(canvas.rendering.contains("´"), "the marked text shows at the caret")
        keyboard.tap("KEY_E")
        #expect(field.text == "é")
        #expect(field.markedText == nil)
        #expect(field.log == ["marked(´)", "marked(nil)", "insert(é)"])
    }

    @Test func aFieldWithoutMarkedTextGetsOnlyTheFinalText() throws {
        @MainActor final class Plain: View, KeyInput {
            var received: [String] = []
            override var canBecomeFirstResponder: Bool { true }
            var hasText: Bool { !received.isEmpty }
            func insertText(_ text: String) { received.append(text) }
            func deleteBackward() { received.append("⌫") }
        }
        let keyboard = try Fixture.keyboard(layout: "us", variant: "intl", compose: true)
        let (_, window) = Fixture.window(keyboard: keyboard)
        let plain = Plain(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        window.addSubview(plain)
        plain.becomeFirstResponder()
        keyboard.type(["KEY_APOSTROPHE", "KEY_E", "KEY_GRAVE", "KEY_Q"])  // dead_grave + q: cancelled
        #expect(plain.received == ["é"])
    }

    @Test func aCancelledSequenceEndsTheMarkedTextAndTypesNothing() throws {
        let keyboard = try Fixture.keyboard(layout: "us", variant: "intl", compose: true)
        let (_, field) = focusedField(keyboard)
        keyboard.type(["KEY_GRAVE", "KEY_Q"])
        #expect(field.text == "")
        #expect(field.log == ["marked(`)", "marked(nil)"])
    }

    @Test func movingFocusEndsTheMarkedTextAndForgetsTheSequence() throws {
        let keyboard = try Fixture.keyboard(layout: "us", variant: "intl", compose: true)
        let (window, field) = focusedField(keyboard)
        let other = TextField(frame: Rect(x: 0, y: 100, width: 300, height: 30))
        window.addSubview(other)
        keyboard.tap("KEY_APOSTROPHE")
        other.becomeFirstResponder()
        keyboard.tap("KEY_E")
        #expect(field.markedText == nil)
        #expect(other.text == "e")
    }

    @Test func controlCharactersAreNeverInsertedAndBackSpaceDeletes() throws {
        let keyboard = try Fixture.keyboard(layout: "us")
        let (_, field) = focusedField(keyboard)
        keyboard.type(["KEY_A", "KEY_B"])
        keyboard.tap("KEY_LEFTCTRL", "KEY_Q")
        keyboard.tap("KEY_BACKSPACE")
        #expect(field.text == "a")
    }

    @Test func keyCommandsWorkOnACyrillicLayoutThroughTheLatinFallback() throws {
        let keyboard = try Fixture.keyboard(layout: "us,ru", options: "grp:alt_shift_toggle")
        let (_, field) = focusedField(keyboard)
        keyboard.tap("KEY_LEFTALT", "KEY_LEFTSHIFT")  // switch to Russian
        keyboard.type(["KEY_G", "KEY_H"])
        #expect(field.text == "пр")
        let pasteboard = Pasteboard.general
        pasteboard.string = nil
        keyboard.tap("KEY_LEFTCTRL", "KEY_A")  // Ctrl+ф: select all
        keyboard.tap("KEY_LEFTCTRL", "KEY_C")  // Ctrl+с: copy
        #expect(pasteboard.string == "пр")
        #expect(field.text == "пр")
    }

    @Test func keyCommandsFallBackToThePhysicalKeyWithoutAnyLatinLayout() throws {
        let keyboard = try Fixture.keyboard(layout: "ru")
        let (_, field) = focusedField(keyboard)
        keyboard.type(["KEY_G"])
        keyboard.tap("KEY_LEFTCTRL", "KEY_A")
        keyboard.tap("KEY_LEFTCTRL", "KEY_X")
        #expect(field.text == "")
        #expect(Pasteboard.general.string == "п")
    }

    @Test func keyCommandsComeBeforePressesAndTextAlongTheChain() throws {
        @MainActor final class Form: View {
            var saved = 0
            override var keyCommands: [KeyCommand] {
                [KeyCommand(input: "s", modifiers: .control, title: "Save") { [weak self] in self?.saved += 1 }]
            }
        }
        let keyboard = try Fixture.keyboard(layout: "de")
        let (_, window) = Fixture.window(keyboard: keyboard)
        let form = Form(frame: Rect(x: 0, y: 0, width: 400, height: 400))
        let field = TextField(frame: Rect(x: 0, y: 0, width: 100, height: 30))
        form.addSubview(field)
        window.addSubview(form)
        field.becomeFirstResponder()
        keyboard.tap("KEY_LEFTCTRL", "KEY_S")
        keyboard.tap("KEY_S")
        #expect(form.saved == 1)
        #expect(field.text == "s")
    }

    @Test func thePresentedInputViewGetsKeysBeforeTheResponder() throws {
        @MainActor final class Stepper: View, InputViewKeyHandling {
            var value = 0
            func handleKeyPress(_ press: KeyPress) -> Bool {
                guard press.phase == .began else { return false }
                if press.keysym == .up { value += 1; return true }
                if press.keysym == .down { value -= 1; return true }
                return false
            }
        }
        @MainActor final class Amount: Control {
            override var canBecomeFirstResponder: Bool { true }
        }
        let keyboard = try Fixture.keyboard(layout: "us")
        let (_, window) = Fixture.window(keyboard: keyboard)
        let stepper = Stepper(frame: Rect(x: 0, y: 0, width: 400, height: 100))
        let amount = Amount(frame: Rect(x: 0, y: 0, width: 100, height: 30))
        amount.inputView = stepper
        window.addSubview(amount)
        amount.becomeFirstResponder()
        keyboard.type(["KEY_UP", "KEY_UP", "KEY_DOWN", "KEY_UP"])
        #expect(stepper.value == 2)
        keyboard.tap("KEY_ESC")
        #expect(window.firstResponder == nil)
    }

    @Test func tabAndShiftTabMoveFocusInReadingOrder() throws {
        let keyboard = try Fixture.keyboard(layout: "us")
        let (_, window) = Fixture.window(keyboard: keyboard)
        let right = TextField(frame: Rect(x: 200, y: 0, width: 100, height: 30))
        let left = TextField(frame: Rect(x: 0, y: 0, width: 100, height: 30))
        let below = TextField(frame: Rect(x: 0, y: 50, width: 100, height: 30))
        let hidden = TextField(frame: Rect(x: 0, y: 100, width: 100, height: 30))
        let disabled = TextField(frame: Rect(x: 0, y: 150, width: 100, height: 30))
        hidden.isHidden = true
        disabled.isEnabled = false
        [below, right, hidden, left, disabled].forEach(window.addSubview)
        left.becomeFirstResponder()
        keyboard.tap("KEY_TAB")
        #expect(right.isFirstResponder)
        keyboard.tap("KEY_TAB")
        #expect(below.isFirstResponder)
        keyboard.tap("KEY_TAB")
        #expect(left.isFirstResponder)  // wraps, skipping hidden and disabled
        keyboard.tap("KEY_LEFTSHIFT", "KEY_TAB")
        #expect(below.isFirstResponder)
        window.focusOrder = [below, left]
        keyboard.tap("KEY_TAB")
        #expect(left.isFirstResponder)
    }

    @Test func returnFollowsTheReturnKeyType() throws {
        let keyboard = try Fixture.keyboard(layout: "us")
        let (_, window) = Fixture.window(keyboard: keyboard)
        let search = TextField(
            frame: Rect(x: 0, y: 0, width: 100, height: 30),
            traits: TextInputTraits(returnKeyType: .search, enablesReturnKeyAutomatically: true))
        var searches: [String] = []
        search.addAction(for: .primaryActionTriggered) { control in searches.append((control as! TextField).text) }
        window.addSubview(search)
        search.becomeFirstResponder()
        keyboard.tap("KEY_ENTER")  // no text: Return is disabled
        #expect(searches.isEmpty)
        keyboard.type(["KEY_C", "KEY_A", "KEY_T", "KEY_ENTER"])
        #expect(searches == ["cat"])
        #expect(search.isFirstResponder)
        #expect(search.text == "cat")
    }

    @Test func secureEntryHidesTheTextAndRefusesToCopy() throws {
        let keyboard = try Fixture.keyboard(layout: "us")
        let (_, window) = Fixture.window(keyboard: keyboard)
        let password = TextField(
            frame: Rect(x: 0, y: 0, width: 100, height: 30), traits: TextInputTraits(isSecureTextEntry: true))
        window.addSubview(password)
        password.becomeFirstResponder()
        keyboard.type(["KEY_P", "KEY_W"])
        #expect(password.text == "pw")
        let canvas = TextCanvas(size: window.frame.size)
        window.render(to: canvas)
        #expect(canvas.rendering.contains("••"))
        #expect(!canvas.rendering.contains("pw"))
        Pasteboard.general.string = "before"
        keyboard.tap("KEY_LEFTCTRL", "KEY_A")
        keyboard.tap("KEY_LEFTCTRL", "KEY_C")
        keyboard.tap("KEY_LEFTCTRL", "KEY_X")
        #expect(Pasteboard.general.string == "before")
        #expect(password.text == "pw")
    }
}
