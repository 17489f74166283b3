/// One thing `keyinput compose check` found in a Compose file.
public struct ComposeFinding: Hashable, Sendable {
    /// How serious a finding is.
    public enum Severity: String, Hashable, Sendable, Comparable {
        /// A sequence, an include or a line that cannot work: the check exits 1.
        case error
        /// Works, but probably not as meant (a duplicate, an override of the system's).
        case warning
        /// Worth knowing; often deliberate.
        case note

        public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }
        private var rank: Int {
            switch self {
            case .error: 0
            case .warning: 1
            case .note: 2
            }
        }
    }

    /// What was found: a stable, hyphenated name such as `cannot-type`.
    public enum Kind: String, Hashable, Sendable, CaseIterable {
        /// A line that does not parse, or is not UTF-8.
        case malformed
        /// A keysym name that does not exist.
        case unknownKeysym = "unknown-keysym"
        /// A keysym of the sequence that no key of the layout types.
        case cannotType = "cannot-type"
        /// A sequence that never completes: a shorter one is its prefix, or
        /// libxkbcommon kept a longer one that starts with it.
        case neverCompletes = "never-completes"
        /// The same sequence twice in the file.
        case duplicate
        /// A sequence the system's table already defines, redefined.
        case overridesSystem = "overrides-system"
        /// An include whose file does not exist.
        case includeNotFound = "include-not-found"
        /// The file does not include the system's table, so its sequences are off.
        case systemTableOff = "system-table-off"
    }

    /// What was found.
    public var kind: Kind
    /// How serious it is.
    public var severity: Severity
    /// The file.
    public var file: String
    /// The 1-based line, or `nil` for the file as a whole.
    public var line: Int?
    /// One line saying what is wrong.
    public var message: String

    /// Creates a finding.
    public init(_ kind: Kind, _ severity: Severity, file: String, line: Int?, _ message: String) {
        self.kind = kind
        self.severity = severity
        self.file = file
        self.line = line
        self.message = message
    }

    /// `file:line: error: message [cannot-type]`, as compilers write it.
    public var text: String {
        "\(file)\(line.map { ":\($0)" } ?? ""): \(severity.rawValue): \(message) [\(kind.rawValue)]"
    }

    /// The findings as a JSON array of `{"file", "line", "severity", "kind", "message"}`.
    public static func json(_ findings: [ComposeFinding]) -> String {
        var writer = JSONWriter()
        writer.beginArray()
        for finding in findings {
            writer.beginObject()
            writer.key("file")
            writer.string(finding.file)
            writer.key("line")
            if let line = finding.line { writer.number(line) } else { writer.null() }
            writer.key("severity")
            writer.string(finding.severity.rawValue)
            writer.key("kind")
            writer.string(finding.kind.rawValue)
            writer.key("message")
            writer.string(finding.message)
            writer.endObject()
        }
        writer.endArray()
        return writer.take()
    }

    /// `2 errors, 1 warning, 0 notes`.
    public static func summary(_ findings: [ComposeFinding]) -> String {
        func count(_ severity: Severity, _ word: String) -> String {
            let n = findings.filter { $0.severity == severity }.count
            return "\(n) \(word)\(n == 1 ? "" : "s")"
        }
        return [count(.error, "error"), count(.warning, "warning"), count(.note, "note")].joined(separator: ", ")
    }
}
