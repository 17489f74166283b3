/// A set of modifiers of one keymap, as a bit per modifier index
/// (`xkb_mod_mask_t`).
///
/// Bit *n* stands for the keymap's modifier *n*; ``Keymap/modifierNames``
/// names them. The real modifiers have fixed indices in every keymap
/// (Shift 0, Lock 1, Control 2, Mod1 3 … Mod5 7).
public struct ModifierMask: OptionSet, Hashable, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// The mask holding only modifier `index`.
    public init(index: Int) { self.rawValue = index < 32 ? 1 << UInt32(index) : 0 }

    /// `Shift` (index 0).
    public static let shift = ModifierMask(index: 0)
    /// `Lock`, usually Caps Lock (index 1).
    public static let lock = ModifierMask(index: 1)
    /// `Control` (index 2).
    public static let control = ModifierMask(index: 2)
    /// `Mod1`, usually Alt (index 3).
    public static let mod1 = ModifierMask(index: 3)
    /// `Mod2`, usually Num Lock (index 4).
    public static let mod2 = ModifierMask(index: 4)
    /// `Mod3` (index 5).
    public static let mod3 = ModifierMask(index: 5)
    /// `Mod4`, usually Super (index 6).
    public static let mod4 = ModifierMask(index: 6)
    /// `Mod5`, usually ISO_Level3_Shift (AltGr) (index 7).
    public static let mod5 = ModifierMask(index: 7)

    /// The indices of the modifiers in the set, lowest first.
    public var indices: [Int] { (0..<32).filter { rawValue & (1 << UInt32($0)) != 0 } }
}
