/// How serious a lint finding is.
///
/// Errors fail `keyinput lint` (exit 1); warnings fail it only under `--werror`;
/// notes never do: they point at what a stock layout does on purpose.
public enum LintSeverity: String, Hashable, Sendable, Comparable, CaseIterable {
    /// Surely a mistake: people cannot type what the keymap means them to.
    case error
    /// Probably a mistake.
    case warning
    /// Worth a look; often deliberate.
    case note

    /// Errors first, then warnings, then notes.
    public static func < (lhs: LintSeverity, rhs: LintSeverity) -> Bool { lhs.rank < rhs.rank }

    private var rank: Int {
        switch self {
        case .error: 0
        case .warning: 1
        case .note: 2
        }
    }
}
