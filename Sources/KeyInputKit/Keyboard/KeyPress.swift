import XKB

/// One key event on its way through the responder chain (UIKit's `UIPress`
/// and `UIKey` in one).
public struct KeyPress: Hashable, Sendable {
    /// Whether the key went down or up.
    public enum Phase: Hashable, Sendable {
        /// The key went down, or repeats.
        case began
        /// The key went up.
        case ended
    }

    /// The key.
    public var keycode: Keycode
    /// The key's evdev name, such as `KEY_A`.
    public var keyName: String? { keycode.evdevName }
    /// Down or up.
    public var phase: Phase
    /// The keysyms the key produces now: all of them, or when there is one,
    /// that one with Caps Lock's case transformation applied.
    public var keysyms: Keysyms
    /// The text the key types with the current modifiers (empty for
    /// non-text keys and control characters).
    public var characters: String
    /// The text the key types at its first level, ignoring modifiers: `c`
    /// for Ctrl+Shift+C.
    public var charactersIgnoringModifiers: String
    /// The modifiers held when the key was pressed.
    public var modifiers: KeyModifierFlags
    /// Whether this is an automatic repeat of a held key.
    public var isRepeat: Bool
    /// What a text field does with this key, compose included.
    public var textAction: TextAction
    /// The Latin letter of this key in the first Latin layout of the keymap,
    /// for key commands on non-Latin layouts (Ctrl+C on a Russian keyboard).
    public var latinFallback: String?

    /// Whether Control, Alt or Super was held without choosing the key's
    /// level: the press is a shortcut, and a text field types nothing for it.
    public var isShortcut: Bool = false

    /// The main keysym, or `noSymbol`.
    public var keysym: Keysym { keysyms.first ?? .noSymbol }

    /// Creates a key press.
    public init(
        keycode: Keycode, phase: Phase, keysyms: Keysyms, characters: String, charactersIgnoringModifiers: String,
        modifiers: KeyModifierFlags, isRepeat: Bool = false, textAction: TextAction = .none, latinFallback: String? = nil
    ) {
        self.keycode = keycode
        self.phase = phase
        self.keysyms = keysyms
        self.characters = characters
        self.charactersIgnoringModifiers = charactersIgnoringModifiers
        self.modifiers = modifiers
        self.isRepeat = isRepeat
        self.textAction = textAction
        self.latinFallback = latinFallback
    }
}
