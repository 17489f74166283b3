/// A key event with everything the keymap, state and compose table made of it.
public struct DecodedKeyEvent: Hashable, Sendable {
    /// The event.
    public var event: KeyEvent
    /// The keysyms of the key, looked up before the event changed the state:
    /// `xkb_state_key_get_syms`, or `xkb_state_key_get_one_sym` when there
    /// is exactly one (Caps Lock transformation applied).
    public var keysyms: Keysyms
    /// What the key types on its own, before compose and before control
    /// characters are dropped (`xkb_state_key_get_utf8`).
    public var keyText: String
    /// What the text field does.
    public var action: TextAction
    /// The effective modifiers the key was looked up with.
    public var modifiers: ModifierMask
    /// The layout the key was looked up in.
    public var layout: Int
    /// Control, Mod1 (Alt) and Mod4 (Super) when they were active and the key
    /// did not use them to choose its level: the press is a shortcut, such as
    /// Ctrl+ф, rather than typing. Empty for releases.
    public var shortcutModifiers: ModifierMask = []
    /// What the key types at the first level of the layout it was looked up
    /// in, whatever modifiers are held: `c` for Ctrl+Shift+C.
    public var baseText: String = ""
    /// The Latin letter the same key types at the first level of the keymap's
    /// first other layout with Latin letters, when the key's keysym is not a
    /// Latin letter: `c` for the С key of a Russian layout, so that Ctrl+C
    /// shortcuts work there. `nil` otherwise.
    public var latinFallback: String?

    /// The text this event inserted, or the empty string.
    public var insertedText: String {
        if case .insertText(let text) = action { return text }
        return ""
    }
}
