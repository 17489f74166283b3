import KeyInputKit
import Testing
import XKB

/// One test per keyboard chore iOS apps write by hand — dismissing the keyboard,
/// typing into a control that is not a text field, Return to the next field, a
/// Done bar, keeping a field above the keyboard — and what it takes here.
@MainActor
@Suite struct KeyboardScenarioTests {
    // A press outside dismisses the keyboard, without breaking the buttons there.
    @Test func tapOutsideDismissesButTheButtonStillGetsItsTap() {
        let (_, window) = Fixture.window()
        let field = TextField(frame: Rect(x: 20, y: 20, width: 200, height: 30))
        var taps = 0
        let button = Button(title: "Save", frame: Rect(x: 20, y: 300, width: 100, height: 40)) { _ in taps += 1 }
        window.addSubview(field)
        window.addSubview(button)
        #expect(field.becomeFirstResponder())

        window.sendPointerEvent(PointerEvent(.down, at: Point(x: 50, y: 310)))
        window.sendPointerEvent(PointerEvent(.up, at: Point(x: 50, y: 310)))

        #expect(window.firstResponder == nil)
        #expect(taps == 1)
    }

    // A double click to select a word in the focused field must not dismiss.
    @Test func doubleClickInTheFocusedFieldSelectsAWordWithoutDismissing() {
        let (_, window) = Fixture.window()
        let field = TextField(frame: Rect(x: 0, y: 0, width: 300, height: 30))
        field.text = "hello brave world"
        window.addSubview(field)
        field.becomeFirstResponder()

        // Inside "brave" (characters 6 to 11), by the window's layout of the field's text.
        let layout = window.textLayoutEngine.makeLayout(for: field.text, style: TextStyle())
        let point = Point(x: 4 + layout.caretRect(at: 8).minX, y: 15)
        window.sendPointerEvent(PointerEvent(.down, at: point, clickCount: 1))
        window.sendPointerEvent(PointerEvent(.up, at: point, clickCount: 1))
        window.sendPointerEvent(PointerEvent(.down, at: point, clickCount: 2))
        window.sendPointerEvent(PointerEvent(.up, at: point, clickCount: 2))

        #expect(field.isFirstResponder)
        #expect(field.selectedText == "brave")
    }

    // A tap gesture recogniser for dismissal swallows taps meant for toolbars and pickers;
    // here a press in a view that opts out keeps the keyboard, and the view still gets the press.
    @Test func pressInAViewThatOptsOutKeepsTheKeyboard() {
        let (_, window) = Fixture.window()
        let field = TextField(frame: Rect(x: 0, y: 0, width: 200, height: 30))
        let toolbar = View(frame: Rect(x: 0, y: 100, width: 400, height: 40))
        toolbar.keepsKeyboardOnPress = true
        var bold = 0
        let boldButton = Button(title: "B", frame: Rect(x: 0, y: 0, width: 40, height: 40)) { _ in bold += 1 }
        toolbar.addSubview(boldButton)
        window.addSubview(field)
        window.addSubview(toolbar)
        field.becomeFirstResponder()

        window.sendPointerEvent(PointerEvent(.down, at: Point(x: 10, y: 110)))
        window.sendPointerEvent(PointerEvent(.up, at: Point(x: 10, y: 110)))

        #expect(field.isFirstResponder)
        #expect(bold == 1)
    }

    // Dismissal is the window's rule, configured on the window, with no subclass.
    @Test func windowWithDismissalNeverKeepsTheKeyboardOnAPressOutside() {
        let (_, window) = Fixture.window()
        window.keyboardDismissalPolicy = .never
        let field = TextField(frame: Rect(x: 0, y: 0, width: 200, height: 30))
        window.addSubview(field)
        field.becomeFirstResponder()
        window.sendPointerEvent(PointerEvent(.down, at: Point(x: 300, y: 400)))
        #expect(field.isFirstResponder)
    }

    // A press in another field moves focus to it instead of dismissing.
    @Test func pressInAnotherFieldMovesFocusWithoutHidingTheKeyboard() throws {
        let (_, window) = Fixture.window()
        window.onScreenKeyboardPolicy = .always
        let first = TextField(frame: Rect(x: 0, y: 0, width: 200, height: 30))
        let second = TextField(frame: Rect(x: 0, y: 50, width: 200, height: 30))
        window.addSubview(first)
        window.addSubview(second)
        first.becomeFirstResponder()
        window.advanceTime(by: 1)
        let frames = FrameRecorder(window)

        window.sendPointerEvent(PointerEvent(.down, at: Point(x: 10, y: 60)))

        #expect(second.isFirstResponder)
        #expect(!frames.kinds.contains(.willHide))
    }

