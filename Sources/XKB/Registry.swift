import CXKBRegistry

/// The layouts, variants, models and options xkeyboard-config describes,
/// read from its registry (`evdev.xml`) through libxkbregistry.
///
/// The registry is what keyboard settings screens show. It is read once, at
/// creation, into plain values, so a `Registry` holds no C handle.
public struct Registry: Hashable, Sendable {
    /// A keyboard model, such as `pc105`.
    public struct Model: Hashable, Sendable {
        /// The name to pass as the RMLVO model.
        public var name: String
        /// A description for people.
        public var description: String
        /// The vendor, when the registry names one.
        public var vendor: String?
    }

    /// A layout, or one variant of a layout.
    public struct Layout: Hashable, Sendable {
        /// The layout's name, such as `de`.
        public var name: String
        /// The variant's name, such as `nodeadkeys`, or `nil` for the layout itself.
        public var variant: String?
        /// A short label, such as `de`.
        public var brief: String?
        /// A description for people, such as `German (no dead keys)`.
        public var description: String
        /// ISO 639 language codes the layout is for.
        public var languages: [String]
        /// ISO 3166 country codes the layout is for.
        public var countries: [String]

        /// `name` or `name(variant)`, the way `setxkbmap` writes it.
        public var qualifiedName: String { variant.map { "\(name)(\($0))" } ?? name }
    }

    /// An option, such as `compose:ralt`.
    public struct Option: Hashable, Sendable {
        /// The name to pass in the RMLVO options.
        public var name: String
        /// A description for people.
        public var description: String
        /// The name of the group the option belongs to, such as `compose`.
        public var group: String
    }

    /// Every model.
    public var models: [Model]
    /// Every layout, each followed by its variants.
    public var layouts: [Layout]
    /// Every option.
    public var options: [Option]

    /// Reads the registry of a rules set.
    ///
    /// - Parameters:
    ///   - rules: The rules set, `evdev` by default.
    ///   - includePaths: Extra folders searched before the system's.
    ///   - includeExotic: Whether to list layouts xkeyboard-config marks as
    ///     exotic (rarely used); on by default, since they compile like any other.
    /// - Throws: ``XKBError`` (`registryUnavailable`) when libxkbregistry
    ///   cannot be opened (it is opened at the first registry read), or the
    ///   registry cannot be found or parsed.
    public init(rules: String = "evdev", includePaths: [String] = [], includeExotic: Bool = true) throws {
        guard let library = cxkb_registry()?.pointee else {
            let reason = cxkb_registry_error().map { String(cString: $0) } ?? "unknown"
            throw XKBError(.registryUnavailable, "libxkbregistry could not be opened: \(reason)")
        }
        let flags: rxkb_context_flags =
            includeExotic
            ? rxkb_context_flags(RXKB_CONTEXT_LOAD_EXOTIC_RULES.rawValue | RXKB_CONTEXT_NO_DEFAULT_INCLUDES.rawValue)
            : RXKB_CONTEXT_NO_DEFAULT_INCLUDES
        guard let context = library.rxkb_context_new(flags) else {
            throw XKBError(.registryUnavailable, "libxkbregistry could not create a context")
        }
        defer { _ = library.rxkb_context_unref(context) }
        library.rxkb_context_set_log_level(context, RXKB_LOG_LEVEL_CRITICAL)
        for path in includePaths { _ = library.rxkb_context_include_path_append(context, path) }
        _ = library.rxkb_context_include_path_append_default(context)
        guard library.rxkb_context_parse(context, rules) else {
            throw XKBError(.registryUnavailable, "could not read the keyboard registry for rules \"\(rules)\"")
        }

        func string(_ pointer: UnsafePointer<CChar>?) -> String? { pointer.map { String(cString: $0) } }

        var models: [Model] = []
        var model = library.rxkb_model_first(context)
        while let current = model {
            models.append(
                Model(
                    name: string(library.rxkb_model_get_name(current)) ?? "",
                    description: string(library.rxkb_model_get_description(current)) ?? "",
                    vendor: string(library.rxkb_model_get_vendor(current))))
            model = library.rxkb_model_next(current)
        }

        var layouts: [Layout] = []
        var layout = library.rxkb_layout_first(context)
        while let current = layout {
            var languages: [String] = []
            var language = library.rxkb_layout_get_iso639_first(current)
            while let code = language {
                if let value = string(library.rxkb_iso639_code_get_code(code)) { languages.append(value) }
                language = library.rxkb_iso639_code_next(code)
            }
            var countries: [String] = []
            var country = library.rxkb_layout_get_iso3166_first(current)
            while let code = country {
                if let value = string(library.rxkb_iso3166_code_get_code(code)) { countries.append(value) }
                country = library.rxkb_iso3166_code_next(code)
            }
            layouts.append(
                Layout(
                    name: string(library.rxkb_layout_get_name(current)) ?? "",
                    variant: string(library.rxkb_layout_get_variant(current)),
                    brief: string(library.rxkb_layout_get_brief(current)),
                    description: string(library.rxkb_layout_get_description(current)) ?? "",
                    languages: languages, countries: countries))
            layout = library.rxkb_layout_next(current)
        }

        var options: [Option] = []
        var group = library.rxkb_option_group_first(context)
        while let currentGroup = group {
            let groupName = string(library.rxkb_option_group_get_name(currentGroup)) ?? ""
            var option = library.rxkb_option_first(currentGroup)
            while let current = option {
                options.append(
                    Option(
                        name: string(library.rxkb_option_get_name(current)) ?? "",
                        description: string(library.rxkb_option_get_description(current)) ?? "",
                        group: groupName))
                option = library.rxkb_option_next(current)
            }
            group = library.rxkb_option_group_next(currentGroup)
        }

        self.models = models
        self.layouts = layouts
        self.options = options
    }

