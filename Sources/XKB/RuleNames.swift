import Foundation

/// The names a keymap is built from: rules, model, layout, variant and
/// options (RMLVO, `struct xkb_rule_names`).
///
/// Leave a name `nil` (or empty) for libxkbcommon's default;
/// ``filledIn(environment:)`` tells what those defaults are.
/// Several layouts are separated by commas: `layout: "us,de"`,
/// `variant: ",nodeadkeys"`. Options are comma-separated too:
/// `options: "compose:ralt,ctrl:nocaps"`.
public struct RuleNames: Hashable, Sendable, CustomStringConvertible {
    /// The rules file, such as `evdev`.
    public var rules: String?
    /// The keyboard model, such as `pc105`.
    public var model: String?
    /// One or more comma-separated layouts, such as `us` or `us,ru`.
    public var layout: String?
    /// The variants of those layouts, such as `intl` or `,phonetic`.
    public var variant: String?
    /// Comma-separated options, such as `compose:ralt`.
    public var options: String?

    /// Creates a set of names; `nil` means libxkbcommon's default.
    public init(
        rules: String? = nil, model: String? = nil, layout: String? = nil,
        variant: String? = nil, options: String? = nil
    ) {
        self.rules = rules
        self.model = model
        self.layout = layout
        self.variant = variant
        self.options = options
    }

    /// libxkbcommon's built-in defaults: `evdev`, `pc105`, `us`, no variant,
    /// no options.
    public static let builtInDefaults = RuleNames(
        rules: "evdev", model: "pc105", layout: "us", variant: "", options: "")

    /// These names with every missing one filled in the way libxkbcommon
    /// fills it in.
    ///
    /// Missing rules, model and layout come from `XKB_DEFAULT_RULES`,
    /// `XKB_DEFAULT_MODEL` and `XKB_DEFAULT_LAYOUT`, else ``builtInDefaults``.
    /// A missing layout also replaces the variant (from
    /// `XKB_DEFAULT_VARIANT` only when `XKB_DEFAULT_LAYOUT` is set), because
    /// a variant belongs to its layout. Options that are `nil` come from
    /// `XKB_DEFAULT_OPTIONS`; empty options stay empty.
    ///
    /// - Parameter environment: The environment variables to read, or `nil`
    ///   to ignore them (a context created with `noEnvironmentNames`).
    /// - Returns: Names with nothing missing.
    public func filledIn(environment: [String: String]? = ProcessInfo.processInfo.environment) -> RuleNames {
        func env(_ key: String) -> String? {
            guard let value = environment?[key], !value.isEmpty else { return nil }
            return value
        }
        func isEmpty(_ value: String?) -> Bool { value?.isEmpty ?? true }
        var names = self
        if isEmpty(names.rules) { names.rules = env("XKB_DEFAULT_RULES") ?? "evdev" }
        if isEmpty(names.model) { names.model = env("XKB_DEFAULT_MODEL") ?? "pc105" }
        if isEmpty(names.layout) {
            names.layout = env("XKB_DEFAULT_LAYOUT") ?? "us"
            names.variant = env("XKB_DEFAULT_LAYOUT") != nil ? (env("XKB_DEFAULT_VARIANT") ?? "") : ""
        }
        if names.variant == nil { names.variant = "" }
        if names.options == nil { names.options = env("XKB_DEFAULT_OPTIONS") ?? "" }
        return names
    }

    /// The layouts, split at commas.
    public var layouts: [String] { Self.split(layout) }
    /// The variants, split at commas; position *n* belongs to layout *n*.
    public var variants: [String] { Self.split(variant) }
    /// The options, split at commas.
    public var optionList: [String] { Self.split(options).filter { !$0.isEmpty } }

    private static func split(_ value: String?) -> [String] {
        guard let value, !value.isEmpty else { return [] }
        return value.split(separator: ",", omittingEmptySubsequences: false).map {
            $0.trimmingCharacters(in: .whitespaces)
        }
    }

    /// `rules=… model=… layout=… variant=… options=…`, leaving out missing names.
    public var description: String {
        [("rules", rules), ("model", model), ("layout", layout), ("variant", variant), ("options", options)]
            .compactMap { key, value in value.map { "\(key)=\($0)" } }
            .joined(separator: " ")
    }
}
