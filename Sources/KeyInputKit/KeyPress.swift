import XKB

/// Modifier keys as apps think of them (UIKit's `UIKeyModifierFlags`).
public struct KeyModifierFlags: OptionSet, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// Caps Lock is on.
    public static let alphaShift = KeyModifierFlags(rawValue: 1 << 0)
    /// Shift is held.
    public static let shift = KeyModifierFlags(rawValue: 1 << 1)
    /// Control is held.
    public static let control = KeyModifierFlags(rawValue: 1 << 2)
    /// Alt is held.
    public static let alternate = KeyModifierFlags(rawValue: 1 << 3)
    /// Super (the Windows or Command key) is held.
    public static let command = KeyModifierFlags(rawValue: 1 << 4)
    /// Num Lock is on.
    public static let numericPad = KeyModifierFlags(rawValue: 1 << 5)

    /// The flags that take part in matching key commands: all but the locks.
    public var significant: KeyModifierFlags { subtracting([.alphaShift, .numericPad]) }

    public var description: String {
        let names: [(KeyModifierFlags, String)] = [
            (.control, "Ctrl"), (.alternate, "Alt"), (.shift, "Shift"), (.command, "Super"),
            (.alphaShift, "CapsLock"), (.numericPad, "NumLock"),
        ]
        let parts = names.filter { contains($0.0) }.map(\.1)
        return parts.isEmpty ? "-" : parts.joined(separator: "+")
    }

    /// The flags of an XKB state: from the effective modifiers by name.
    static func from(_ state: KeyboardState) -> KeyModifierFlags {
        var flags: KeyModifierFlags = []
        if state.isModifierActive("Shift") { flags.insert(.shift) }
        if state.isModifierActive("Lock") { flags.insert(.alphaShift) }
        if state.isModifierActive("Control") { flags.insert(.control) }
        if state.isModifierActive("Mod1") { flags.insert(.alternate) }
        if state.isModifierActive("Mod4") { flags.insert(.command) }
        if state.isModifierActive("Mod2") { flags.insert(.numericPad) }
        return flags
    }
}

/// One key event on its way through the responder chain (UIKit's `UIPress`
/// and `UIKey` in one).
public struct KeyPress: Hashable, Sendable {
    /// Whether the key went down or up.
    public enum Phase: Hashable, Sendable {
        case began
        case ended
    }

    /// The key.
    public var keycode: Keycode
    /// The key's evdev name, such as `KEY_A`.
    public var keyName: String? { keycode.evdevName }
    /// Down or up.
    public var phase: Phase
    /// The keysyms the key produces now (the contract's rule 4).
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

/// A keyboard shortcut a responder offers (UIKit's `UIKeyCommand`).
///
/// A command matches a press when the significant modifiers are equal and
/// the key matches, tried in this order:
/// 1. the keysym: ``input`` names it (`"s"`, `"Escape"`, `"F5"`, `"Up"`);
/// 2. the Latin fallback: on a non-Latin layout, the letter the same key
///    types in the keymap's first Latin layout — Ctrl+C works in Russian;
/// 3. the physical key, when the command names one (``physicalKey``).
public struct KeyCommand: Sendable {
    /// The key: a character (`"s"`, `"?"`) or a keysym name (`"Escape"`).
    public var input: String
    /// The modifiers that must be held (Caps Lock and Num Lock are ignored).
    public var modifiers: KeyModifierFlags
    /// A physical key that also matches, as an evdev name (`KEY_S`).
    public var physicalKey: String?
    /// A title for menus and help.
    public var title: String
    /// What the command does.
    public var action: @MainActor @Sendable () -> Void
    /// Whether the command also fires on key repeat. `false` by default.
    public var repeats: Bool

    /// Creates a key command.
    public init(
        input: String, modifiers: KeyModifierFlags = [], physicalKey: String? = nil, title: String = "",
        repeats: Bool = false, action: @escaping @MainActor @Sendable () -> Void
    ) {
        self.input = input
        self.modifiers = modifiers
        self.physicalKey = physicalKey
        self.title = title
        self.action = action
        self.repeats = repeats
    }

    /// The keysym ``input`` stands for.
    var keysym: Keysym? {
        if input.unicodeScalars.count == 1, let scalar = input.unicodeScalars.first, let keysym = Keysym(character: scalar) {
            return keysym
        }
        return Keysym(name: input, caseInsensitive: true)
    }

    /// Whether the command matches `press`.
    public func matches(_ press: KeyPress) -> Bool {
        guard press.phase == .began, repeats || !press.isRepeat else { return false }
        // Shift chose the character for symbols such as "?": compare without it then.
        let held = press.modifiers.significant
        let wantsShift = modifiers.contains(.shift)
        // Every rule below needs the wanted modifiers held (or those and a
        // Shift that chose a symbol): check that before looking ``input`` up.
        guard held == modifiers.significant || (!wantsShift && held.subtracting(.shift) == modifiers.significant) else {
            return false
        }
        guard let keysym else { return false }
        for candidate in press.keysyms {
            if candidate.lowercased == keysym.lowercased {
                if held == modifiers.significant { return true }
                if !wantsShift, held.subtracting(.shift) == modifiers.significant, candidate.uppercased == candidate,
                    candidate.lowercased == candidate
                {
                    return true  // a symbol typed with Shift, such as "?"
                }
            }
        }
        if held == modifiers.significant, let latin = press.latinFallback, latin == input.lowercased() {
            return true
        }
        if held == modifiers.significant, let physicalKey,
            press.keyName == physicalKey.uppercased() || press.keyName == "KEY_" + physicalKey.uppercased()
        {
            return true
        }
        return false
    }
}
