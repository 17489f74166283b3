import ArgumentParser
import Foundation
import KeymapCommandLine
import KeymapTools
import XKB

/// `keyinput coverage`: can a layout type the letters of its languages?
struct CoverageCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "coverage",
        abstract: "Check that a layout can type every letter of its languages (CLDR exemplar characters).",
        discussion: """
            The languages come from the registry (a variant's own, else its layout's) unless --language \
            names others. Letters count as typeable through keys at any level, Caps Lock, dead keys and \
            compose sequences (with compose on), in any layout of the keymap. Exit 1 when a letter cannot be \
            typed, 0 when every language is covered or has no CLDR data. \
            --all checks every layout and variant of the registry.
            """
    )

    @OptionGroup var keymap: KeymapOptions
    @OptionGroup var compose: ComposeOptions

    @Option(
        name: .customLong("language"), parsing: .upToNextOption,
        help: ArgumentHelp("ISO 639 codes of the languages to check instead of the registry's.", valueName: "code"))
    var languages: [String] = []

    @Flag(help: "Check every layout and variant in the registry, each for its own languages.")
    var all = false

    @Flag(help: "Print JSON: an array of {\"layout\", \"variant\", \"languages\", \"missing\"}.")
    var json = false

    func validate() throws {
        if all, keymap.keymapFile != nil || keymap.layout != nil || keymap.variant != nil || keymap.options != nil {
            throw ValidationError("--all checks the registry's layouts; it cannot be combined with --keymap, --layout, --variant or --options")
        }
        if all, !languages.isEmpty {
            throw ValidationError("--all checks each layout for its own languages; it cannot be combined with --language")
        }
    }

    func run() throws {
        if let reason = CLDRLanguages.unavailableReason {
            throw CLIError.failure("cannot read CLDR's letters: ICU could not be opened (\(reason))")
        }
        for code in languages where CLDRLanguages.canonicalCode(code) == nil {
            throw CLIError.usage(
                "unknown language code \"\(code)\" (give an ISO 639 code such as fr or fra)"
                    + KeymapDiagnosis.suggestion(CLDRLanguages.suggestions(for: code)))
        }
        let cache = KeymapCache()
        let table = try compose.table(cache: cache)
        let reports: [CoverageReport]
        if all {
            reports = try survey(compose: table)
        } else {
            reports = [try checkKeymap(cache: cache, compose: table)]
        }
        let output = BufferedOutput()
        if json {
            output.line(CoverageReport.json(reports))
        } else {
            for report in reports { output.write(report.text(limit: all ? 40 : nil)) }
            if all { output.line(CoverageReport.summary(reports)) }
        }
        output.flush()
        if reports.contains(where: { $0.outcome == .missing || $0.outcome == .failed }) { throw ExitCode(1) }
    }

    /// The keymap the options name, checked for the languages asked or its registry languages.
    private func checkKeymap(cache: KeymapCache, compose table: ComposeTable?) throws -> CoverageReport {
        let compiled = try keymap.compile(cache: cache)
        let names = keymap.names.filledIn()
        var codes = languages
        if codes.isEmpty {
            guard keymap.keymapFile == nil else {
                throw CLIError.usage("a keymap file names no languages; give them with --language, such as --language fr")
            }
            let registry: Registry
            do { registry = try Registry(includePaths: keymap.includes) } catch let error as XKBError {
                throw CLIError.failure(error.description)
            }
            codes = RegistrySurvey.languages(of: names, in: registry)
        }
        let guide = TypingGuide(keymap: compiled, composeTable: table)
        // "us,ru" has the variants ",": none to show.
        let variant = keymap.keymapFile == nil ? names.variant ?? "" : ""
        return CoverageReport(
            layout: keymap.keymapFile ?? names.layout ?? "", variant: variant.allSatisfy { $0 == "," } ? "" : variant,
            languages: codes.map { LanguageCoverage.check(code: $0, guide: guide) })
    }

    /// Every registry layout and variant, on every core.
    private func survey(compose table: ComposeTable?) throws -> [CoverageReport] {
        let rules = keymap.rules ?? "evdev"
        let registry: Registry
        do { registry = try Registry(rules: rules, includePaths: keymap.includes) } catch let error as XKBError {
            throw CLIError.failure(error.description)
        }
        let setting: ComposeSetting = table.map { compose.file.map(ComposeSetting.file) ?? .locale($0.locale) } ?? .off
        return RegistrySurvey.run(
            entries: RegistrySurvey.entries(of: registry), rules: rules, compose: setting, includePaths: keymap.includes,
            threads: ProcessInfo.processInfo.activeProcessorCount)
    }
}
