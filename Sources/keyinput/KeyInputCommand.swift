import ArgumentParser
import Foundation
import KeymapCommandLine
import KeymapTools
import XKB

#if canImport(Glibc)
    import Glibc
#endif

/// `keyinput`: compile keymaps, type key sequences, find how to type text,
/// and run keymap test files.
@main
struct KeyInputCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "keyinput",
        abstract: "Test XKB keymaps: compile them, type on them, and check them in CI.",
        discussion: """
            Exit codes: 0 success, 1 failure (a failed test, a keymap that does not compile), \
            2 usage error (unknown option, key, layout or missing file).
            """,
        version: "0.1.0",
        subcommands: [
            CompileCommand.self, TypeCommand.self, HowToTypeCommand.self, TestCommand.self, ListCommand.self,
        ]
    )

    /// Runs the command, mapping argument-parser's usage errors to exit code 2.
    static func main() {
        do {
            if let invalid = CLIError.invalidUTF8Argument() { throw invalid }
            var command = try parseAsRoot()
            try command.run()
        } catch {
            let code = exitCode(for: error)
            if let failure = error as? CLIError {
                printError(failure.message)
                Glibc.exit(failure.exitCode)
            }
            let message = fullMessage(for: error)
            if code == .success {
                if !message.isEmpty { print(message) }
                Glibc.exit(0)
            }
            if !message.isEmpty { FileHandle.standardError.write(Data((message + "\n").utf8)) }
            // argument-parser uses 64 (EX_USAGE) for usage errors; this tool promises 2.
            Glibc.exit(code == .validationFailure ? 2 : code.rawValue)
        }
    }
}
