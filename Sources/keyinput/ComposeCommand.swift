import ArgumentParser
import Foundation
import KeymapCommandLine
import KeymapTools
import XKB

/// `keyinput compose`: Compose files (`~/.XCompose`).
struct ComposeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "compose",
        abstract: "Check Compose files (the ~/.XCompose format).",
        subcommands: [ComposeCheckCommand.self]
    )
}

/// `keyinput compose check FILE`: what in a Compose file cannot work on a layout.
struct ComposeCheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Check a Compose file against a keymap and the locale's own Compose table.",
        discussion: """
            Finds sequences with keysyms no key types (Multi_key included), sequences that never complete \
            because a shorter one is their prefix, duplicates, overrides of the system's table (old → new), \
            include lines that resolve nowhere (%L, %H, %S, relative and absolute paths), and lines that do \
            not parse or are not UTF-8. Exit 1 when a finding makes a sequence unusable (an error), else 0.
            """
    )

    @OptionGroup var keymap: KeymapOptions

    @Option(help: ArgumentHelp("The locale whose Compose table %L names and overrides are checked against (default: LC_ALL, LC_CTYPE or LANG; en_US.UTF-8 when that has none).", valueName: "locale"))
    var locale: String?

    @Flag(help: "Print JSON: an array of {\"file\", \"line\", \"severity\", \"kind\", \"message\"}.")
    var json = false

    @Argument(help: "The Compose file.")
    var file: String

    func run() throws {
        let bytes: [UInt8]
        do { bytes = try InputFile.bytes(of: file) } catch let error as XKBError {
            throw error.code == .fileUnreadable ? CLIError.usage(error.message) : CLIError.failure(error.message)
        }
        let resolver = try resolver()
        let guide = TypingGuide(keymap: try keymap.compile())
        let findings = ComposeCheck.run(file: file, bytes: bytes, guide: guide, resolver: resolver)
        let output = BufferedOutput()
        if json {
            output.line(ComposeFinding.json(findings))
        } else {
            for finding in findings { output.line(TerminalSafeText.make(finding.text)) }
            output.line(ComposeFinding.summary(findings))
        }
        output.flush()
        if findings.contains(where: { $0.severity == .error }) { throw ExitCode(1) }
    }

    /// The include resolver for the locale asked, else the environment's (en_US.UTF-8 when it has no table).
    private func resolver() throws -> ComposeIncludeResolver {
        if let locale {
            let resolver = ComposeIncludeResolver(locale: locale)
            guard resolver.localeFile() != nil else {
                throw CLIError.usage("no compose table for locale \"\(locale)\"; try en_US.UTF-8")
            }
            return resolver
        }
        let environment = ComposeTable.environmentLocale(ProcessInfo.processInfo.environment)
        let resolver = ComposeIncludeResolver(locale: environment)
        if resolver.localeFile() != nil { return resolver }
        printError("note: locale \"\(environment)\" has no compose table; checking against \(ComposeTable.fallbackLocale)'s (choose with --locale)")
        return ComposeIncludeResolver(locale: ComposeTable.fallbackLocale)
    }
}