    // A control that is not a text field receives typing.
    @Test func aNonTextControlReceivesTypingFromARealKeyboard() throws {
        @MainActor final class PinPad: Control, KeyInput {
            var digits = ""
            override var canBecomeFirstResponder: Bool { true }
            var hasText: Bool { !digits.isEmpty }
            func insertText(_ text: String) { digits += text.filter(\.isNumber) }
            func deleteBackward() { if !digits.isEmpty { digits.removeLast() } }
        }
        let keyboard = try Fixture.keyboard(layout: "us")
        let (_, window) = Fixture.window(keyboard: keyboard)
        let pad = PinPad(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        window.addSubview(pad)
        window.sendPointerEvent(PointerEvent(.down, at: Point(x: 50, y: 50)))
        #expect(pad.isFirstResponder)

        keyboard.type(["KEY_1", "KEY_9", "KEY_A", "KEY_8", "KEY_BACKSPACE", "KEY_4"])
        #expect(pad.digits == "194")
    }

    // inputView is settable: the control shows a date picker instead of a keyboard.
    @Test func aControlWhoseInputViewIsADatePicker() {
        @MainActor final class BirthdayControl: Control {
            override var canBecomeFirstResponder: Bool { true }
        }
        let (_, window) = Fixture.window()
        window.onScreenKeyboardPolicy = .always
        let control = BirthdayControl(frame: Rect(x: 0, y: 0, width: 200, height: 30))
        let picker = View(frame: Rect(x: 0, y: 0, width: 400, height: 200))
        picker.identifier = "date-picker"
        control.inputView = picker
        window.addSubview(control)

        control.becomeFirstResponder()
        window.advanceTime(by: 1)

        #expect(window.presentedInputView === picker)
        #expect(window.keyboardFrame == Rect(x: 0, y: 400, width: 400, height: 200))

        // Swap the input view while first responder: reloadInputViews shows the new one.
        let other = View(frame: Rect(x: 0, y: 0, width: 400, height: 120))
        control.inputView = other
        control.reloadInputViews()
        window.advanceTime(by: 1)
        #expect(window.presentedInputView === other)
        #expect(picker.superview == nil)
    }

    @Test func theAccessoryBarIsTitledWithANonTextControlsLabel() {
        @MainActor final class BirthdayControl: Control {
            override var canBecomeFirstResponder: Bool { true }
        }
        let (_, window) = Fixture.window()
        let bar = InputAccessoryBar()
        let name = TextField(frame: Rect(x: 0, y: 0, width: 200, height: 30), placeholder: "Name")
        let birthday = BirthdayControl(frame: Rect(x: 0, y: 40, width: 200, height: 30))
        birthday.identifier = "birthday"
        birthday.inputView = View(frame: Rect(x: 0, y: 0, width: 400, height: 200))
        for responder in [name, birthday] as [View] {
            responder.inputAccessoryView = bar
            window.addSubview(responder)
        }

        birthday.becomeFirstResponder()
        #expect(bar.titleLabel.text == "", "an identifier is for tests, not a title to show")
        birthday.accessibilityLabel = "Birthday"
        birthday.reloadInputViews()
        #expect(bar.titleLabel.text == "Birthday")
        name.becomeFirstResponder()
        #expect(bar.titleLabel.text == "Name")
        name.accessibilityLabel = "Full name"
        name.reloadInputViews()
        #expect(bar.titleLabel.text == "Full name")
    }

    // Return moves to the next field.
    @Test func returnMovesToTheNextFieldAndDoneOnTheLastResigns() throws {
        let keyboard = try Fixture.keyboard(layout: "us")
        let (_, window) = Fixture.window(keyboard: keyboard)
        let name = TextField(frame: Rect(x: 0, y: 0, width: 200, height: 30), traits: TextInputTraits(returnKeyType: .next))
        let email = TextField(frame: Rect(x: 0, y: 40, width: 200, height: 30), traits: TextInputTraits(returnKeyType: .done))
        window.addSubview(email)  // added out of order: reading order decides
        window.addSubview(name)
        name.becomeFirstResponder()

        keyboard.type(["KEY_A", "KEY_ENTER"])
        #expect(email.isFirstResponder)
        #expect(name.text == "a")

        keyboard.type(["KEY_B", "KEY_KPENTER"])
        #expect(window.firstResponder == nil)
        #expect(email.text == "b")
    }

    // A Done bar over a number pad, which has no Return key.
    @Test func aDoneBarOverANumberPad() throws {
        let (_, window) = Fixture.window()
        window.onScreenKeyboardPolicy = .always
        let bar = InputAccessoryBar()
        let quantity = TextField(
            frame: Rect(x: 0, y: 0, width: 100, height: 30), placeholder: "Quantity",
            traits: TextInputTraits(keyboardType: .numberPad))
        let price = TextField(
            frame: Rect(x: 0, y: 40, width: 100, height: 30), placeholder: "Price",
            traits: TextInputTraits(keyboardType: .decimalPad))
        quantity.inputAccessoryView = bar
        price.inputAccessoryView = bar
        window.focusWraps = false
        window.addSubview(quantity)
        window.addSubview(price)

        quantity.becomeFirstResponder()
        window.advanceTime(by: 1)
        #expect(window.presentedInputView === window.onScreenKeyboard)
        #expect(window.onScreenKeyboard.keyboardType == .numberPad)
        #expect(window.presentedAccessoryView === bar)
        #expect(bar.titleLabel.text == "Quantity")
        #expect(!bar.previousButton.isEnabled)
        #expect(bar.nextButton.isEnabled)
        let top = window.keyboardFrame.minY
        #expect(top == 600 - OnScreenKeyboard.padHeight - InputAccessoryBar.height)

        // Next, by clicking the bar's button: focus moves, the keyboard stays.
        let next = bar.nextButton.frameInWindow
        window.sendPointerEvent(PointerEvent(.down, at: Point(x: next.midX, y: next.midY)))
        window.sendPointerEvent(PointerEvent(.up, at: Point(x: next.midX, y: next.midY)))
        #expect(price.isFirstResponder)
        #expect(bar.titleLabel.text == "Price")
        #expect(bar.previousButton.isEnabled && !bar.nextButton.isEnabled)

        // Done.
        let done = bar.doneButton.frameInWindow
        window.sendPointerEvent(PointerEvent(.down, at: Point(x: done.midX, y: done.midY)))
        window.sendPointerEvent(PointerEvent(.up, at: Point(x: done.midX, y: done.midY)))
        #expect(window.firstResponder == nil)
        window.advanceTime(by: 1)
        #expect(window.keyboardFrame.height == 0 || window.keyboardFrame.minY >= 600)
        #expect(window.presentedInputView == nil)
    }

    // A field at the bottom is kept above the keyboard, in step with it.
    @Test func aBottomFieldIsKeptAboveTheKeyboardInStepWithIt() {
        let (_, window) = Fixture.window()
        window.onScreenKeyboardPolicy = .always
        // A tall notes field at the very bottom of the window.
        let field = TextField(frame: Rect(x: 0, y: 440, width: 200, height: 160))
        window.addSubview(field)
        let guide = window.keyboardLayoutGuide
        var insets: [Double] = []
        let token = guide.observe { insets.append(guide.bottomInset(for: field)) }
        defer { token.cancel() }

        field.becomeFirstResponder()
        // Where the form must scroll to, known at the start of the animation.
        #expect(guide.scrollOffset(toReveal: field, margin: 8) == 600 + 8 - (600 - OnScreenKeyboard.fullHeight))

        window.advanceTime(by: 0.125)  // halfway: ease in-out is at 50 %
        let half = guide.bottomInset(for: field)
        #expect(abs(half - OnScreenKeyboard.fullHeight / 2) < 0.001)
        window.advanceTime(by: 0.125)
        #expect(guide.bottomInset(for: field) == 160)  // covered whole: the keyboard top is at 384
        #expect(insets.count >= 3)
        #expect(insets == insets.sorted())  // it only grows while the keyboard rises
    }

    // The focused field leaves the hierarchy: it resigns first, nothing dangles.
    @Test func theFocusedFieldRemovedFromTheHierarchyResignsAndHidesTheKeyboard() {
        let (_, window) = Fixture.window()
        window.onScreenKeyboardPolicy = .always
        let form = View(frame: Rect(x: 0, y: 0, width: 400, height: 300))
        let field = TextField(frame: Rect(x: 0, y: 0, width: 200, height: 30))
        var ended = 0
        field.addAction(for: .editingDidEnd) { _ in ended += 1 }
        form.addSubview(field)
        window.addSubview(form)
        field.becomeFirstResponder()
        window.advanceTime(by: 1)
        let frames = FrameRecorder(window)

        form.removeFromSuperview()

        #expect(window.firstResponder == nil)
        #expect(!field.isFirstResponder)
        #expect(ended == 1)
        #expect(frames.kinds == [.willHide])
        window.advanceTime(by: 1)
        #expect(frames.kinds == [.willHide, .didHide])
        #expect(field.becomeFirstResponder() == false)  // not in a window any more
    }

    // Input views and layout share one clock and one curve: the keyboard frame mid-animation follows it.
    @Test func inputViewsAndLayoutShareOneClockAndCurve() {
        let (_, window) = Fixture.window()
        window.onScreenKeyboardPolicy = .always
        window.inputViewAnimation = InputViewAnimation(duration: 0.4, curve: .easeOut)
        let frames = FrameRecorder(window)
        let field = TextField(frame: Rect(x: 0, y: 0, width: 200, height: 30))
        window.addSubview(field)
        field.becomeFirstResponder()
        let show = frames.events[0]
        #expect(show.kind == .willShow && show.duration == 0.4 && show.curve == .easeOut)
        window.advanceTime(by: 0.1)
        let expectedTop = 600 - OnScreenKeyboard.fullHeight * AnimationCurve.easeOut.progress(at: 0.25)
        #expect(abs(window.keyboardFrame.minY - expectedTop) < 0.001)
        #expect(abs(window.inputViewContainer.frame.minY - expectedTop) < 0.001)
    }
}
