import KeyInputKit
import Testing
import XKB

/// What an input method reads and deletes around the caret, through the window's router.
@MainActor
@Suite struct SurroundingTextTests {
    let keyboard: HardwareKeyboard
    let application: Application
    let window: Window
    let field = LoggingField(frame: Rect(x: 10, y: 10, width: 300, height: 30))
    let view = TextView(frame: Rect(x: 10, y: 60, width: 300, height: 100))
    let method = ScriptedInputMethod()

    init() throws {
        keyboard = try Fixture.keyboard(layout: "us")
        (application, window) = Fixture.window(keyboard: keyboard)
        window.addSubview(field)
        window.addSubview(view)
        field.becomeFirstResponder()
        window.inputMethod = method
    }

    @Test func nothingIsSentUntilTheEngineAsks() {
        field.text = "xin chào"
        keyboard.type(["KEY_A"])
        #expect(method.surroundingTexts.isEmpty)
        method.send(.surroundingTextRequested)
        #expect(method.surroundingTexts == [SurroundingText(text: "xin chàoa", cursor: 9)])
    }

    @Test func theTextAfterTheCaretAndTheSelectionAreSentInScalars() {
        field.text = "cafe\u{301} noir"  // é as e + U+0301: two scalars, one character
        field.selectedRange = 0..<6  // "café" selected, the caret after it
        method.send(.surroundingTextRequested)
        #expect(method.surroundingTexts.last == SurroundingText(text: "cafe\u{301} noir", cursor: 5, anchor: 0))
    }

