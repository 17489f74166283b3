import ArgumentParser
import KeymapCommandLine
import KeymapTools
import XKB

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
        version: keyInputKitVersion,
        subcommands: [
            CompileCommand.self, TypeCommand.self, HowToTypeCommand.self, TestCommand.self, ListCommand.self,
            CoverageCommand.self, LintCommand.self, RenderCommand<RunsCompanion>.self, WatchCommand<RunsCompanion>.self,
            DiffCommand.self,
            ComposeCommand.self,
        ]
    )

    /// Runs the command: usage errors exit 2, failures 1, each with a message on standard error.
    @MainActor
    static func main() { runMain() }
}
