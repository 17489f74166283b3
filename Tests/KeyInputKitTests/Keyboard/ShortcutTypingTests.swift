import KeyInputKit
import Testing
import XKB

/// Control, Alt or Super held without choosing the key's level make a shortcut,
/// and a shortcut types nothing; AltGr chooses the level, so it types.
@MainActor
@Suite struct ShortcutTypingTests {
    /// A text field without its editing commands (Ctrl+A, C, X, V), so that
    /// Ctrl+letter reaches the typing rule instead of a key command.
    final class FieldWithoutCommands: TextField {
        override var keyCommands: [KeyCommand] { [] }
    }

    private func focusedField(layout: String) throws -> (HardwareKeyboard, TextField) {
        let keyboard = try Fixture.keyboard(layout: layout)
        let (_, window) = Fixture.window(keyboard: keyboard)
        let field = FieldWithoutCommands(frame: Rect(x: 0, y: 0, width: 300, height: 30))
        window.addSubview(field)
        field.becomeFirstResponder()
        return (keyboard, field)
    }

    @Test func altATypesNothingOnAUSLayout() throws {
        let (keyboard, field) = try focusedField(layout: "us")
        keyboard.tap("KEY_A")
        keyboard.tap("KEY_LEFTALT", "KEY_A")
        keyboard.tap("KEY_B")
        #expect(field.text == "ab")
    }

    @Test func ctrlEfTypesNothingOnARussianLayoutButEfAloneTypes() throws {
        let (keyboard, field) = try focusedField(layout: "ru")
        keyboard.tap("KEY_A")
        #expect(field.text == "ф")
        keyboard.tap("KEY_LEFTCTRL", "KEY_A")
        #expect(field.text == "ф")
        keyboard.tap("KEY_A")
        #expect(field.text == "фф")
    }

    @Test func altGrChoosesALevelOnGermanSoItsCharactersType() throws {
        let (keyboard, field) = try focusedField(layout: "de")
        keyboard.tap("KEY_RIGHTALT", "KEY_Q")
        keyboard.tap("KEY_RIGHTALT", "KEY_E")
        #expect(field.text == "@€")
    }
}
