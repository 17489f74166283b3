import KeyInputKit
import Testing

/// The engine counted in Unicode scalars, as input methods count: moving
/// and deleting inside a character, and undoing it.
@MainActor
@Suite struct TextEditingEngineScalarTests {
    @Test func movingByScalarsStepsInsideACharacterAndCountsALineBreakAsOne() {
        let engine = TextEditingEngine(text: "e\u{301}x\nyz")  // é as two scalars
        let end = engine.endPosition
        #expect(engine.position(end, movedByScalars: -3) == TextPosition(paragraph: 0, offset: 4))  // z, y, the break
        #expect(engine.position(end, movedByScalars: -4) == TextPosition(paragraph: 0, offset: 3))  // and x
        #expect(engine.position(end, movedByScalars: -5) == TextPosition(paragraph: 0, offset: 1))  // inside é
        #expect(engine.position(end, movedByScalars: -100) == .start)
        #expect(engine.position(.start, movedByScalars: 100) == end)
        // An offset inside a scalar's bytes goes back to the scalar's start.
        #expect(engine.position(TextPosition(paragraph: 0, offset: 2), movedByScalars: 0).offset == 1)
    }

    @Test func deletingOneScalarOfACharacterUndoesAndRedoesExactly() {
        let engine = TextEditingEngine(text: "Vie\u{302}t")
        engine.deleteText(
            from: TextPosition(paragraph: 0, offset: 3), to: TextPosition(paragraph: 0, offset: 5))  // U+0302 alone
        #expect(engine.text == "Viet")
        #expect(engine.selection == TextSelection(caret: TextPosition(paragraph: 0, offset: 4)))  // still after t
        engine.undo()
        #expect(engine.text == "Vie\u{302}t")
        #expect(engine.selection == TextSelection(caret: TextPosition(paragraph: 0, offset: 6)))
        engine.redo()
        #expect(engine.text == "Viet")
        #expect(engine.selection == TextSelection(caret: TextPosition(paragraph: 0, offset: 4)))
    }
}
