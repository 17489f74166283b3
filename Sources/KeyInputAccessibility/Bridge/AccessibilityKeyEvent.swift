import XKB

/// A key as the screen reader sees it before the app does (AT-SPI's
/// `DeviceEvent`): it may take the key for itself (its own commands) and
/// echoes it.
public struct AccessibilityKeyEvent: Sendable, Hashable {
    /// Whether the key went down (`true`) or up.
    public var isPress: Bool
    /// The keysym the key produces in the current state.
    public var keysym: UInt32
    /// The X keycode (evdev code + 8).
    public var keycode: UInt32
    /// The modifier mask in effect (X's bits: Shift 1, Lock 2, Control 4, Mod1 8 …).
    public var modifiers: UInt32
    /// Milliseconds on the host's clock.
    public var timestamp: UInt32
    /// The keysym's name (`a`, `Return`), or the text the key types.
    public var name: String
    /// Whether the key types text.
    public var isText: Bool

    /// Describes a key event.
    public init(
        isPress: Bool, keysym: UInt32, keycode: UInt32, modifiers: UInt32, timestamp: UInt32, name: String, isText: Bool
    ) {
        self.isPress = isPress
        self.keysym = keysym
        self.keycode = keycode
        self.modifiers = modifiers
        self.timestamp = timestamp
        self.name = name
        self.isText = isText
    }
}

extension AccessibilityKeyEvent {
    /// Describes a key as a keyboard state decodes it before the key is applied.
    ///
    /// - Parameters:
    ///   - keycode: The key.
    ///   - isPress: Whether it went down.
    ///   - state: The keyboard's state before the key.
    ///   - timestamp: Milliseconds on the host's clock.
    public init(keycode: Keycode, isPress: Bool, state: KeyboardState, timestamp: UInt32) {
        let keysym = state.keysym(of: keycode)
        let text = state.text(of: keycode)
        let isText = !text.isEmpty && !text.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7f }
        self.init(
            isPress: isPress, keysym: keysym.rawValue, keycode: keycode.rawValue,
            modifiers: state.modifiers().rawValue, timestamp: timestamp, name: isText ? text : keysym.name,
            isText: isText)
    }
}

extension AccessibilityKeyEvent {
    /// The keysym offered in place of a concealed key's (`XKB_KEY_VoidSymbol`).
    public static let concealedKeysym: UInt32 = 0xff_ffff

    /// The event as it is offered while a secure text field has focus.
    ///
    /// A key that types text (a letter, a digit, Space) or starts a
    /// composition (a dead key) is offered with no text, no keysym name and
    /// the keysym `VoidSymbol`, so that a process listening for keys does
    /// not read the password as it is typed; the screen reader still hears
    /// that a key went down or up. Its keycode and modifiers stay, because
    /// a screen reader matches its own commands on them (Orca's keys work in
    /// a password field too); a listener that knows the keymap can still tell
    /// which physical key was pressed. Keys that type nothing (Tab, the
    /// arrows, Return, BackSpace, modifiers) are offered unchanged.
    public var concealingText: AccessibilityKeyEvent {
        guard isText || Keysym(rawValue: keysym).isDead || keysym == Self.concealedKeysym else { return self }
        var concealed = self
        concealed.keysym = Self.concealedKeysym
        concealed.name = ""
        concealed.isText = false
        return concealed
    }
}
