extension Keysym {
    /// The spacing character a dead key stands for: `´` for `dead_acute`,
    /// `^` for `dead_circumflex`; `nil` for a keysym that is not a dead key or
    /// a dead key with no such character.
    ///
    /// It is what a dead key shows while it waits for the next key, and what
    /// it types when no compose sequence takes it (twice, or before a space).
    public var spacingAccent: String? {
        guard isDead else { return nil }
        return Self.spacingAccents[name]
    }

    private static let spacingAccents: [String: String] = [
        "dead_grave": "`", "dead_acute": "´", "dead_circumflex": "^", "dead_tilde": "~", "dead_macron": "¯",
        "dead_breve": "˘", "dead_abovedot": "˙", "dead_diaeresis": "¨", "dead_abovering": "°",
        "dead_doubleacute": "˝", "dead_caron": "ˇ", "dead_cedilla": "¸", "dead_ogonek": "˛", "dead_iota": "ͺ",
        "dead_voiced_sound": "゛", "dead_semivoiced_sound": "゜", "dead_belowdot": "̣", "dead_hook": "ˀ",
        "dead_horn": "̛", "dead_stroke": "/", "dead_psili": "᾿", "dead_dasia": "῾", "dead_belowring": "˳",
        "dead_belowmacron": "ˍ", "dead_belowcomma": ",", "dead_currency": "¤", "dead_lowline": "_",
        "dead_aboveverticalline": "ˈ", "dead_belowverticalline": "ˌ", "dead_longsolidusoverlay": "/",
        "dead_greek": "µ", "dead_hamza": "ء", "dead_small_schwa": "ə", "dead_capital_schwa": "Ə",
        "dead_a": "a", "dead_A": "A", "dead_e": "e", "dead_E": "E", "dead_i": "i", "dead_I": "I",
        "dead_o": "o", "dead_O": "O", "dead_u": "u", "dead_U": "U",
    ]
}
