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
            if let accent = keysym.spacingAccent { return accent }
            if keysym.name == "Multi_key" { return "·" }
            return keysym.text.isEmpty ? "◌" : keysym.text
        }.joined()
    }
}
