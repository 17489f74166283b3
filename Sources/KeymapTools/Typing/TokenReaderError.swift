/// Why key tokens could not be read: a bad token or an unreadable token file.
public struct TokenReaderError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What went wrong, in a sentence.
    public var message: String

    /// Creates an error.
    ///
    /// - Parameter message: What went wrong.
    public init(_ message: String) { self.message = message }

    /// The message.
    public var description: String { message }
}
