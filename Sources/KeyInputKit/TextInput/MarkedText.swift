import XKB

/// The text shown for a compose sequence in progress.
public enum MarkedText {
    /// The spacing characters of a sequence: `´` for `dead_acute`, `·` for the Compose key.
    ///
    /// A keysym with no spacing form of its own shows its text, or `◌` when it has none.
    ///
    /// - Parameter sequence: The keysyms pressed so far.
    /// - Returns: The text a field shows at the caret.
    public static func preedit(for sequence: [Keysym]) -> String {
        sequence.map { keysym -> String in
            switch keysym.name {
            case "dead_acute": "´"
            case "dead_grave": "`"
            case "dead_circumflex": "^"
            case "dead_tilde": "~"
            case "dead_diaeresis": "¨"
            case "dead_cedilla": "¸"
            case "dead_caron": "ˇ"
            case "dead_breve": "˘"
            case "dead_abovering": "°"
            case "dead_doubleacute": "˝"
            case "dead_ogonek": "˛"
            case "dead_macron": "¯"
            case "dead_abovedot": "˙"
            case "dead_stroke": "/"
            case "dead_hook": "ˀ"
            case "dead_horn": "̛"
            case "dead_belowdot": "̣"
            case "dead_greek": "µ"
            case "Multi_key": "·"
            default: keysym.text.isEmpty ? "◌" : keysym.text
            }
        }.joined()
    }
}
