import KeyInputKit
import Testing
import XKB

/// A text field as a person uses it: real keymaps through the window's key
/// routing, pointer events through the window, the pasteboards, the caret's
/// blink on the window's clock, and sideways scrolling.
@MainActor
@Suite struct TextFieldTests {
    /// A focused 300×30 field at the window's top-left corner, typed into on `layout`.
    func typingField(layout: String = "us", options: String? = nil, width: Double = 300) throws
        -> (HardwareKeyboard, Window, TextField, Application)
    {
        let keyboard = try Fixture.keyboard(layout: layout, options: options)
        let (application, window) = Fixture.window(keyboard: keyboard)
        let field = TextField(frame: Rect(x: 0, y: 0, width: width, height: 30))
        window.addSubview(field)
        #expect(field.becomeFirstResponder())
        return (keyboard, window, field, application)
    }

    /// The x of the boundary before grapheme `column`, in window coordinates (4 points of padding, 8 a cell).
    func x(_ column: Double) -> Double { 4 + column * 8 }

    // MARK: Keys

    @Test func shiftAndControlArrowsSelectWordsAndTypingReplacesThem() throws {
        let (keyboard, _, field, _) = try typingField()
        field.text = "hello brave world"
        keyboard.tap("KEY_LEFTCTRL", "KEY_LEFT")
        keyboard.tap("KEY_LEFTCTRL", "KEY_LEFTSHIFT", "KEY_LEFT")
        #expect(field.selectedText == "brave ")
        keyboard.tap("KEY_LEFTSHIFT", "KEY_RIGHT")
        #expect(field.selectedText == "rave ")
        keyboard.type(["KEY_N", "KEY_E", "KEY_W", "KEY_SPACE"])
        #expect(field.text == "hello bnew world")
        keyboard.tap("KEY_HOME")
        #expect(field.caret == 0)
        keyboard.tap("KEY_LEFTSHIFT", "KEY_END")
        #expect(field.selectedText == field.text)
    }

    @Test func deleteAndControlBackspaceAndControlDeleteDeleteByClusterAndWord() throws {
        let (keyboard, _, field, _) = try typingField()
        field.text = "one two three"
        keyboard.tap("KEY_LEFTCTRL", "KEY_BACKSPACE")
        #expect(field.text == "one two ")
        keyboard.tap("KEY_HOME")
        keyboard.tap("KEY_DELETE")
        #expect(field.text == "ne two ")
        keyboard.tap("KEY_LEFTCTRL", "KEY_DELETE")
        #expect(field.text == " two ")
    }

    @Test func controlZUndoesARunOfTypingOnARussianLayoutToo() throws {
        let (keyboard, _, field, _) = try typingField(layout: "us,ru", options: "grp:alt_shift_toggle")
        keyboard.type(["KEY_H", "KEY_I", "KEY_SPACE"])
        keyboard.tap("KEY_LEFTALT", "KEY_LEFTSHIFT")  // switch to Russian
        keyboard.tap("KEY_LEFTCTRL", "KEY_LEFT")  // ends the run of typing
        keyboard.tap("KEY_END")
        keyboard.type(["KEY_G", "KEY_H", "KEY_B"])
        #expect(field.text == "hi при")
        keyboard.tap("KEY_LEFTCTRL", "KEY_Z")  // Ctrl+я
        #expect(field.text == "hi ")
        keyboard.tap("KEY_LEFTCTRL", "KEY_LEFTSHIFT", "KEY_Z")
        #expect(field.text == "hi при")
        keyboard.tap("KEY_LEFTCTRL", "KEY_Z")
        keyboard.tap("KEY_LEFTCTRL", "KEY_Z")
        #expect(field.text == "")
        keyboard.tap("KEY_LEFTCTRL", "KEY_Y")  // Ctrl+н
        #expect(field.text == "hi ")
    }

    @Test func cutAndPasteAreUndoStepsOfTheirOwn() throws {
        let (keyboard, _, field, _) = try typingField()
        keyboard.type(["KEY_A", "KEY_B", "KEY_SPACE", "KEY_C", "KEY_D"])
        keyboard.tap("KEY_LEFTCTRL", "KEY_LEFTSHIFT", "KEY_LEFT")
        keyboard.tap("KEY_LEFTCTRL", "KEY_X")
        #expect(field.text == "ab ")
        #expect(Pasteboard.general.string == "cd")
        keyboard.tap("KEY_HOME")
        keyboard.tap("KEY_LEFTCTRL", "KEY_V")
        keyboard.type(["KEY_E"])
        #expect(field.text == "cdeab ")
        keyboard.tap("KEY_LEFTCTRL", "KEY_Z")
        #expect(field.text == "cdab ", "the typing after the paste")
        keyboard.tap("KEY_LEFTCTRL", "KEY_Z")
        #expect(field.text == "ab ", "the paste")
        keyboard.tap("KEY_LEFTCTRL", "KEY_Z")
        #expect(field.text == "ab cd", "the cut")
        #expect(field.selectedText == "cd", "with the text that was cut selected again")
        keyboard.tap("KEY_LEFTCTRL", "KEY_Z")
        #expect(field.text == "", "the first run of typing")
    }

