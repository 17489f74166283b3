import KeyInputKit
import Testing

// A password deleted is gone: a secure field keeps no undo history (GTK's password entry keeps none).

@MainActor
@Suite struct SecureFieldUndoTests {
    static func field(secure: Bool) -> TextField {
        let window = Window(size: Size(width: 400, height: 300))
        let field = TextField(frame: Rect(x: 10, y: 10, width: 300, height: 32))
        field.textInputTraits.isSecureTextEntry = secure
        window.addSubview(field)
        field.becomeFirstResponder()
        return field
    }

    @Test func undoDoesNotBringADeletedPasswordBack() {
        let field = Self.field(secure: true)
        field.insertText("hunter2")
        field.selectedRange = 0..<7
        field.deleteBackward()
        #expect(field.text.isEmpty)
        #expect(!field.editingEngine.canUndo)
        field.undo()
        #expect(field.text.isEmpty)
    }

    @Test func makingAFieldSecureForgetsWhatItKept() {
        let field = Self.field(secure: false)
        field.insertText("visible")
        #expect(field.editingEngine.canUndo)
        field.textInputTraits.isSecureTextEntry = true
        #expect(!field.editingEngine.canUndo && !field.editingEngine.canRedo)
        field.undo()
        #expect(field.text == "visible")
    }

    @Test func aPlainFieldStillUndoes() {
        let field = Self.field(secure: false)
        field.insertText("hunter2")
        field.selectedRange = 0..<7
        field.deleteBackward()
        field.undo()
        #expect(field.text == "hunter2")
    }
}
