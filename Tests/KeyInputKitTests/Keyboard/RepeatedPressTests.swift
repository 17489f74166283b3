import KeyInputKit
import TestSupport
import Testing
import XKB

/// A second press of a key without a release between (a lost release) is a repeat.
@MainActor
@Suite struct RepeatedPressTests {
    /// A form that offers Ctrl+S (does not repeat) and Ctrl+D (repeats), around a field.
    final class Form: View {
        var saves = 0
        var duplicates = 0
        override var keyCommands: [KeyCommand] {
            [
                KeyCommand(input: "s", modifiers: .control, title: "Save") { [weak self] in self?.saves += 1 },
                KeyCommand(input: "d", modifiers: .control, title: "Duplicate", repeats: true) { [weak self] in
                    self?.duplicates += 1
                },
            ]
        }
    }

    private func setUp() throws -> (HardwareKeyboard, Form, LoggingField) {
        let keyboard = try Fixture.keyboard(layout: "us", repeatSettings: KeyRepeatSettings(isEnabled: false))
        let (_, window) = Fixture.window(keyboard: keyboard)
        let form = Form(frame: Rect(x: 0, y: 0, width: 400, height: 400))
        let field = LoggingField(frame: Rect(x: 0, y: 0, width: 300, height: 30))
        form.addSubview(field)
        window.addSubview(form)
        field.becomeFirstResponder()
        return (keyboard, form, field)
    }

    @Test func theFieldGetsTheCharacterAgainAndThePressIsMarkedARepeat() throws {
        let (keyboard, _, field) = try setUp()
        keyboard.handleKey(key("KEY_A"), direction: .down, at: 0)
        keyboard.handleKey(key("KEY_A"), direction: .down, at: 0.1)
        keyboard.handleKey(key("KEY_A"), direction: .up, at: 0.2)
        #expect(field.text == "aa")
        #expect(field.beganPresses.map(\.isRepeat) == [false, true])

        keyboard.tap("KEY_A", at: 0.3)  // after the release, a new press
        #expect(field.text == "aaa")
        #expect(field.beganPresses.map(\.isRepeat) == [false, true, false])
    }

    @Test func keyCommandsFireOnceUnlessTheyRepeat() throws {
        let (keyboard, form, field) = try setUp()
        keyboard.handleKey(key("KEY_LEFTCTRL"), direction: .down, at: 0)
        keyboard.handleKey(key("KEY_S"), direction: .down, at: 0)
        keyboard.handleKey(key("KEY_S"), direction: .down, at: 0.1)
        keyboard.handleKey(key("KEY_S"), direction: .up, at: 0.2)
        #expect(form.saves == 1)

        keyboard.handleKey(key("KEY_D"), direction: .down, at: 0.3)
        keyboard.handleKey(key("KEY_D"), direction: .down, at: 0.4)
        keyboard.handleKey(key("KEY_D"), direction: .up, at: 0.5)
        keyboard.handleKey(key("KEY_LEFTCTRL"), direction: .up, at: 0.5)
        #expect(form.duplicates == 2)
        #expect(field.text == "")
    }
}
