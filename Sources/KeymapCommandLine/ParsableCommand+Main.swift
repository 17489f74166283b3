import ArgumentParser
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

extension ParsableCommand {
    /// Parses the command line, runs the command, and exits with the code of how it ended.
    ///
    /// Arguments that are not valid UTF-8 are refused before parsing; errors
    /// are printed and mapped to exit codes by ``commandLineExit(for:programName:)``.
    /// Call it from the root command's `static func main()`.
    ///
    /// - Parameter run: Runs the parsed command; by default its `run()`.
    @MainActor
    public static func runMain(_ run: (inout any ParsableCommand) throws -> Void = { try $0.run() }) -> Never {
        do {
            if let invalid = CLIError.invalidUTF8Argument() { throw invalid }
            var command = try parseAsRoot()
            try run(&command)
            if let failure = BufferedOutput.failure {
                throw CLIError.failure("could not write to standard output: \(failure)")
            }
            Glibc.exit(0)
        } catch {
            let ending = commandLineExit(for: error)
            if !ending.message.isEmpty {
                // Help is ours to print as written; errors echo what they were given.
                let message = ending.stream == .standardError ? TerminalSafeText.make(ending.message) : ending.message
                let text = Data((message + "\n").utf8)
                switch ending.stream {
                case .standardOutput: FileHandle.standardOutput.write(text)
                case .standardError: FileHandle.standardError.write(text)
                }
            }
            Glibc.exit(ending.code)
        }
    }

    /// What to print, and the exit code, when the command ends with `error`.
    ///
    /// A ``CLIError`` prints `PROGRAM: message` with its own code. Help and
    /// version requests print to standard output and exit 0. argument-parser's
    /// usage errors exit 2 (not its 64), other errors with their own code.
    ///
    /// - Parameters:
    ///   - error: The error the command ended with.
    ///   - programName: The name before a ``CLIError``'s message.
    /// - Returns: The message, its stream and the exit code.
    public static func commandLineExit(for error: any Error, programName: String = programName) -> CommandLineExit {
        if let failure = error as? CLIError {
            return CommandLineExit(
                code: failure.exitCode, message: programName + ": " + failure.message, stream: .standardError)
        }
        let code = exitCode(for: error)
        let message = fullMessage(for: error)
        if code == .success { return CommandLineExit(code: 0, message: message, stream: .standardOutput) }
        return CommandLineExit(
            code: code == .validationFailure ? 2 : code.rawValue, message: message, stream: .standardError)
    }
}
