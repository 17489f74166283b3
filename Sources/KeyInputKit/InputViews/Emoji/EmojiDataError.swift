/// Emoji data that could not be read: a missing or unreadable file.
public struct EmojiDataError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file.
    public var path: String
    /// What went wrong.
    public var reason: String

    /// Creates an error for a file.
    ///
    /// - Parameters:
    ///   - path: The file.
    ///   - reason: What went wrong, in a few words.
    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    /// `<path>: <reason>`.
    public var description: String { "\(path): \(reason)" }
}
