/// Why the X11 check could not run `xkbcomp`.
public struct X11CheckError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What went wrong.
    public struct Code: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }

        /// `xkbcomp` is not on `PATH`.
        public static let xkbcompMissing = Code(rawValue: "xkbcomp-missing")
        /// `xkbcomp` could not be started, or its input could not be written.
        public static let xkbcompFailedToStart = Code(rawValue: "xkbcomp-failed-to-start")
        /// `xkbcomp` ran past the time limit and was killed.
        public static let xkbcompTimedOut = Code(rawValue: "xkbcomp-timed-out")
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
