import KeyInputKit
import KeyInputKitTesting
import TestSupport
import Testing

/// Text fields and text views as a reader sees them: content, caret and
/// selection in Unicode scalars, and the events typing sends.
@MainActor
@Suite struct TextAccessibilityTests {
    /// A focused field in a window, typed into with a real keymap.
    static func field(layout: String = "us", variant: String? = nil, secure: Bool = false) throws
        -> (TextField, WindowTester, AccessibilityEventRecorder)
    {
        let window = Window(size: Size(width: 400, height: 300))
        window.onScreenKeyboardPolicy = .never
        let field = TextField(
            frame: Rect(x: 10, y: 20, width: 300, height: 30), traits: TextInputTraits(isSecureTextEntry: secure))
        field.identifier = "field"
        window.addSubview(field)
        let tester = try WindowTester(window: window, layout: layout, variant: variant)
        try tester.click(field)
        return (field, tester, AccessibilityEventRecorder(tester.application))
    }

    @Test func typingOnAGermanKeyboardAnnouncesEachCharacterAtItsOffsetAndTheCaretAfterIt() throws {
        let (field, tester, recorder) = try Self.field(layout: "de")
        try tester.type("Grüße")
        #expect(
            recorder.lines("inserted", "caret") == [
                "inserted field 0 \"G\"", "caret field 1", "inserted field 1 \"r\"", "caret field 2",
                "inserted field 2 \"ü\"", "caret field 3", "inserted field 3 \"ß\"", "caret field 4",
                "inserted field 4 \"e\"", "caret field 5",
            ])
        #expect(field.accessibilityTextContent == "Grüße")
        #expect(field.accessibilityCaretOffset == 5)
    }

    @Test func offsetsCountUnicodeScalarsNotBytesOrCharacters() throws {
        let (field, _, recorder) = try Self.field()
        field.insertText("🇩🇪")  // one character, two scalars, eight UTF-8 bytes
        field.insertText("e\u{301}")
        field.insertText("x")
        #expect(recorder.lines("inserted") == ["inserted field 0 \"🇩🇪\"", "inserted field 2 \"é\"", "inserted field 4 \"x\""])
        #expect(field.accessibilityCaretOffset == 5)
        #expect(field.accessibilitySetCaret(2))
        #expect(recorder.lines("caret").last == "caret field 2")
        #expect(field.accessibilityCaretOffset == 2)
    }

    @Test func backSpaceAnnouncesTheDeletedCharacterWithAllItsScalars() throws {
        let (field, tester, recorder) = try Self.field()
        field.insertText("ab🇩🇪")
        recorder.clear()
        try tester.press("BackSpace")
        try tester.press("BackSpace")
        #expect(
            recorder.lines("deleted", "caret") == [
                "deleted field 2 \"🇩🇪\"", "caret field 2", "deleted field 1 \"b\"", "caret field 1",
            ])
    }

    @Test func undoAnnouncesTheTypingItTakesBack() throws {
        let (field, tester, recorder) = try Self.field()
        try tester.type("abc")
        recorder.clear()
        try tester.press("KEY_LEFTCTRL+KEY_Z")
        #expect(field.text.isEmpty)
        #expect(recorder.lines("deleted", "inserted") == ["deleted field 0 \"abc\""])
    }

    @Test func aDeadKeyShowsMarkedTextAndItsCommitIsAnInsertion() throws {
        let (field, tester, recorder) = try Self.field(variant: "intl")
        try tester.press("KEY_APOSTROPHE KEY_E")  // dead_acute, then e
        #expect(field.text == "é")
        #expect(recorder.lines("marked", "inserted") == ["marked field", "marked field", "inserted field 0 \"é\""])
    }

    @Test func anInputMethodsPreeditIsMarkedTextAndItsCommitAnInsertion() throws {
        let (field, _, recorder) = try Self.field()
        // What the input method router does with a Hangul engine's preedit, then its commit.
        field.setMarkedText("가", attributes: MarkedTextAttributes())
        field.setMarkedText("간", attributes: MarkedTextAttributes())
        field.setMarkedText(nil, attributes: MarkedTextAttributes())
        field.insertText("간")
        #expect(recorder.lines("marked", "inserted") == ["marked field", "marked field", "marked field", "inserted field 0 \"간\""])
    }

    @Test func pastingWithControlVAnnouncesThePastedText() throws {
        let (field, tester, recorder) = try Self.field()
        try tester.type("ab")
        Pasteboard.general.string = "🇩🇪x"
        recorder.clear()
        try tester.press("KEY_LEFTCTRL+KEY_V")
        #expect(field.text == "ab🇩🇪x")
        #expect(recorder.lines("inserted", "caret") == ["inserted field 2 \"🇩🇪x\"", "caret field 5"])
    }

    @Test func settingTheTextFromCodeAnnouncesTheOldTextDeletedAndTheNewInserted() throws {
        let (field, _, recorder) = try Self.field()
        field.text = "old"
        recorder.clear()
        field.text = "new"
        #expect(recorder.lines("deleted", "inserted", "caret") == ["deleted field 0 \"old\"", "inserted field 0 \"new\""])
    }

    @Test func aSecureFieldNeverGivesItsTextAway() throws {
        let (field, tester, recorder) = try Self.field(secure: true)
        try tester.type("pw")
        #expect(field.accessibilityRole == .secureTextField)
        #expect(field.accessibilityTextContent == "••")
        #expect(recorder.lines("inserted") == ["inserted field 0 \"•\"", "inserted field 1 \"•\""])
    }

    @Test func aReaderCanSelectInsertAndDeleteByScalarOffsets() throws {
        let (field, _, recorder) = try Self.field()
        field.insertText("hello")
        recorder.clear()
        #expect(field.accessibilitySetSelection(1..<3))
        #expect(field.accessibilitySelection == 1..<3)
        #expect(field.selectedText == "el")
        #expect(recorder.lines("selection") == ["selection field"])
        #expect(field.accessibilityInsert("X", at: 5))
        #expect(field.accessibilityDelete(0..<1))
        #expect(field.text == "elloX")
        #expect(recorder.lines("inserted", "deleted") == ["inserted field 5 \"X\"", "deleted field 0 \"h\""])
        #expect(field.accessibilitySetText("new"))
        #expect(field.text == "new")
        #expect(!field.accessibilityInsert("X", at: 4))
        #expect(!field.accessibilityDelete(2..<9))
        #expect(!field.accessibilitySetCaret(-1))
        field.isEnabled = false
        #expect(!field.accessibilityInsert("X", at: 0))
        #expect(field.text == "new")
    }

    @Test func characterFramesAreInWindowCoordinatesLeftToRight() throws {
        let (field, _, _) = try Self.field()
        field.insertText("ab")
        let first = try #require(field.accessibilityCharacterFrame(at: 0))
        let second = try #require(field.accessibilityCharacterFrame(at: 1))
        #expect(first.width > 0 && first.height > 0)
        #expect(first.minX >= field.frame.minX && first.maxY <= field.frame.maxY && first.minY >= field.frame.minY)
        #expect(second.minX >= first.maxX - 0.001)
        #expect(field.accessibilityCharacterFrame(at: 2) == nil)
    }

    @Test func aTextViewIsMultiLineAndCountsALineBreakAsOneCharacter() throws {
        let window = Window(size: Size(width: 400, height: 300))
        let view = TextView(frame: Rect(x: 0, y: 0, width: 300, height: 100), text: "a\nb")
        window.addSubview(view)
        #expect(view.accessibilityRole == .textView)
        #expect(view.accessibilityStates.contains(.multiLine))
        #expect(view.accessibilityCaretOffset == 3)
        let lineBreak = try #require(view.accessibilityCharacterFrame(at: 1))
        let b = try #require(view.accessibilityCharacterFrame(at: 2))
        #expect(b.minY > lineBreak.minY)
    }
}
