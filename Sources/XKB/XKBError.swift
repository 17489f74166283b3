/// An error reported by the XKB wrapper.
///
/// The error carries the messages libxkbcommon logged while the failing call
/// ran, so a bad keymap reports the file, line and libxkbcommon's own words
/// instead of printing them to standard error.
public struct XKBError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What kind of failure this is. New codes may be added in later versions.
    public struct Code: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public var description: String { rawValue }

        /// A context could not be created.
        public static let contextCreationFailed = Code(rawValue: "context-creation-failed")
        /// A keymap failed to compile from names, a file or a string.
        public static let keymapCompilationFailed = Code(rawValue: "keymap-compilation-failed")
        /// A keymap file the compiler would loop, crash or wait on: an include
        /// loop, includes nested too deep, or a FIFO among the keymap files.
        /// Nothing is handed to libxkbcommon.
        public static let includeRefused = Code(rawValue: "include-refused")
        /// A file could not be opened or read.
        public static let fileUnreadable = Code(rawValue: "file-unreadable")
        /// Input text is not valid UTF-8.
        public static let invalidUTF8 = Code(rawValue: "invalid-utf8")
        /// A compose table could not be created.
        public static let composeTableUnavailable = Code(rawValue: "compose-table-unavailable")
        /// The keyboard layout registry could not be read.
        public static let registryUnavailable = Code(rawValue: "registry-unavailable")
        /// A key name is not one of the kernel's `KEY_*` names.
        public static let unknownKeyName = Code(rawValue: "unknown-key-name")
    }

    /// What kind of failure this is.
    public var code: Code
    /// A sentence that says what failed.
    public var message: String
    /// The messages libxkbcommon logged while the failing call ran.
    public var diagnostics: [LogMessage]

    /// Creates an error.
    public init(_ code: Code, _ message: String, diagnostics: [LogMessage] = []) {
        self.code = code
        self.message = message
        self.diagnostics = diagnostics
    }

    /// The message followed by libxkbcommon's errors, one per line.
    public var description: String {
        let details = diagnostics.filter { $0.level <= .error }.map { "  \($0.text)" }
        return ([message] + details).joined(separator: "\n")
    }
}
