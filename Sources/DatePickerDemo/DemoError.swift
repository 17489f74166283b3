/// Something the demo could not do.
///
/// A ``Code/usage`` error is the input's fault (a bad events line, an unknown
/// control or key) and the command exits with 2; a ``Code/failure`` is a
/// failure at run time (a frame that cannot be written, the X server gone)
/// and exits with 1.
public struct DemoError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What kind of error this is. New codes may be added later.
    public struct Code: RawRepresentable, Hashable, Sendable {
        /// The code as a word.
        public let rawValue: String
        /// Creates a code from its word.
        public init(rawValue: String) { self.rawValue = rawValue }
        /// The input asked for something that cannot be done: exit code 2.
        public static let usage = Code(rawValue: "usage")
        /// Something failed while the demo ran: exit code 1.
        public static let failure = Code(rawValue: "failure")
    }

    /// What kind of error this is.
    public var code: Code
    /// What went wrong, in a sentence.
    public var message: String
    /// Creates an error.
    public init(_ message: String, code: Code = .usage) {
        self.message = message
        self.code = code
    }
    /// The message.
    public var description: String { message }
}
