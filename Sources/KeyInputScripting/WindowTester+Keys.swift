import KeyInputKit
import XKB

extension WindowTester {
    /// Types text through the keymap, choosing for each character the keys
    /// a person would press: a key with modifiers, else a dead key or
    /// compose sequence (`é` on `de` is the acute dead key, then `e`).
    ///
    /// The whole text is checked first, so nothing is typed when any
    /// character cannot be.
    ///
    /// - Parameter text: The text to type.
    /// - Throws: ``WindowTesterError`` (`untypeableCharacter`) naming the
    ///   character and the keymap.
    public func type(_ text: String) throws(WindowTesterError) {
        send(try currentPlanner().events(typing: text, in: keyboard.state))
    }

    /// Checks that the keymap can type `text` in its active layout, without typing it.
    ///
    /// - Parameter text: The text to check.
    /// - Throws: ``WindowTesterError`` (`untypeableCharacter`) naming the first
    ///   character that cannot be typed.
    public func checkTypeable(_ text: String) throws(WindowTesterError) {
        _ = try currentPlanner().events(typing: text, in: keyboard.state)
    }

    /// Presses keys by name, in `keyinput`'s token syntax: `"KEY_TAB"`,
    /// `"KEY_LEFTSHIFT+KEY_TAB"` (held in order, released in reverse),
    /// `"down:KEY_A"`, `"repeat:KEY_A"`, `"up:KEY_A"`, an XKB name such as
    /// `"<AE01>"`; several tokens separated by spaces press one after another.
    ///
    /// - Parameter keys: The tokens.
    /// - Throws: ``WindowTesterError`` (`unknownKey`) naming the token and
    ///   suggesting the nearest key names; nothing is pressed.
    public func press(_ keys: String) throws(WindowTesterError) {
        send(try currentPlanner().events(pressing: keys))
    }

    /// Checks key tokens as ``press(_:)`` reads them, without pressing anything.
    ///
    /// - Parameter keys: The tokens.
    /// - Throws: ``WindowTesterError`` (`unknownKey`) as ``press(_:)`` does.
    public func checkKeys(_ keys: String) throws(WindowTesterError) {
        _ = try currentPlanner().events(pressing: keys)
    }

    /// Sends one key event, then lets ``keyInterval`` pass on the tester's clock.
    ///
    /// - Parameters:
    ///   - keycode: The key.
    ///   - direction: Down or up; a second down without an up is a repeat.
    public func sendKey(_ keycode: Keycode, _ direction: KeyDirection) {
        keyboard.handleKey(keycode, direction: direction, at: time)
        advance(by: keyInterval)
    }

    private func send(_ events: [KeyEvent]) {
        for event in events {
            sendKey(event.keycode, event.kind == .up ? .up : .down)
        }
    }
}
