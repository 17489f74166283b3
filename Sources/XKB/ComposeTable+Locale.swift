extension ComposeTable {
    /// The locale whose table stands in for a locale that has none.
    public static let fallbackLocale = "en_US.UTF-8"

    /// The compose table chosen for a locale, and what to tell the user
    /// when it is not that locale's own.
    public struct LocaleLookup {
        /// The table: the locale's own, else the fallback locale's, else
        /// `nil` (compose off) when neither loads.
        public let table: ComposeTable?
        /// The locale asked for.
        public let requestedLocale: String
        /// A one-line notice when the table is not the requested locale's,
        /// such as `locale "C" has no compose table; using en_US.UTF-8's`;
        /// `nil` otherwise.
        public let notice: String?
    }

    /// The compose table of `locale`, falling back to ``fallbackLocale``'s
    /// with a notice when that locale has no table.
    ///
    /// - Parameters:
    ///   - locale: A locale name such as `de_DE.UTF-8`.
    ///   - load: Loads the table of a locale, for example from a cache.
    /// - Returns: The table chosen and the notice to show, if any.
    public static func lookUp(locale: String, load: (String) throws -> ComposeTable) -> LocaleLookup {
        if let table = try? load(locale) {
            return LocaleLookup(table: table, requestedLocale: locale, notice: nil)
        }
        let fallback = fallbackLocale
        if locale != fallback, let table = try? load(fallback) {
            return LocaleLookup(
                table: table, requestedLocale: locale,
                notice: "locale \"\(locale)\" has no compose table; using \(fallback)'s")
        }
        return LocaleLookup(
            table: nil, requestedLocale: locale,
            notice: "locale \"\(locale)\" has no compose table, nor has \(fallback); compose is off")
    }

    /// The compose table of a locale, loaded with `context`, falling back to
    /// ``fallbackLocale``'s with a notice when that locale has none.
    ///
    /// - Parameters:
    ///   - locale: A locale name such as `de_DE.UTF-8`.
    ///   - context: The context the table is loaded in.
    /// - Returns: The table chosen and the notice to show, if any.
    public static func lookUp(locale: String, context: Context) -> LocaleLookup {
        lookUp(locale: locale) { try ComposeTable(context: context, locale: $0) }
    }

    /// The compose table of the environment's locale — the first of
    /// `LC_ALL`, `LC_CTYPE` and `LANG` that is set and not empty — falling
    /// back to ``fallbackLocale``'s with a notice when that locale has none.
    ///
    /// - Parameters:
    ///   - environment: The process environment, such as
    ///     `ProcessInfo.processInfo.environment`.
    ///   - load: Loads the table of a locale, for example from a cache.
    /// - Returns: The table chosen and the notice to show, if any.
    public static func lookUp(environment: [String: String], load: (String) throws -> ComposeTable) -> LocaleLookup {
        lookUp(locale: environmentLocale(environment), load: load)
    }

    /// The compose table of the environment's locale, loaded with `context`;
    /// see ``lookUp(environment:load:)``.
    ///
    /// - Parameters:
    ///   - environment: The process environment.
    ///   - context: The context the table is loaded in.
    /// - Returns: The table chosen and the notice to show, if any.
    public static func lookUp(environment: [String: String], context: Context) -> LocaleLookup {
        lookUp(locale: environmentLocale(environment), context: context)
    }
}
