import KeyInputKit
import Testing

/// A run of typing keeps no text per key: its undo step reads the run back from the text
/// when it is needed. Every edit that could change the run first takes its text, so undo
/// gives back exactly what was there, whatever comes after the run.
@MainActor
@Suite struct TypingRunUndoTests {
    private func typed(_ text: String, into engine: TextEditingEngine) {
        for character in text { engine.insertText(String(character)) }
    }

    @Test func typingInsideTheRunUndoesToTheRunThenToNothing() {
        let engine = TextEditingEngine()
        typed("abc", into: engine)
        engine.move(.left)
        typed("X", into: engine)
        #expect(engine.text == "abXc")
        engine.undo()
        #expect(engine.text == "abc")
        engine.undo()
        #expect(engine.text == "")
        engine.redo()
        engine.redo()
        #expect(engine.text == "abXc")
    }

    @Test func backSpaceAfterTheRunIsAStepOfItsOwn() {
        let engine = TextEditingEngine()
        typed("abc", into: engine)
        engine.deleteBackward()
        engine.deleteBackward()
        #expect(engine.text == "a")
        engine.undo()
        #expect(engine.text == "abc")
        engine.undo()
        #expect(engine.text == "")
    }

    @Test func aLineBreakEndsTheRunAndStartsAStep() {
        let engine = TextEditingEngine()
        typed("ab", into: engine)
        engine.insertText("\n")
        typed("cd", into: engine)
        #expect(engine.paragraphs == ["ab", "cd"])
        engine.undo()
        #expect(engine.text == "ab\n")
        engine.undo()
        #expect(engine.text == "ab")
        engine.undo()
        #expect(engine.text == "")
    }

    @Test func undoInTheMiddleOfARunThenTypingAgain() {
        let engine = TextEditingEngine()
        typed("first", into: engine)
        engine.undo()
        typed("second", into: engine)
        engine.insertText("!", kind: .other)  // a paste after the run
        #expect(engine.text == "second!")
        engine.undo()
        #expect(engine.text == "second")
        engine.undo()
        #expect(engine.text == "")
        engine.redo()
        #expect(engine.text == "second")
    }

    @Test func replacingTheRunWithASelectionGivesItBack() {
        let engine = TextEditingEngine()
        typed("hello world", into: engine)
        engine.move(.wordLeft, extending: true)
        typed("you", into: engine)
        #expect(engine.text == "hello you")
        engine.undo()
        #expect(engine.text == "hello world")
        #expect(engine.selectedText == "world")
        engine.undo()
        #expect(engine.text == "")
    }

    @Test func settingTheTextForgetsAPendingRun() {
        let engine = TextEditingEngine()
        typed("draft", into: engine)
        engine.text = "sent"
        #expect(!engine.canUndo)
        typed("!", into: engine)
        engine.undo()
        #expect(engine.text == "sent")
    }
}
