import Foundation
import XKB

/// Checks every layout and variant of the registry for its languages, on
/// several threads.
public enum RegistrySurvey {
    /// One keymap to check: a registry layout or variant and its languages.
    public struct Entry: Hashable, Sendable {
        /// The layout name.
        public var layout: String
        /// The variant name, empty for the base layout.
        public var variant: String
        /// The ISO 639 codes to check.
        public var languages: [String]

        /// Creates an entry.
        ///
        /// - Parameters:
        ///   - layout: The layout name.
        ///   - variant: The variant name, empty for the base layout.
        ///   - languages: The ISO 639 codes to check.
        public init(layout: String, variant: String = "", languages: [String]) {
            self.layout = layout
            self.variant = variant
            self.languages = languages
        }
    }

    /// The registry's layouts and variants, each with the languages it is
    /// for: a variant's own list, else its layout's.
    ///
    /// - Parameter registry: The registry to read.
    /// - Returns: One entry per layout and variant, in the registry's order.
    public static func entries(of registry: Registry) -> [Entry] {
        var baseLanguages: [String: [String]] = [:]
        for layout in registry.layouts where layout.variant == nil { baseLanguages[layout.name] = layout.languages }
        return registry.layouts.map { layout in
            Entry(
                layout: layout.name, variant: layout.variant ?? "",
                languages: layout.languages.isEmpty ? baseLanguages[layout.name] ?? [] : layout.languages)
        }
    }

    /// The languages of a keymap named by layouts and variants: each
    /// layout's, in order, each code once.
    ///
    /// - Parameters:
    ///   - names: The keymap's names, filled in.
    ///   - registry: The registry to read.
    /// - Returns: ISO 639 codes.
    public static func languages(of names: RuleNames, in registry: Registry) -> [String] {
        let all = entries(of: registry)
        var codes: [String] = []
        for (index, layout) in names.layouts.enumerated() {
            let variant = index < names.variants.count ? names.variants[index] : ""
            let entry = all.first { $0.layout == layout && $0.variant == variant } ?? all.first { $0.layout == layout && $0.variant.isEmpty }
            for code in entry?.languages ?? [] where !codes.contains(code) { codes.append(code) }
        }
        return codes
    }

    /// Checks each entry, on `threads` threads at once.
    ///
    /// Each thread has its own context, keymaps and compose table (libxkbcommon
    /// objects are not shared between threads). An entry whose keymap does
    /// not compile is reported with its error.
    ///
    /// - Parameters:
    ///   - entries: What to check.
    ///   - rules: The rules the keymaps are compiled with, those of the registry read.
    ///   - compose: The compose table dead keys and the Compose key use.
    ///   - includePaths: Folders searched for keymap files before the system's.
    ///   - threads: How many threads to run.
    /// - Returns: One report per entry, in the entries' order.
    public static func run(
        entries: [Entry], rules: String = "evdev", compose: ComposeSetting, includePaths: [String] = [], threads: Int
    ) -> [CoverageReport] {
        ParallelMap.run(count: entries.count, threads: threads, state: { compose.table(cache: KeymapCache()) }) {
            table, index in check(entries[index], rules: rules, compose: table, includePaths: includePaths)
        }
    }

    /// Checks one entry on a fresh keymap.
    static func check(_ entry: Entry, rules: String, compose: ComposeTable?, includePaths: [String]) -> CoverageReport {
        let names = RuleNames(rules: rules, model: "pc105", layout: entry.layout, variant: entry.variant, options: "")
        let keymap: Keymap
        do {
            keymap = try Keymap(context: Context(includePaths: includePaths), names: names)
        } catch {
            return CoverageReport(layout: entry.layout, variant: entry.variant, languages: [], error: "\(error)")
        }
        let guide = TypingGuide(keymap: keymap, composeTable: compose)
        return CoverageReport(
            layout: entry.layout, variant: entry.variant,
            languages: entry.languages.map { LanguageCoverage.check(code: $0, guide: guide) })
    }
}
