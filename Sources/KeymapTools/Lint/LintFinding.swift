/// One thing `keyinput lint` found in a keymap or a registry file.
///
/// `id` is a stable identifier such as `KI101` (see ``LintCatalog`` for what
/// each means); `message` is one line naming the key, group, level and keysyms
/// concerned; `file` and `line` say where, when the input is a file.
public struct LintFinding: Hashable, Sendable {
    /// The rule's identifier, such as `KI101`.
    public var id: String
    /// How serious it is.
    public var severity: LintSeverity
    /// One line naming what is wrong and where in the keymap (key, group, level, keysyms).
    public var message: String
    /// The file the finding is in, `nil` for a keymap compiled from names.
    public var file: String?
    /// The 1-based line in `file`, when known.
    public var line: Int?

    /// Creates a finding.
    ///
    /// - Parameters:
    ///   - id: The rule's identifier, such as `KI101`.
    ///   - severity: How serious it is.
    ///   - message: One line saying what is wrong.
    ///   - file: The file it is in, if any.
    ///   - line: The 1-based line, if known.
    public init(id: String, severity: LintSeverity, message: String, file: String? = nil, line: Int? = nil) {
        self.id = id
        self.severity = severity
        self.message = message
        self.file = file
        self.line = line
    }

    /// The finding as a compiler writes it: `file:line: warning: message [KI101]`.
    public var text: String {
        var location = ""
        if let file {
            location = file + (line.map { ":\($0)" } ?? "") + ": "
        }
        return "\(location)\(severity.rawValue): \(message) [\(id)]"
    }
}
