/// Why a registry file could not be checked at all.
public struct RegistryLintError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What went wrong.
    public struct Code: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }

        /// The registry file is missing or unreadable.
        public static let fileUnreadable = Code(rawValue: "file-unreadable")
        /// The ISO code tables of Debian's `iso-codes` are not installed.
        public static let isoCodesMissing = Code(rawValue: "iso-codes-missing")
    }

    /// What went wrong.
    public var code: Code
    /// A sentence saying so.
    public var message: String

    /// Creates an error.
    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { message }
}