    @Test func textPastedFromAnotherProgramArrivesLaterAndKeysPressedMeanwhileFollowIt() throws {
        /// Another program's clipboard: it answers when the test says so, as an X11 owner answers.
        final class LateOwner: PasteboardBackend {
            var pending: [@MainActor (String?) -> Void] = []
            func pasteboard(_ pasteboard: Pasteboard, didSetString string: String?) {}
            func pasteboard(_ pasteboard: Pasteboard, requestString completion: @escaping @MainActor (String?) -> Void) {
                pending.append(completion)
            }
        }
        let (keyboard, _, field, _) = try typingField()
        let owner = LateOwner()
        let clipboard = Pasteboard(name: .clipboard)
        clipboard.backend = owner
        keyboard.type(["KEY_A", "KEY_B"])
        field.paste(from: clipboard)
        #expect(field.text == "ab", "nothing yet")
        // Home waits for the paste: the text goes where the caret was at Ctrl+V, then Home moves the caret.
        keyboard.tap("KEY_HOME")
        #expect(field.caret == 2)
        owner.pending.first?("pasted ")
        #expect(field.text == "abpasted ")
        #expect(field.caret == 0)
    }

    @Test func everyBindingIsAKeyCommandAnAppCanReplace() throws {
        final class NoUndoField: TextField {
            var undos = 0
            override var keyCommands: [KeyCommand] {
                super.keyCommands.filter { $0.title != "Undo" }
                    + [
                        KeyCommand(input: "z", modifiers: .control, title: "Custom Undo") { [unowned self] in
                            self.undos += 1
                        }
                    ]
            }
        }
        let keyboard = try Fixture.keyboard(layout: "us")
        let (_, window) = Fixture.window(keyboard: keyboard)
        let field = NoUndoField(frame: Rect(x: 0, y: 0, width: 300, height: 30))
        window.addSubview(field)
        field.becomeFirstResponder()
        let titles = TextField().keyCommands.map(\.title)
        for title in [
            "Left", "Select Word Left", "Line End", "Delete", "Delete Word Backward", "Undo", "Redo", "Paste",
        ] {
            #expect(titles.contains(title), "\(title)")
        }
        keyboard.type(["KEY_A"])
        keyboard.tap("KEY_LEFTCTRL", "KEY_Z")
        #expect(field.text == "a")
        #expect(field.undos == 1)
        field.perform(.undo)
        #expect(field.text == "")
    }

    // MARK: Pointer

    @Test func aClickPutsTheCaretAtTheNearestBoundary() throws {
        let (_, window, field, _) = try typingField()
        field.text = "hello"
        window.sendPointerEvent(PointerEvent(.down, at: Point(x: x(2) + 3, y: 15)))
        window.sendPointerEvent(PointerEvent(.up, at: Point(x: x(2) + 3, y: 15)))
        #expect(field.caret == 2)
        window.sendPointerEvent(PointerEvent(.down, at: Point(x: x(2) + 5, y: 15)))
        #expect(field.caret == 3)
        window.sendPointerEvent(PointerEvent(.down, at: Point(x: 280, y: 15)))
        #expect(field.caret == 5, "past the end: the end")
    }

    @Test func aDragSelectsAndATripleClickSelectsAll() throws {
        let (_, window, field, _) = try typingField()
        field.text = "hello world"
        window.sendPointerEvent(PointerEvent(.down, at: Point(x: x(1), y: 15)))
        window.sendPointerEvent(PointerEvent(.dragged, at: Point(x: x(4), y: 15)))
        #expect(field.selectedText == "ell")
        window.sendPointerEvent(PointerEvent(.dragged, at: Point(x: 0, y: 15)))
        #expect(field.selectedText == "h", "back past the anchor")
        window.sendPointerEvent(PointerEvent(.up, at: Point(x: 0, y: 15)))
        #expect(Pasteboard.selection.string == "h", "selecting offers the primary selection")
        window.sendPointerEvent(PointerEvent(.down, at: Point(x: x(7), y: 15), clickCount: 3))
        #expect(field.selectedText == "hello world")
    }

    @Test func aMiddleClickPastesThePrimarySelectionWhereItClicks() throws {
        let (_, window, field, _) = try typingField()
        field.text = "held"
        Pasteboard.selection.string = "LLO WOR"
        window.sendPointerEvent(PointerEvent(.down, at: Point(x: x(2), y: 15), button: 2))
        #expect(field.text == "heLLO WORld")
        #expect(field.caret == "heLLO WOR".utf8.count)
    }

    @Test func selectingWithShiftOffersThePrimarySelection() throws {
        let (keyboard, _, field, _) = try typingField()
        field.text = "copy me"
        Pasteboard.selection.string = nil
        keyboard.tap("KEY_LEFTCTRL", "KEY_LEFTSHIFT", "KEY_LEFT")
        #expect(Pasteboard.selection.string == "me")
    }

    // MARK: Secure entry

