import CXKBCommon

/// A message that libxkbcommon logged.
public struct LogMessage: Hashable, Sendable, CustomStringConvertible {
    /// How serious a message is; lower is more serious, as in libxkbcommon
    /// (`enum xkb_log_level`).
    public struct Level: RawRepresentable, Hashable, Comparable, Sendable, CustomStringConvertible {
        public let rawValue: Int32
        public init(rawValue: Int32) { self.rawValue = rawValue }

        /// `XKB_LOG_LEVEL_CRITICAL`.
        public static let critical = Level(rawValue: 10)
        /// `XKB_LOG_LEVEL_ERROR`.
        public static let error = Level(rawValue: 20)
        /// `XKB_LOG_LEVEL_WARNING`.
        public static let warning = Level(rawValue: 30)
        /// `XKB_LOG_LEVEL_INFO`.
        public static let info = Level(rawValue: 40)
        /// `XKB_LOG_LEVEL_DEBUG`.
        public static let debug = Level(rawValue: 50)

        public static func < (lhs: Level, rhs: Level) -> Bool { lhs.rawValue < rhs.rawValue }

        public var description: String {
            switch self {
            case .critical: "critical"
            case .error: "error"
            case .warning: "warning"
            case .info: "info"
            case .debug: "debug"
            default: "level \(rawValue)"
            }
        }
    }

    /// How serious the message is.
    public var level: Level
    /// The message as libxkbcommon wrote it, without the trailing newline.
    public var text: String

    /// Creates a log message.
    public init(level: Level, text: String) {
        self.level = level
        self.text = text
    }

    public var description: String { "\(level): \(text)" }

    /// The source location the message names (`file:line:column:`), when it
    /// names one.
    ///
    /// libxkbcommon writes locations as `PATH:LINE:COLUMN: message`; for
    /// keymaps compiled from a string the path is `(input string)`.
    public var location: (file: String, line: Int, column: Int)? {
        // Find ":<digits>:<digits>:" and take what precedes it as the path.
        let scalars = Array(text.unicodeScalars)
        var index = 0
        while index < scalars.count {
            if scalars[index] == ":", let (line, column, _) = Self.numbers(scalars, from: index) {
                var start = index - 1
                while start >= 0, scalars[start] != " " { start -= 1 }
                // "(input string)" contains a space; include it.
                var path = String(String.UnicodeScalarView(scalars[(start + 1)..<index]))
                if path.hasSuffix("string)"), text.contains("(input string)") { path = "(input string)" }
                guard !path.isEmpty else { index += 1; continue }
                return (path, line, column)
            }
            index += 1
        }
        return nil
    }

    private static func numbers(_ s: [Unicode.Scalar], from colon: Int) -> (Int, Int, Int)? {
        func digits(_ i: Int) -> (Int, Int)? {
            var j = i
            var value = 0
            while j < s.count, let d = s[j].properties.numericType, d == .decimal,
                let v = s[j].properties.numericValue
            {
                value = value * 10 + Int(v)
                j += 1
                if value > 10_000_000 { return nil }
            }
            return j > i ? (value, j) : nil
        }
        guard let (line, afterLine) = digits(colon + 1), afterLine < s.count, s[afterLine] == ":",
            let (column, afterColumn) = digits(afterLine + 1), afterColumn < s.count, s[afterColumn] == ":"
        else { return nil }
        return (line, column, afterColumn)
    }
}