    /// The names of all layouts (without variants).
    public var layoutNames: [String] {
        var seen = Set<String>()
        return layouts.compactMap { $0.variant == nil && seen.insert($0.name).inserted ? $0.name : nil }
    }

    /// The variants of a layout.
    public func variants(of layout: String) -> [String] {
        layouts.compactMap { $0.name == layout ? $0.variant : nil }
    }
}

/// Names close to a misspelt one, for "did you mean …?" messages.
public enum NameSuggestions {
    /// Up to `limit` names from `candidates` nearest to `name` by edit
    /// distance (ignoring case), nearest first; names that start with
    /// `name` count as near.
    public static func nearest(to name: String, in candidates: [String], limit: Int = 3) -> [String] {
        // No key, layout or option name comes near 256 bytes: a longer name has
        // no neighbours, and measuring it against every candidate would take seconds.
        guard !name.isEmpty, name.utf8.count <= 256 else { return [] }
        let target = Array(name.lowercased().utf8)
        let threshold = max(2, target.count / 3)
        var scored: [(distance: Int, name: String)] = []
        var seen = Set<String>()
        for candidate in candidates where seen.insert(candidate).inserted {
            let lower = Array(candidate.lowercased().utf8)
            var distance = editDistance(target, lower, cap: threshold + 1)
            if lower.starts(with: target) {
                distance = min(distance, 1)  // a prefix of a longer name
            } else if isSubsequence(target, of: lower) {
                distance = min(distance, 2)  // an abbreviation: LSHIFT for LEFTSHIFT
            }
            if distance <= threshold { scored.append((distance, candidate)) }
        }
        scored.sort { ($0.distance, $0.name.count, $0.name) < ($1.distance, $1.name.count, $1.name) }
        return scored.prefix(limit).map(\.name)
    }

    static func isSubsequence(_ a: [UInt8], of b: [UInt8]) -> Bool {
        var index = b.startIndex
        for byte in a {
            guard let found = b[index...].firstIndex(of: byte) else { return false }
            index = found + 1
        }
        return true
    }

    /// Levenshtein distance, giving up (returning `cap`) once it exceeds `cap`.
    static func editDistance(_ a: [UInt8], _ b: [UInt8], cap: Int) -> Int {
        if abs(a.count - b.count) >= cap { return cap }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...max(a.count, 1) where !a.isEmpty {
            current[0] = i
            var rowMin = current[0]
            for j in 1...max(b.count, 1) where !b.isEmpty {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                rowMin = min(rowMin, current[j])
            }
            if rowMin >= cap { return cap }
            swap(&previous, &current)
        }
        return min(previous[b.count], cap)
    }
}
