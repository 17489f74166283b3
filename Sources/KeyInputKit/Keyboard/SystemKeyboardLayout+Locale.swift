import Foundation
import XKB

extension SystemKeyboardLayout {
    /// The locale whose language picks a layout: the first of `LC_ALL`,
    /// `LC_MESSAGES` and `LANG` that is set and not empty.
    static func localeName(in environment: [String: String]) -> String? {
        ["LC_ALL", "LC_MESSAGES", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty }
    }

    /// The registry layout for a locale's language and territory, or `nil`
    /// for `C`, `POSIX` and locales whose language no layout is for.
    ///
    /// The first that exists, for `de_CH.UTF-8`:
    /// 1. the layout named after the territory (`ch`), if it is for the language;
    /// 2. a layout for the language whose countries include the territory;
    /// 3. a variant of the territory's layout for the language (`fr_CH` gives `ch(fr)`);
    /// 4. the layout named after the language (`de`), if it is for the language;
    /// 5. a layout for the language, the one for fewest languages first.
    ///
    /// Each step looks at layouts without variants only, except the third;
    /// ties go to the registry's order.
    ///
    /// - Parameters:
    ///   - locale: A POSIX locale name, such as `de_CH.UTF-8` or `fr_FR@euro`.
    ///   - registry: The registry to choose from.
    /// - Returns: The registry's entry for the layout or variant.
    static func layout(forLocale locale: String, in registry: Registry) -> Registry.Layout? {
        guard let (language, territory) = languageAndTerritory(of: locale) else { return nil }
        let codes = registryLanguageCodes(for: language)
        func isFor(_ layout: Registry.Layout) -> Bool { layout.languages.contains { codes.contains($0.lowercased()) } }
        let bases = registry.layouts.filter { $0.variant == nil && isFor($0) }
        if let territory {
            let name = territory.lowercased()
            if let named = bases.first(where: { $0.name == name }) { return named }
            if let inCountry = bases.first(where: { $0.countries.contains(territory) }) { return inCountry }
            if let variant = registry.layouts.first(where: { $0.name == name && $0.variant != nil && isFor($0) }) {
                return variant
            }
        }
        if let named = bases.first(where: { $0.name == language }) { return named }
        // `min` keeps the first of equals: the registry's order breaks ties.
        return bases.min { $0.languages.count < $1.languages.count }
    }

    /// The lower-case language and upper-case territory of a POSIX locale
    /// name (`language[_territory][.codeset][@modifier]`), or `nil` for `C`,
    /// `POSIX` and names that are no locale.
    static func languageAndTerritory(of locale: String) -> (language: String, territory: String?)? {
        let name = locale.prefix { $0 != "." && $0 != "@" }
        let parts = name.split(separator: "_", maxSplits: 1, omittingEmptySubsequences: false)
        let language = parts[0].lowercased()
        guard (2...3).contains(language.count), language.allSatisfy({ $0 >= "a" && $0 <= "z" }) else { return nil }
        let territory = parts.count > 1 && !parts[1].isEmpty ? parts[1].uppercased() : nil
        return (language, territory)
    }

    /// The codes the registry may name a language by: ISO 639-2 and 639-3
    /// (`deu`), and the bibliographic 639-2/B form where one exists (`ger`).
    static func registryLanguageCodes(for language: String) -> Set<String> {
        // Foundation (ICU) maps ISO 639-1 to 639-2/T: de → deu, fr → fra.
        let terminological = Locale.LanguageCode(language).identifier(.alpha3) ?? language
        var codes: Set = [language, terminological]
        if let bibliographic = bibliographicCodes[terminological] { codes.insert(bibliographic) }
        return codes
    }

    /// ISO 639-2/B codes, by their 639-2/T form, for the languages that have both.
    private static let bibliographicCodes = [
        "sqi": "alb", "hye": "arm", "eus": "baq", "mya": "bur", "zho": "chi", "ces": "cze", "nld": "dut",
        "fra": "fre", "kat": "geo", "deu": "ger", "ell": "gre", "isl": "ice", "mkd": "mac", "mri": "mao",
        "msa": "may", "fas": "per", "ron": "rum", "slk": "slo", "bod": "tib", "cym": "wel",
    ]
}
