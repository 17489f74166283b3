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
        didSet { lookup = Lookup(input: input, physicalKey: physicalKey) }
    }
    /// The modifiers that must be held (Caps Lock and Num Lock are ignored).
    public var modifiers: KeyModifierFlags {
        didSet { lookup = Lookup(input: input, physicalKey: physicalKey) }  // a new key identity
    }
    /// A physical key that also matches, as an evdev name (`KEY_S`).
    public var physicalKey: String? {
        didSet { lookup = Lookup(input: input, physicalKey: physicalKey) }
    }
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
        self.lookup = Lookup(input: input, physicalKey: physicalKey)
    }

    /// What matching compares, worked out once rather than on every key press.
    private var lookup: Lookup

    /// A class: copying a command (the window does, for each command on each key press) retains it once.
    private final class Lookup {
        /// The keysym ``input`` stands for, its lower case, and whether it has cases (a letter).
        let keysym: Keysym?
        let lowercasedKeysym: Keysym?
        let isCased: Bool
        let lowercasedInput: String
        /// The physical key's evdev names: as given in upper case, and with the `KEY_` prefix.
        let keyNames: [String]

        init(input: String, physicalKey: String?) {
            let keysym: Keysym? =
                if input.unicodeScalars.count == 1, let scalar = input.unicodeScalars.first,
                    let keysym = Keysym(character: scalar)
                {
                    keysym
                } else {
                    Keysym(name: input, caseInsensitive: true)
                }
            self.keysym = keysym
            lowercasedKeysym = keysym?.lowercased
            isCased = keysym.map { $0.lowercased != $0.uppercased } ?? false
            lowercasedInput = input.lowercased()
            keyNames = physicalKey.map { [$0.uppercased(), "KEY_" + $0.uppercased()] } ?? []
        }
    }

    /// The keysym ``input`` stands for.
    var keysym: Keysym? { lookup.keysym }
    /// That keysym in lower case; compared with a press's keysyms lower-cased when ``isCased``.
    var lowercasedKeysym: Keysym? { lookup.lowercasedKeysym }
    /// Whether ``input`` is a letter, which matches in either case.
    var isCased: Bool { lookup.isCased }
    /// Whether the command also matches a physical key.
    var hasPhysicalKey: Bool { !lookup.keyNames.isEmpty }
    /// What stands for ``input``, ``modifiers`` and ``physicalKey``: the same object while none changes.
    var keyIdentity: AnyObject { lookup }

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
        guard let keysym = lookup.keysym else { return false }
        for candidate in press.keysyms {
            // Only a letter needs its case folded (Left has none): no libxkbcommon call for the others.
            if lookup.isCased ? candidate.lowercased == lookup.lowercasedKeysym : candidate == keysym {
                if held == modifiers.significant { return true }
                if !wantsShift, held.subtracting(.shift) == modifiers.significant, candidate.uppercased == candidate,
                    candidate.lowercased == candidate
                {
                    return true  // a symbol typed with Shift, such as "?"
                }
            }
        }
        if held == modifiers.significant, let latin = press.latinFallback, latin == lookup.lowercasedInput {
            return true
        }
        if held == modifiers.significant, !lookup.keyNames.isEmpty, let name = press.keyName, lookup.keyNames.contains(name) {
            return true
        }
        return false
    }
}
