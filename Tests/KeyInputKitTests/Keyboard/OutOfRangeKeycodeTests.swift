import KeyInputKit
import Testing
import XKB

/// Keycodes a keymap does not have — below evdev's range, past the keymap's
/// maximum, the largest a `UInt32` holds — come from broken hosts and
/// devices. They type nothing, change no state, and the next real key types.
@MainActor
@Suite struct OutOfRangeKeycodeTests {
    static let strayKeycodes: [Keycode] = [
        Keycode(rawValue: 0), Keycode(rawValue: 7), Keycode(rawValue: 70_000),
        Keycode(rawValue: UInt32.max), Keycode(evdev: UInt32.max),
    ]

    @Test func strayKeycodesTypeNothingAndTheNextKeyTypes() throws {
        let keyboard = try Fixture.keyboard(layout: "us")
        let (application, window) = Fixture.window(keyboard: keyboard)
        let field = TextField(frame: Rect(x: 10, y: 10, width: 200, height: 30))
        window.addSubview(field)
        #expect(field.becomeFirstResponder())
        for keycode in Self.strayKeycodes {
            #expect(!keyboard.keymap.keys.contains(keycode))
            keyboard.handleKey(keycode, direction: .down, at: 0)
            keyboard.handleKey(keycode, direction: .up, at: 0)
        }
        // Held down and never released, then time passes: no key repeat.
        keyboard.handleKey(Keycode(rawValue: UInt32.max), direction: .down, at: 0)
        keyboard.advance(to: 5)
        #expect(field.text == "")
        #expect(keyboard.state.modifiers().isEmpty)
        keyboard.tap("KEY_LEFTSHIFT", "KEY_A", at: 6)
        #expect(field.text == "A")
        _ = application
    }

    @Test func theDecoderReportsNoKeysymsForThem() throws {
        let keymap = try Keymap(context: Context(options: .noEnvironmentNames), names: RuleNames(layout: "us"))
        let decoder = KeyEventDecoder(keymap: keymap)
        for keycode in Self.strayKeycodes {
            let decoded = decoder.decode(KeyEvent(keycode, .down))
            #expect(decoded.keysyms.isEmpty, "\(keycode)")
            #expect(decoded.action == .none, "\(keycode)")
            #expect(keymap.name(of: keycode) == nil, "\(keycode)")
        }
    }
}
