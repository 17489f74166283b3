import XKB

/// A keyboard shortcut a responder offers (UIKit's `UIKeyCommand`).
///
/// A command matches a press when the significant modifiers are equal and
/// the key matches, tried in this order:
/// 1. the keysym: ``input`` names it (`"s"`, `"Escape"`, `"F5"`, `"Up"`);
/// 2. the Latin fallback: on a non-Latin layout, the letter the same key
///    types in the keymap's first Latin layout — Ctrl+C works in Russian;
/// 3. the physical key, when the command names one (``physicalKey``).
///
/// The action follows the rule a control's action follows: a plain closure,
/// neither `@Sendable` nor `@MainActor` (which implies `@Sendable`), called
/// on the main actor by the window that routes the key. It may capture the
/// app's own objects and closures, `Sendable` or not. A command is therefore
/// not `Sendable`; responders make and keep theirs on the main actor.
public struct KeyCommand {
    /// The key: a character (`"s"`, `"?"`) or a keysym name (`"Escape"`).
    public var input: String {
        didSet { keysym = Self.keysym(for: input) }
    }
    /// The modifiers that must be held (Caps Lock and Num Lock are ignored).
    public var modifiers: KeyModifierFlags
    /// A physical key that also matches, as an evdev name (`KEY_S`).
    public var physicalKey: String?
    /// A title for menus and help.
    public var title: String
    /// What the command does, called on the main actor.
    public var action: () -> Void
    /// Whether the command also fires on key repeat. `false` by default.
    public var repeats: Bool

    /// Creates a key command.
    ///
    /// - Parameters:
    ///   - input: The key: a character (`"s"`, `"?"`) or a keysym name (`"Escape"`).
    ///   - modifiers: The modifiers that must be held.
    ///   - physicalKey: A physical key that also matches, as an evdev name (`KEY_S`).
    ///   - title: A title for menus and help.
    ///   - repeats: Whether the command also fires on key repeat.
    ///   - action: What the command does, called on the main actor; it may capture any object.
    public init(
        input: String, modifiers: KeyModifierFlags = [], physicalKey: String? = nil, title: String = "",
        repeats: Bool = false, action: @escaping () -> Void
    ) {
        self.input = input
        self.modifiers = modifiers
        self.physicalKey = physicalKey
        self.title = title
        self.action = action
        self.repeats = repeats
        self.keysym = Self.keysym(for: input)
    }

    /// The keysym ``input`` stands for, looked up once rather than on every key press.
    private(set) var keysym: Keysym?

    private static func keysym(for input: String) -> Keysym? {
        if input.unicodeScalars.count == 1, let scalar = input.unicodeScalars.first, let keysym = Keysym(character: scalar) {
            return keysym
        }
        return Keysym(name: input, caseInsensitive: true)
    }

    /// Whether the command matches `press`, by keysym, Latin fallback or physical key.
    ///
    /// - Parameter press: A key press; releases never match, repeats only when ``repeats``.
    /// - Returns: Whether the command's action should run for it.
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
