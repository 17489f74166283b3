import Dispatch
import Foundation
import Synchronization
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
        let results = Results(count: entries.count)
        let next = Atomic(0)
        DispatchQueue.concurrentPerform(iterations: max(1, threads)) { _ in
            let cache = KeymapCache()
            let table: ComposeTable?
            switch compose {
            case .off: table = nil
            case .locale(let locale): table = try? cache.composeTable(locale: locale)
            case .file(let path): table = try? cache.composeTable(file: path)
            }
            while true {
                let index = next.add(1, ordering: .relaxed).oldValue
                guard index < entries.count else { break }
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
                results.set(result, at: index)
            }
        }
        return results.all
    }

    /// The results the threads fill in, behind an `NSLock` (as ``RegistrySurvey`` does, for the thread sanitizer).
    private final class Results: @unchecked Sendable {
        private let lock = NSLock()
        private var results: [Result?]

        init(count: Int) { results = Array(repeating: nil, count: count) }

        func set(_ result: Result, at index: Int) { lock.withLock { results[index] = result } }

        var all: [Result] { lock.withLock { results.compactMap { $0 } } }
    }
}
