import KeyInputKit
import Testing

/// Key commands and control actions follow one rule: plain closures, called
/// on the main actor, that may capture the app's own objects and closures.
@MainActor
@Suite struct AppStateInActionsTests {
    /// An app's own model: a plain class, not `Sendable`.
    final class Document {
        var saves = 0
    }

    /// An editor that saves on Ctrl+S with the save closure the app gave it.
    final class Editor: View {
        let save: () -> Void
        init(save: @escaping () -> Void) {
            self.save = save
            super.init(frame: Rect(x: 0, y: 0, width: 100, height: 30))
        }
        override var canBecomeFirstResponder: Bool { true }
        override var keyCommands: [KeyCommand] { [KeyCommand(input: "s", modifiers: .control, title: "Save", action: save)] }
    }

    @Test func ctrlSAndASaveButtonBothRunTheAppsOwnSaveClosure() throws {
        let keyboard = try Fixture.keyboard(layout: "us")
        let (_, window) = Fixture.window(keyboard: keyboard)
        let document = Document()
        // Neither @Sendable nor @MainActor: the app's own closure over its own document.
        let save: () -> Void = { document.saves += 1 }
        let saveFromButton: (Control) -> Void = { _ in save() }
        let editor = Editor(save: save)
        let button = Button(title: "Save", frame: Rect(x: 0, y: 100, width: 80, height: 30))
        button.addAction(for: .primaryActionTriggered, saveFromButton)
        window.addSubview(editor)
        window.addSubview(button)
        editor.becomeFirstResponder()
        keyboard.tap("KEY_LEFTCTRL", "KEY_S")
        #expect(document.saves == 1)
        window.click(button)
        #expect(document.saves == 2)
    }
}
