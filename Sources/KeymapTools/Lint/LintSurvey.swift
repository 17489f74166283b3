import Foundation
import XKB

/// Lints every layout and variant of the registry, on several threads (`keyinput lint --all`).
public enum LintSurvey {
    /// The findings for one registry layout or variant.
    public struct Result: Hashable, Sendable {
        /// The layout name.
        public var layout: String
        /// The variant name, empty for the base layout.
        public var variant: String
        /// What lint found.
        public var findings: [LintFinding]
        /// Why the keymap did not compile, if it did not.
        public var error: String?

        /// `de(neo)`, or `de` for a base layout.
        public var name: String { variant.isEmpty ? layout : "\(layout)(\(variant))" }
    }

    /// Lints each entry, on `threads` threads, each with its own context and Compose table.
    ///
    /// - Parameters:
    ///   - entries: The layouts and variants, from ``RegistrySurvey/entries(of:)``.
    ///   - rules: The rules the keymaps are compiled with.
    ///   - compose: The Compose table dead keys are checked against.
    ///   - includePaths: Folders searched before the system's.
    ///   - ignoring: Identifiers left out.
    ///   - threads: How many threads to run.
    /// - Returns: One result per entry, in the entries' order.
    public static func run(
        entries: [RegistrySurvey.Entry], rules: String = "evdev", compose: ComposeSetting, includePaths: [String] = [],
        ignoring: Set<String> = [], threads: Int
    ) -> [Result] {
        ParallelMap.run(count: entries.count, threads: threads, state: { compose.table(cache: KeymapCache()) }) {
            table, index in
            let entry = entries[index]
            var result = Result(layout: entry.layout, variant: entry.variant, findings: [])
            do {
                let context = try Context(includePaths: includePaths)
                context.logVerbosity = 1
                let names = RuleNames(rules: rules, model: "pc105", layout: entry.layout, variant: entry.variant, options: "")
                let keymap = try Keymap(context: context, names: names)
                result.findings = KeymapLinter.lint(keymap, composeTable: table).filter { !ignoring.contains($0.id) }
            } catch {
                result.error = "\(error)"
            }
            return result
        }
    }
}
