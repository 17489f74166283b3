import Foundation
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

    /// Where Debian keeps the system's keyboard settings, the second source ``resolve(environment:defaultKeyboardFile:registry:includePaths:)`` reads.
    public static let defaultKeyboardFilePath = "/etc/default/keyboard"

    /// The system's registry, read at first use; `nil` when it cannot be read.
    static let systemRegistry: Registry? = try? Registry()
}
