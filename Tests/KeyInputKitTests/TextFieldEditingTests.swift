import KeyInputKit
import Testing
import XKB

/// Typing and BackSpace at the end of a field take a fast path; these check
/// it gives what editing in the middle (the general path) gives.
@MainActor
@Suite struct TextFieldEditingTests {
    /// A field in a window, first responder, holding `text` with the caret at the end.
    func field(_ text: String) -> TextField {
        let window = Window(size: Size(width: 400, height: 300))
        let field = TextField(frame: Rect(x: 0, y: 0, width: 300, height: 24))
        window.addSubview(field)
        _ = field.becomeFirstResponder()
        field.insertText(text)
        return field
    }

    @Test func typingAtTheEndAppendsAndMovesTheCaret() {
        let field = field("ab")
        field.insertText("c")
        field.insertText("dé")
        #expect(field.text == "abcdé")
        #expect(field.caret == 5)
    }

    @Test func aCombiningMarkTypedAtTheEndJoinsTheLastCharacter() {
        let field = field("cafe")
        field.insertText("\u{301}")
        #expect(Array(field.text.unicodeScalars) == Array("cafe\u{301}".unicodeScalars))
        #expect(field.text.count == 4)
        #expect(field.caret == 4)
        field.insertText("!")
        #expect(field.caret == 5)
    }

    /// One ASCII character typed at the end is counted without grapheme
    /// breaking only after an ASCII scalar: after a prepended mark it joins.
    @Test func anASCIICharacterTypedAtTheEndIsCountedRight() {
        let prepended = field("\u{600}")  // ARABIC NUMBER SIGN joins the character after it
        prepended.insertText("1")
        #expect(prepended.text.count == 1)
        #expect(prepended.caret == 1)
        let accented = field("é")
        accented.insertText("x")
        accented.insertText(" ")
        #expect(accented.text.count == 3)
        #expect(accented.caret == 3)
        accented.deleteBackward()
        #expect(accented.text == "éx")
        #expect(accented.caret == 2)
    }

    @Test func aSecondRegionalIndicatorMakesOneFlag() {
        let field = field("\u{1F1FA}")
        field.insertText("\u{1F1F8}")
        #expect(field.text == "🇺🇸")
        #expect(field.caret == 1)
        field.deleteBackward()
        #expect(field.text == "")
        #expect(field.caret == 0)
    }

    @Test func deleteBackwardAtTheEndRemovesOneCharacter() {
        let field = field("naïve 👍🏽")
        field.deleteBackward()
        #expect(field.text == "naïve ")
        #expect(field.caret == 6)
        field.deleteBackward()
        field.deleteBackward()
        #expect(field.text == "naïv")
        #expect(field.caret == 4)
    }

    @Test func editingAtTheEndAfterSettingTextAndMovingTheCaret() {
        let field = field("hello")
        field.text = "hi"
        #expect(field.caret == 2)
        field.insertText("!")
        #expect(field.text == "hi!")
        #expect(field.caret == 3)
    }

    @Test func aSelectionReachingTheEndIsReplaced() {
        let field = field("hello world")
        field.selectAll()
        field.insertText("bye")
        #expect(field.text == "bye")
        #expect(field.caret == 3)
        #expect(field.selection == nil)
    }

    @Test func typingInTheMiddleStillInserts() {
        let field = field("ac")
        let left = KeyPress(
            keycode: Keycode(evdev: 105), phase: .began, keysyms: Keysyms(.left), characters: "",
            charactersIgnoringModifiers: "", modifiers: [])
        field.pressesBegan(left)
        field.insertText("b")
        #expect(field.text == "abc")
        #expect(field.caret == 2)
    }
}
