extension Keysym {
    /// The combining mark a dead key puts on the next letter: U+0301 for
    /// `dead_acute`, U+0308 for `dead_diaeresis`; `nil` for a keysym that is
    /// not a dead key, or a dead key that adds no mark (`dead_currency`,
    /// `dead_greek`, the dead letters).
    ///
    /// Layout diagrams show it on a dotted circle (`◌́`), as Unicode charts do.
    public var combiningMark: Unicode.Scalar? {
        guard isDead, let value = Self.combiningMarks[name] else { return nil }
        return Unicode.Scalar(value)
    }

    private static let combiningMarks: [String: UInt32] = [
        "dead_grave": 0x300, "dead_acute": 0x301, "dead_circumflex": 0x302, "dead_tilde": 0x303,
        "dead_macron": 0x304, "dead_breve": 0x306, "dead_abovedot": 0x307, "dead_diaeresis": 0x308,
        "dead_hook": 0x309, "dead_abovering": 0x30a, "dead_doubleacute": 0x30b, "dead_caron": 0x30c,
        "dead_aboveverticalline": 0x30d, "dead_doublegrave": 0x30f, "dead_invertedbreve": 0x311,
        "dead_abovecomma": 0x313, "dead_psili": 0x313, "dead_abovereversedcomma": 0x314, "dead_dasia": 0x314,
        "dead_horn": 0x31b, "dead_belowdot": 0x323, "dead_belowdiaeresis": 0x324, "dead_belowring": 0x325,
        "dead_belowcomma": 0x326, "dead_cedilla": 0x327, "dead_ogonek": 0x328, "dead_belowverticalline": 0x329,
        "dead_belowcircumflex": 0x32d, "dead_belowbreve": 0x32e, "dead_belowtilde": 0x330,
        "dead_belowmacron": 0x331, "dead_lowline": 0x332, "dead_stroke": 0x335, "dead_longsolidusoverlay": 0x338,
        "dead_iota": 0x345, "dead_voiced_sound": 0x3099, "dead_semivoiced_sound": 0x309a,
    ]
}