    @Test func aChangeIsSentAgainOnceTheEngineAskedAndAnUnchangedTextIsNot() {
        method.send(.surroundingTextRequested)
        keyboard.type(["KEY_A", "KEY_B"])
        keyboard.tap("KEY_LEFT")
        #expect(
            method.surroundingTexts == [
                SurroundingText(text: "", cursor: 0), SurroundingText(text: "a", cursor: 1),
                SurroundingText(text: "ab", cursor: 2), SurroundingText(text: "ab", cursor: 1),
            ])
        keyboard.tap("KEY_LEFT")
        keyboard.tap("KEY_LEFT")  // at the start already: nothing changed, nothing sent
        #expect(method.surroundingTexts.count == 5)
    }

    @Test func aTextViewSendsTheCaretsParagraphAndFocusSendsItAgain() {
        method.send(.surroundingTextRequested)
        view.text = "first line\nsecond"
        view.becomeFirstResponder()
        #expect(method.surroundingTexts.last == SurroundingText(text: "second", cursor: 6))
        view.selectedRange = 3..<14  // from "first" to "sec|ond": the anchor is cut at the paragraph's start
        #expect(method.surroundingTexts.last == SurroundingText(text: "second", cursor: 3, anchor: 0))
    }

    @Test func aLongParagraphIsCutAroundTheCaret() throws {
        method.send(.surroundingTextRequested)
        field.text = String(repeating: "a", count: 3000) + "|" + String(repeating: "b", count: 3000)
        field.selectedRange = 3001..<3001
        let sent = try #require(method.surroundingTexts.last)
        #expect(sent.text.unicodeScalars.count == SurroundingText.limit)
        #expect(sent.cursor == SurroundingText.limit / 2)
        #expect(Array(sent.text.unicodeScalars)[sent.cursor - 1] == "|")
    }

    @Test func theMarkedTextIsNotPartOfIt() {
        field.text = "ab"
        method.send(.surroundingTextRequested)
        method.send(.preedit("xy", MarkedTextAttributes()))
        #expect(field.markedText == "xy")
        #expect(method.surroundingTexts == [SurroundingText(text: "ab", cursor: 2)])
    }

    @Test func secureEntrySendsNothing() {
        method.send(.surroundingTextRequested)
        field.text = "secret"
        field.textInputTraits.isSecureTextEntry = true
        let count = method.surroundingTexts.count
        field.insertText("x")
        #expect(method.surroundingTexts.count == count)
    }

    @Test(arguments: [
        // (text, caret as a UTF-8 offset, offset, count, text after, caret after)
        ("xin chào", 9, -4, 4, "xin ", 4),  // before the caret, ending at it
        ("xin chào", 4, 0, 3, "xin o", 4),  // after the caret: c h a
        ("xin chào", 9, -7, 2, "x chào", 7),  // before the caret, not reaching it: the caret moves with the text
        ("abcdef", 3, -1, 2, "abef", 2),  // across the caret
        ("abc", 1, -2, 3, "c", 0),  // clamped at the start
        ("abc", 1, -5, 3, "abc", 1),  // wholly before the text: nothing
        ("abc", 1, 0, 100, "a", 1),  // clamped at the end
    ])
    func deleteSurroundingDeletesThoseScalars(
        text: String, caret: Int, offset: Int, count: Int, expected: String, caretAfter: Int
    ) {
        field.text = text
        field.selectedRange = caret..<caret
        method.send(.deleteSurrounding(offset: offset, count: count))
        #expect(field.text == expected)
        #expect(field.caret == caretAfter)
    }

    @Test func deleteSurroundingTakesOneScalarOfACharacter() {
        field.text = "Vie\u{302}"  // ê as e + U+0302, one character
        method.send(.deleteSurrounding(offset: -1, count: 1))
        #expect(field.text == "Vie")
        #expect(!field.log.contains("deleteBackward"))  // deleteBackward would take the whole ê
    }

    @Test func deleteSurroundingAcrossALineBreakCountsItAsOneScalar() {
        view.text = "ab\ncd"
        view.becomeFirstResponder()
        view.selectedRange = 4..<4  // after "c"
        method.send(.deleteSurrounding(offset: -3, count: 2))  // "b" and the line break
        #expect(view.text == "acd")
        #expect(view.caret == 2)
    }

    @Test func deleteSurroundingIsOneUndoStepAndSendsEditingChanged() {
        var changes = 0
        field.addAction(for: .editingChanged) { _ in changes += 1 }
        keyboard.type(["KEY_A", "KEY_B", "KEY_C", "KEY_D"])
        field.selectedRange = 1..<1
        method.send(.deleteSurrounding(offset: 0, count: 2))
        #expect(field.text == "ad")
        #expect(changes == 5)
        field.editingEngine.undo()
        #expect(field.text == "abcd")
        #expect(field.caret == 1)
        field.editingEngine.undo()
        #expect(field.text == "")
    }

    @Test func aPlainKeyInputGetsTheTextBeforeTheCaretAndDeletesOnlyUpToIt() {
        final class Plain: View, KeyInput {
            var text = "xin chào"
            override var canBecomeFirstResponder: Bool { true }
            var hasText: Bool { !text.isEmpty }
            func insertText(_ inserted: String) { text += inserted }
            func deleteBackward() { _ = text.unicodeScalars.popLast() }
            var documentContextBeforeInput: String? { text }
        }
        let plain = Plain(frame: Rect(x: 10, y: 200, width: 100, height: 30))
        window.addSubview(plain)
        method.send(.surroundingTextRequested)
        plain.becomeFirstResponder()
        #expect(method.surroundingTexts.last == SurroundingText(text: "xin chào", cursor: 8))
        method.send(.deleteSurrounding(offset: 0, count: 1))  // after the caret: it cannot, nothing lost
        method.send(.deleteSurrounding(offset: -4, count: 1))  // away from the caret: the same
        #expect(plain.text == "xin chào")
        method.send(.deleteSurrounding(offset: -4, count: 4))
        #expect(plain.text == "xin ")
    }

    @Test func aReturningDaemonMustAskAgain() {
        method.send(.surroundingTextRequested)
        method.isAvailable = false
        method.send(.availabilityChanged(false))
        method.isAvailable = true
        method.send(.availabilityChanged(true))
        let count = method.surroundingTexts.count
        keyboard.type(["KEY_A"])
        #expect(method.surroundingTexts.count == count)
    }
}
