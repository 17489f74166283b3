import ArgumentParser
import Foundation
import KeymapCommandLine
import KeymapTools
import XKB

/// `keyinput lint`: what compiles but is wrong in a keymap.
struct LintCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lint",
        abstract: "Check a keymap for what compiles but is wrong: duplicate letters, Caps Lock, dead keys, unreachable levels.",
        discussion: """
            Each finding has an identifier (KI101 …), a severity and, for a keymap file, its file and line. \
            --explain ID says what a finding means and how to fix it. Exit 1 when there is an error (or a \
            warning, with --werror), 0 otherwise; 2 for usage errors. --all lints every layout and variant of the \
            registry and prints a survey.
            """
    )

    @OptionGroup var keymap: KeymapOptions
    @OptionGroup var compose: ComposeOptions

    @Flag(help: "Print JSON: {\"findings\": [{\"id\", \"severity\", \"message\", \"file\", \"line\"}], \"errors\", \"warnings\", \"notes\"}.")
    var json = false

    @Option(help: ArgumentHelp("Say what a finding means, why it matters and how to fix it.", valueName: "id"))
    var explain: String?

    @Flag(help: "Fail (exit 1) on warnings too.")
    var werror = false

    @Option(
        name: .customLong("ignore"), parsing: .upToNextOption,
        help: ArgumentHelp("Leave out findings with these identifiers.", valueName: "id"))
    var ignored: [String] = []

    @Flag(help: "Lint every layout and variant of the registry and print a survey.")
    var all = false

    @Option(help: ArgumentHelp("Check a registry file (such as evdev.xml) instead of a keymap: KI6xx findings.", valueName: "file"))
    var registry: String?

    func validate() throws {
        if registry != nil, all || keymap.keymapFile != nil || keymap.layout != nil || keymap.variant != nil || keymap.options != nil {
            throw ValidationError("--registry checks a registry file; it cannot be combined with --all, --keymap, --layout, --variant or --options")
        }
        if all, keymap.keymapFile != nil || keymap.layout != nil || keymap.variant != nil || keymap.options != nil {
            throw ValidationError("--all lints the registry's layouts; it cannot be combined with --keymap, --layout, --variant or --options")
        }
    }

    func run() throws {
        let output = BufferedOutput()
        if let explain {
            output.write(LintReport.explanation(of: try Self.rule(explain)))
            return
        }
        let ignoring = Set(try ignored.map { try Self.rule($0).id })
        let cache = KeymapCache()
        let table = try compose.table(cache: cache)
        if all { return try survey(compose: table, ignoring: ignoring, output: output) }
        if let registry { return try checkRegistry(registry, ignoring: ignoring, output: output) }
        try cache.context(includePaths: keymap.includes).logVerbosity = 1
        let compiled = try keymap.compile(cache: cache)
        let source = keymap.keymapFile.flatMap { try? String(contentsOfFile: $0, encoding: .utf8) }
        let findings = KeymapLinter.lint(compiled, file: keymap.keymapFile, sourceText: source, composeTable: table)
            .filter { !ignoring.contains($0.id) }
        if json { output.line(LintReport.json(findings)) } else { output.write(LintReport.text(findings)) }
        output.flush()
        if LintReport.fails(findings, warningsAreErrors: werror) { throw ExitCode(1) }
    }

    /// The rule an identifier names, or a usage error with the nearest identifiers.
    static func rule(_ id: String) throws -> LintRule {
        if let rule = LintCatalog.rule(id) { return rule }
        let known = LintCatalog.rules.map(\.id)
        throw CLIError.usage(
            "unknown finding \"\(id)\"" + KeymapDiagnosis.suggestion(NameSuggestions.nearest(to: id.uppercased(), in: known))
                + " (keyinput lint --explain ID; the identifiers are \(known.joined(separator: ", ")))")
    }

    /// `--registry FILE`: the registry check's findings, printed like a keymap's.
    private func checkRegistry(_ file: String, ignoring: Set<String>, output: BufferedOutput) throws {
        let findings: [LintFinding]
        do {
            findings = try RegistryLint.check(file: file, includePaths: keymap.includes).filter { !ignoring.contains($0.id) }
        } catch let error as RegistryLintError {
            throw error.code == .fileUnreadable ? CLIError.usage(error.message) : CLIError.failure(error.message)
        }
        if json { output.line(LintReport.json(findings)) } else { output.write(LintReport.text(findings)) }
        output.flush()
        if LintReport.fails(findings, warningsAreErrors: werror) { throw ExitCode(1) }
    }

    /// `--all`: every registry layout and variant, then the survey.
    private func survey(compose table: ComposeTable?, ignoring: Set<String>, output: BufferedOutput) throws {
        let rules = keymap.rules ?? "evdev"
        let registry: Registry
        do { registry = try Registry(rules: rules, includePaths: keymap.includes) } catch let error as XKBError {
            throw CLIError.failure(error.description)
        }
        let setting: ComposeSetting = table.map { compose.file.map(ComposeSetting.file) ?? .locale($0.locale) } ?? .off
        let start = Date()
        let results = LintSurvey.run(
            entries: RegistrySurvey.entries(of: registry), rules: rules, compose: setting, includePaths: keymap.includes,
            ignoring: ignoring, threads: ProcessInfo.processInfo.activeProcessorCount)
        let seconds = Date().timeIntervalSince(start)
        if json {
            output.line(LintReport.surveyJSON(results, seconds: seconds))
        } else {
            output.write(LintReport.surveyText(results, seconds: seconds))
        }
        output.flush()
        if results.contains(where: { $0.error != nil || LintReport.fails($0.findings, warningsAreErrors: werror) }) {
            throw ExitCode(1)
        }
    }
}
