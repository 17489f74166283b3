import XKB

/// A key as an input method sees it: keysym, key, modifiers, and whether it went up.
public struct InputMethodKey: Hashable, Sendable {
    /// The keysym the key produces now.
    public var keysym: Keysym
    /// The key (XKB numbering; `Keycode.evdev` gives the kernel's code).
    public var keycode: Keycode
    /// The modifiers held and the locks on.
    public var modifiers: KeyModifierFlags
    /// Whether the key went up.
    public var isRelease: Bool

    /// Creates a key event.
    ///
    /// - Parameters:
    ///   - keysym: The keysym the key produces now.
    ///   - keycode: The key.
    ///   - modifiers: The modifiers held and the locks on.
    ///   - isRelease: Whether the key went up.
    public init(keysym: Keysym, keycode: Keycode, modifiers: KeyModifierFlags, isRelease: Bool) {
        self.keysym = keysym
        self.keycode = keycode
        self.modifiers = modifiers
        self.isRelease = isRelease
    }

    /// The key of a key press.
    ///
    /// - Parameter press: A press or release the window routes.
    public init(_ press: KeyPress) {
        self.init(
            keysym: press.keysym, keycode: press.keycode, modifiers: press.modifiers, isRelease: press.phase == .ended)
    }

    /// A key press for this key, as the window routes it when an input
    /// method forwards the key: its text from the keysym alone.
    public var keyPress: KeyPress {
        let text = keysym.text
        let isControl = text.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7f }
        let action: TextAction =
            if isRelease { .none } else if keysym == .backSpace {
                .deleteBackward
            } else if keysym == .return
                || keysym == .keypadEnter
            { .insertText("\n") } else if !text.isEmpty && !isControl { .insertText(text) } else { .none }
        var press = KeyPress(
            keycode: keycode, phase: isRelease ? .ended : .began, keysyms: Keysyms(keysym),
            characters: isControl ? "" : text, charactersIgnoringModifiers: isControl ? "" : keysym.lowercased.text,
            modifiers: modifiers, textAction: action)
        press.isShortcut = !modifiers.intersection([.control, .alternate, .command]).isEmpty
        return press
    }
}
