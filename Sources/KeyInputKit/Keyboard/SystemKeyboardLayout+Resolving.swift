import Foundation
import Logging
import XKB

extension SystemKeyboardLayout {
    /// Resolves the layout from the sources in order (see ``SystemKeyboardLayout``).
    ///
    /// Each configured layout is compiled once to check it; one that does
    /// not compile adds a warning and passes to the next source. Nothing is logged.
    ///
    /// - Parameters:
    ///   - environment: The environment variables to read.
    ///   - defaultKeyboardFile: The path of the Debian keyboard file.
    ///   - registry: The xkeyboard-config registry; `nil` for the system's, read once.
    ///   - includePaths: Folders searched for keymap files before the system's.
    /// - Returns: The first layout that compiles, else `us`.
    public static func resolve(
        environment: [String: String] = ProcessInfo.processInfo.environment,
        defaultKeyboardFile: String = defaultKeyboardFilePath,
        registry: Registry? = nil, includePaths: [String] = []
    ) -> SystemKeyboardLayout {
        let registry = registry ?? systemRegistry
        var warnings: [String] = []
        var candidates: [(RuleNames, Source)] = []
        if let layout = environment["XKB_DEFAULT_LAYOUT"], !layout.isEmpty {
            candidates.append((RuleNames().filledIn(environment: environment), .environment))
        }
        if let names = namesFromDefaultKeyboardFile(at: defaultKeyboardFile) {
            candidates.append((names, .defaultKeyboardFile(defaultKeyboardFile)))
        }
        if let locale = localeName(in: environment), let registry,
            let layout = layout(forLocale: locale, in: registry)
        {
            candidates.append((RuleNames(layout: layout.name, variant: layout.variant), .locale(locale)))
        }
        for (names, source) in candidates {
            let filled = names.filledIn(environment: nil)
            if let problem = compileProblem(filled, includePaths: includePaths, registry: registry) {
                let layout = SystemKeyboardLayout(names: filled, source: source, shortNames: [])
                warnings.append("keyboard layout \"\(layout)\" from \(source) does not compile: \(problem); trying the next source")
                continue
            }
            return SystemKeyboardLayout(
                names: filled, source: source, shortNames: shortNames(for: filled, in: registry), warnings: warnings)
        }
        let fallback = RuleNames.builtInDefaults
        return SystemKeyboardLayout(
            names: fallback, source: .fallback, shortNames: shortNames(for: fallback, in: registry), warnings: warnings)
    }

    /// Where ``current()`` says which layout it chose and why.
    static let logger = Logger(label: "KeyInputKit.SystemKeyboardLayout")

    /// The layout the system is configured for, resolved once for the process.
    ///
    /// The first call resolves it with ``resolve(environment:defaultKeyboardFile:registry:includePaths:)``
    /// and logs, once, each source passed over (at warning level) and the
    /// layout chosen and why (at info level).
    ///
    /// - Returns: The same layout at every call.
    @MainActor
    public static func current() -> SystemKeyboardLayout {
        if let resolved = Resolved.layout { return resolved }
        let layout = resolve()
        for warning in layout.warnings { logger.warning("\(warning)") }
        logger.info("on-screen keyboard layout \"\(layout)\" from \(layout.source)")
        Resolved.layout = layout
        return layout
    }

    /// Why names do not compile, with the registry's nearest names, or `nil` when they compile.
    static func compileProblem(_ names: RuleNames, includePaths: [String], registry: Registry?) -> String? {
        do {
            _ = try Keymap(context: Context(options: .noEnvironmentNames, includePaths: includePaths), names: names)
            return nil
        } catch {
            let unknown = registry.map { unknownNames(in: names, registry: $0) } ?? []
            return unknown.isEmpty ? "\(error)" : unknown.joined(separator: "; ")
        }
    }

    /// Each layout or variant the registry does not know, with its nearest known names.
    static func unknownNames(in names: RuleNames, registry: Registry) -> [String] {
        let variants = names.variants
        var problems: [String] = []
        for (index, layout) in names.layouts.enumerated() {
            let variant = index < variants.count ? variants[index] : ""
            let layoutNames = registry.layoutNames
            let variantNames = registry.variants(of: layout)
            if !layoutNames.contains(layout) {
                problems.append(unknown("layout", layout, NameSuggestions.nearest(to: layout, in: layoutNames)))
            } else if !variant.isEmpty, !variantNames.contains(variant) {
                let nearest = NameSuggestions.nearest(to: variant, in: variantNames)
                problems.append(unknown("variant", "\(layout)(\(variant))", nearest))
            }
        }
        return problems
    }

    private static func unknown(_ kind: String, _ name: String, _ nearest: [String]) -> String {
        let suggestion = nearest.isEmpty ? "" : " (nearest: \(nearest.map { "\"\($0)\"" }.joined(separator: ", ")))"
        return "unknown \(kind) \"\(name)\"\(suggestion)"
    }
}

/// The layout ``SystemKeyboardLayout/current()`` resolved, kept on the main actor.
@MainActor
private enum Resolved {
    static var layout: SystemKeyboardLayout?
}
