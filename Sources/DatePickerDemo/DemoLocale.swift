import Foundation

/// The locale `--locale` names, checked before Foundation sees it: an identifier that is not
/// well formed (`ü`, `日本`) crashed Foundation's date formats, and one nobody speaks (`xx_YY`)
/// gave half-translated dates.
public enum DemoLocale {
    /// A language (2–3 letters), then a script (4 letters), a region (2 letters or 3 digits) and
    /// variants, each optional, joined by `_` or `-`; a `.charset` and `@keywords` may follow.
    private static var wellFormed: some RegexComponent {
        /[A-Za-z]{2,3}([_-][A-Za-z]{4})?([_-]([A-Za-z]{2}|[0-9]{3}))?([_-]([A-Za-z0-9]{5,8}|[0-9][A-Za-z0-9]{3}))*(\.[A-Za-z0-9_-]+)?(@[A-Za-z0-9=;_-]+)?/
    }

    /// The languages Foundation has data for, such as `de` and `sr`.
    private static let knownLanguages: Set<String> = Set(
        Locale.availableIdentifiers.map { String($0.prefix { $0 != "_" && $0 != "-" }).lowercased() })

    /// The locale for `identifier`.
    ///
    /// - Parameters:
    ///   - identifier: What `--locale` gave.
    ///   - fallback: The locale used when the identifier names a language Foundation does not know.
    /// - Returns: The locale, and a warning to print when `fallback` was used instead.
    /// - Throws: ``DemoError`` (`usage`) naming the identifier when it is not well formed.
    public static func resolve(_ identifier: String, fallback: Locale = .current) throws -> (
        locale: Locale, warning: String?
    ) {
        // The POSIX locale, as the environment names it: English dates in a fixed form.
        if ["C", "POSIX"].contains(identifier.prefix { $0 != "." }) { return (Locale(identifier: "en_US_POSIX"), nil) }
        guard identifier.wholeMatch(of: wellFormed) != nil else {
            throw DemoError(
                "--locale \(identifier.debugDescription): not a locale identifier; expected a language code, then a region, such as en, de_DE or sr_Latn_RS",
                code: .usage)
        }
        let language = String(identifier.prefix { $0 != "_" && $0 != "-" && $0 != "." && $0 != "@" }).lowercased()
        guard knownLanguages.contains(language) else {
            return (
                fallback,
                "--locale \(identifier): no locale data for the language \(language); dates are written in \(fallback.identifier)'s way"
            )
        }
        return (Locale(identifier: identifier), nil)
    }
}
