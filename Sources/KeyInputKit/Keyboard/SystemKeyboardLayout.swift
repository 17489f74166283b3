import Foundation
import Logging
import XKB

/// The keyboard layout the system is configured for, for a keyboard drawn on
/// screen when no hardware keyboard has given one.
///
/// The layout is resolved from the first of these that names one which compiles:
///
/// 1. `XKB_DEFAULT_LAYOUT` (with `XKB_DEFAULT_VARIANT`, `XKB_DEFAULT_OPTIONS`,
///    `XKB_DEFAULT_MODEL` and `XKB_DEFAULT_RULES`) in the environment.
/// 2. Debian's `/etc/default/keyboard`, as `localectl` and the installer write it.
/// 3. The xkeyboard-config layout for the language and territory of the locale
///    (`LC_ALL`, else `LC_MESSAGES`, else `LANG`): `de_CH.UTF-8` gives `ch`.
/// 4. `us`.
///
/// A configured layout that does not compile is passed over with a warning
/// naming the registry's nearest names (``warnings``).
///
/// ```swift
/// let layout = SystemKeyboardLayout.current()
/// let keymap = try layout.makeKeymap(context: Context())
/// ```
public struct SystemKeyboardLayout: Hashable, Sendable, CustomStringConvertible {
    /// Where a layout came from.
    public enum Source: Hashable, Sendable, CustomStringConvertible {
        /// The `XKB_DEFAULT_*` environment variables.
        case environment
        /// A Debian keyboard file, such as `/etc/default/keyboard`, at this path.
        case defaultKeyboardFile(String)
        /// The registry's layout for this locale, such as `de_CH.UTF-8`.
        case locale(String)
        /// The built-in `us` layout.
        case fallback

        /// Where the layout came from, for a log line: `XKB_DEFAULT_LAYOUT`,
        /// the file's path, `the locale de_CH.UTF-8` or `the built-in default`.
        public var description: String {
            switch self {
            case .environment: "XKB_DEFAULT_LAYOUT"
            case .defaultKeyboardFile(let path): path
            case .locale(let locale): "the locale \(locale)"
            case .fallback: "the built-in default"
            }
        }
    }

    /// The names to compile, every one filled in.
    public var names: RuleNames
    /// Where the names came from.
    public var source: Source
    /// A short label per layout, such as `de` or `ru`, for a layout-switch key:
    /// the registry's brief for the variant, else for the layout, else the layout's name.
    public var shortNames: [String]
    /// Why earlier sources were passed over: each names the layout that did
    /// not compile and the registry's nearest names.
    public var warnings: [String]

    /// Creates a layout from names, filling in missing names with libxkbcommon's defaults.
    ///
    /// - Parameters:
    ///   - names: The names; `nil` ones become `evdev`, `pc105`, `us`, no variant, no options.
    ///   - source: Where the names came from.
    ///   - shortNames: A label per layout; `nil` to look them up in the system's registry.
    ///   - warnings: Why earlier sources were passed over.
    public init(names: RuleNames, source: Source, shortNames: [String]? = nil, warnings: [String] = []) {
        self.names = names.filledIn(environment: nil)
        self.source = source
        self.shortNames = shortNames ?? Self.shortNames(for: self.names, in: Self.systemRegistry)
        self.warnings = warnings
    }

    /// Each layout the way `setxkbmap` writes it: `us`, `ru(phonetic)`.
    public var qualifiedNames: [String] {
        let variants = names.variants
        return names.layouts.enumerated().map { index, layout in
            let variant = index < variants.count ? variants[index] : ""
            return variant.isEmpty ? layout : "\(layout)(\(variant))"
        }
    }

    /// The layouts separated by commas, such as `us,ru(phonetic)`.
    public var description: String { qualifiedNames.joined(separator: ",") }

    /// Compiles the layout's keymap.
    ///
    /// - Parameter context: Where to look up the rules and keymap files.
    /// - Returns: The keymap.
    /// - Throws: ``XKBError`` when the names do not compile in `context`.
    public func makeKeymap(context: Context) throws -> Keymap {
        try Keymap(context: context, names: names)
    }

    /// The rules file read when no rules are configured: Debian's keyboard settings.
    public static let defaultKeyboardFilePath = "/etc/default/keyboard"

    static let logger = Logger(label: "KeyInputKit.SystemKeyboardLayout")

    /// The system's registry, read at first use; `nil` when it cannot be read.
    static let systemRegistry: Registry? = try? Registry()
}

// MARK: - Resolving

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
                warnings.append("keyboard layout from \(source) does not compile: \(problem); trying the next source")
                continue
            }
            return SystemKeyboardLayout(
                names: filled, source: source, shortNames: shortNames(for: filled, in: registry), warnings: warnings)
        }
        let fallback = RuleNames.builtInDefaults
        return SystemKeyboardLayout(
            names: fallback, source: .fallback, shortNames: shortNames(for: fallback, in: registry), warnings: warnings)
    }

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
            if !registry.layoutNames.contains(layout) {
                problems.append(unknown("layout", layout, NameSuggestions.nearest(to: layout, in: registry.layoutNames)))
            } else if !variant.isEmpty, !registry.variants(of: layout).contains(variant) {
                let known = registry.variants(of: layout)
                problems.append(unknown("variant", "\(layout)(\(variant))", NameSuggestions.nearest(to: variant, in: known)))
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
