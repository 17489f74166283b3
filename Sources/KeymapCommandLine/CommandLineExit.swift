import ArgumentParser

/// How a command-line program ends after an error: what it prints, where, and its exit code.
///
/// Exit codes: 0 success (`--help`, `--version`), 1 failure, 2 usage error.
public struct CommandLineExit: Hashable, Sendable {
    /// Where the message goes.
    public enum Stream: Hashable, Sendable {
        /// Standard output: help and version text.
        case standardOutput
        /// Standard error: everything that went wrong.
        case standardError
    }

    /// The exit code.
    public var code: Int32
    /// The text to print, without the final newline; empty to print nothing.
    public var message: String
    /// Where the message goes.
    public var stream: Stream

    /// Creates an exit.
    ///
    /// - Parameters:
    ///   - code: The exit code.
    ///   - message: The text to print, without the final newline.
    ///   - stream: Where the message goes.
    public init(code: Int32, message: String, stream: Stream) {
        self.code = code
        self.message = message
        self.stream = stream
    }
}
