import KeyInputKit
import Testing
import XKB

/// Typing and BackSpace at the end of a field, with characters that join
/// the one before them: the text and the caret (a UTF-8 offset, on a
/// grapheme boundary) come out as a person expects.
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
        #expect(field.caret == "abcdé".utf8.count)
    }

    @Test func aCombiningMarkTypedAtTheEndJoinsTheLastCharacter() {
        let field = field("cafe")
        field.insertText("\u{301}")
        #expect(Array(field.text.unicodeScalars) == Array("cafe\u{301}".unicodeScalars))
        #expect(field.text.count == 4)
        #expect(field.caret == "cafe\u{301}".utf8.count)
        field.insertText("!")
        #expect(field.caret == "cafe\u{301}!".utf8.count)
    }

    /// One ASCII character typed at the end is counted without grapheme
    /// breaking only after an ASCII scalar: after a prepended mark it joins.
    @Test func anASCIICharacterTypedAtTheEndIsCountedRight() {
        let prepended = field("\u{600}")  // ARABIC NUMBER SIGN joins the character after it
        prepended.insertText("1")
        #expect(prepended.text.count == 1)
        #expect(prepended.caret == "\u{600}1".utf8.count)
        let accented = field("é")
        accented.insertText("x")
        accented.insertText(" ")
        #expect(accented.text.count == 3)
        #expect(accented.caret == "éx ".utf8.count)
        accented.deleteBackward()
        #expect(accented.text == "éx")
        #expect(accented.caret == "éx".utf8.count)
    }

    @Test func aSecondRegionalIndicatorMakesOneFlag() {
        let field = field("\u{1F1FA}")
        field.insertText("\u{1F1F8}")
        #expect(field.text == "🇺🇸")
        #expect(field.caret == "🇺🇸".utf8.count)
        field.deleteBackward()
        #expect(field.text == "")
        #expect(field.caret == 0)
    }

    @Test func deleteBackwardAtTheEndRemovesOneCharacter() {
        let field = field("naïve 👍🏽")
        field.deleteBackward()
        #expect(field.text == "naïve ")
        #expect(field.caret == "naïve ".utf8.count)
        field.deleteBackward()
        field.deleteBackward()
        #expect(field.text == "naïv")
        #expect(field.caret == "naïv".utf8.count)
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
        #expect(field.selectedRange.isEmpty)
    }

    @Test func typingInTheMiddleStillInserts() {
        let window = Window(size: Size(width: 400, height: 300))
        let field = TextField(frame: Rect(x: 0, y: 0, width: 300, height: 24))
        window.addSubview(field)
        _ = field.becomeFirstResponder()
        field.insertText("ac")
        let left = KeyPress(
            keycode: Keycode(evdev: 105), phase: .began, keysyms: Keysyms(.left), characters: "",
            charactersIgnoringModifiers: "", modifiers: [])
        window.sendKeyPress(left)
        field.insertText("b")
        #expect(field.text == "abc")
        #expect(field.caret == 2)
    }
}
