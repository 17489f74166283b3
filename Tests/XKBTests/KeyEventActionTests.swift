import TestSupport
import Testing
import XKB

/// `action(of:)` is `decode(_:).action` without the rest: the same text, key for key.
@Suite struct KeyEventActionTests {
    /// A sequence with Shift, Caps Lock, dead keys, a compose sequence,
    /// repeats, BackSpace, Return and keys that type nothing.
    static let sequence: [(String, KeyEvent.Kind)] = [
        ("KEY_LEFTSHIFT", .down), ("KEY_A", .down), ("KEY_A", .repeat), ("KEY_A", .up), ("KEY_LEFTSHIFT", .up),
        ("KEY_EQUAL", .down), ("KEY_EQUAL", .up), ("KEY_E", .down), ("KEY_E", .up),
        ("KEY_GRAVE", .down), ("KEY_GRAVE", .up), ("KEY_O", .down), ("KEY_O", .up),
        ("KEY_EQUAL", .down), ("KEY_EQUAL", .up), ("KEY_SPACE", .down), ("KEY_SPACE", .up),
        ("KEY_CAPSLOCK", .down), ("KEY_CAPSLOCK", .up), ("KEY_Y", .down), ("KEY_Y", .up),
        ("KEY_CAPSLOCK", .down), ("KEY_CAPSLOCK", .up), ("KEY_SEMICOLON", .down), ("KEY_SEMICOLON", .up),
        ("KEY_BACKSPACE", .down), ("KEY_BACKSPACE", .up), ("KEY_ENTER", .down), ("KEY_ENTER", .up),
        ("KEY_LEFTCTRL", .down), ("KEY_C", .down), ("KEY_C", .up), ("KEY_LEFTCTRL", .up), ("KEY_F1", .down),
        ("KEY_F1", .up), ("KEY_RIGHTALT", .down), ("KEY_Q", .down), ("KEY_Q", .up), ("KEY_RIGHTALT", .up),
    ]

    @Test(arguments: [("us", false), ("de", false), ("de", true), ("fr", true), ("ru", false)])
    func actionsMatchTheFullDecode(layout: String, compose: Bool) throws {
        let full = try XKBFixtures.decoder(layout: layout, compose: compose)
        let lean = try XKBFixtures.decoder(layout: layout, compose: compose)
        for (name, kind) in Self.sequence {
            let event = KeyEvent(try Keycode(name: name), kind)
            let expected = full.decode(event).action
            #expect(lean.action(of: event) == expected, "\(layout) \(name) \(kind)")
        }
        #expect(lean.state.serializedMasks == full.state.serializedMasks)
    }
}