    @Test func secureTextNeverReachesEitherPasteboard() throws {
        let (keyboard, window, field, _) = try typingField()
        field.textInputTraits = TextInputTraits(isSecureTextEntry: true)
        keyboard.type(["KEY_S", "KEY_E", "KEY_C", "KEY_R", "KEY_E", "KEY_T"])
        Pasteboard.general.string = "general"
        Pasteboard.selection.string = "primary"
        keyboard.tap("KEY_LEFTSHIFT", "KEY_HOME")
        keyboard.tap("KEY_LEFTCTRL", "KEY_A")
        keyboard.tap("KEY_LEFTCTRL", "KEY_C")
        keyboard.tap("KEY_LEFTCTRL", "KEY_X")
        window.sendPointerEvent(PointerEvent(.down, at: Point(x: x(1), y: 15)))
        window.sendPointerEvent(PointerEvent(.dragged, at: Point(x: x(5), y: 15)))
        window.sendPointerEvent(PointerEvent(.up, at: Point(x: x(5), y: 15)))
        window.sendPointerEvent(PointerEvent(.down, at: Point(x: x(2), y: 15), clickCount: 2))
        #expect(Pasteboard.general.string == "general")
        #expect(Pasteboard.selection.string == "primary")
        #expect(field.text == "secret", "cut refused: nothing deleted")
        let canvas = TextCanvas(size: window.frame.size)
        window.render(to: canvas)
        #expect(canvas.rendering.contains("••••••"))
        #expect(!canvas.rendering.contains("secret"))
    }

    @Test func secureEntryMovesAndDeletesByCharacterOverItsBullets() throws {
        let (keyboard, window, field, _) = try typingField()
        field.textInputTraits = TextInputTraits(isSecureTextEntry: true)
        field.text = "pä👍🏽s"
        keyboard.tap("KEY_LEFT")
        keyboard.tap("KEY_BACKSPACE")
        #expect(field.text == "päs")
        window.sendPointerEvent(PointerEvent(.down, at: Point(x: x(1), y: 15)))
        #expect(field.caret == 1)
        keyboard.tap("KEY_DELETE")
        #expect(field.text == "ps")
    }

    // MARK: Caret

    @Test func theCaretBlinksOnTheWindowClockAndHoldsSteadyWhileTyping() throws {
        let (keyboard, window, field, _) = try typingField()
        keyboard.type(["KEY_A"])
        #expect(field.isCaretVisible)
        #expect(window.nextRedrawTime == 0.5)
        window.advanceTime(to: 0.4)
        #expect(field.isCaretVisible)
        window.advanceTime(to: 0.6)
        #expect(!field.isCaretVisible, "off for the second half second")
        #expect(window.nextRedrawTime == 1.0)
        keyboard.type(["KEY_B"])
        #expect(field.isCaretVisible, "typing shows it again at once")
        #expect(window.nextRedrawTime == 1.1)
        window.advanceTime(to: 1.0)
        #expect(field.isCaretVisible, "and holds it through the next half second")
        window.advanceTime(to: 20)
        #expect(field.isCaretVisible, "after ten idle seconds it stops blinking, on")
        #expect(window.nextRedrawTime == nil)
    }

    @Test func withBlinkingOffTheCaretAlwaysShowsAndNoRedrawIsDue() throws {
        let (_, window, field, _) = try typingField()
        window.caretBlinks = false
        field.insertText("a")
        window.advanceTime(to: 0.7)
        #expect(field.isCaretVisible)
        #expect(window.nextRedrawTime == nil)
        field.resignFirstResponder()
        #expect(!field.isCaretVisible, "no caret without focus")
    }

    @Test func theCaretRectIsTwoPointsWideAtTheLayoutsCaret() throws {
        let (_, _, field, _) = try typingField()
        field.text = "abc"
        let caret = try #require(field.caretRect)
        #expect(caret == Rect(x: x(3), y: 7, width: 2, height: 16))
    }

    // MARK: Scrolling

    @Test func aLongTextScrollsToKeepTheCaretVisibleWithoutAnEllipsis() throws {
        let (keyboard, window, field, _) = try typingField(width: 100)
        for _ in 0..<3 { keyboard.type(["KEY_A", "KEY_B", "KEY_C", "KEY_D", "KEY_E", "KEY_F", "KEY_G", "KEY_H"]) }
        keyboard.type(["KEY_X", "KEY_Y", "KEY_Z"])
        let caret = try #require(field.caretRect)
        #expect(field.contentOffset.x > 0)
        #expect(caret.minX >= 4 && caret.maxX <= 96, "the caret is inside the field")
        let canvas = TextCanvas(size: window.frame.size)
        window.render(to: canvas)
        #expect(canvas.rendering.contains("xyz"), "the end of the text shows")
        #expect(!canvas.rendering.contains("…"))
        keyboard.tap("KEY_HOME")
        #expect(field.contentOffset.x == 0)
        let start = TextCanvas(size: window.frame.size)
        window.render(to: start)
        #expect(start.rendering.contains("abcdefgh"))
    }
}
