import ArgumentParser
import Foundation
import KeymapTools
import XKB

/// An error that ends the command with a message and an exit code.
public struct CLIError: Error {
    /// What went wrong, in a sentence.
    public var message: String
    /// The exit code: 2 for usage errors, 1 for failures.
    public var exitCode: Int32

    /// Creates an error.
    public init(message: String, exitCode: Int32) {
        self.message = message
        self.exitCode = exitCode
    }

    /// A usage error: exit code 2.
    public static func usage(_ message: String) -> CLIError { CLIError(message: message, exitCode: 2) }
    /// A failure: exit code 1.
    public static func failure(_ message: String) -> CLIError { CLIError(message: message, exitCode: 1) }
}

/// Writes `PROGRAM: message` and a newline to standard error, where
/// PROGRAM is the name the running program was started with.
///
/// - Parameter message: What to say.
public func printError(_ message: String) {
    FileHandle.standardError.write(Data((programName + ": " + TerminalSafeText.make(message) + "\n").utf8))
}

/// The running program's name, such as `keyinput`.
public let programName: String = {
    let path = CommandLine.arguments.first ?? ""
    let name = (path as NSString).lastPathComponent
    return name.isEmpty ? "keyinput" : name
}()

extension CLIError {
    /// A usage error for the first command-line argument that is not valid
    /// UTF-8, or `nil` when all are.
    ///
    /// Swift repairs such arguments with U+FFFD before a command sees them,
    /// which would quietly test, type or look up the wrong text; call this
    /// before parsing to refuse them instead.
    public static func invalidUTF8Argument() -> CLIError? {
        for index in 1..<Int(CommandLine.argc) {
            guard let argument = CommandLine.unsafeArgv[index] else { continue }
            if String(validatingCString: argument) == nil {
                return .usage("argument \(index) is not valid UTF-8 (\(strlen(argument)) bytes)")
            }
        }
        return nil
    }
}
