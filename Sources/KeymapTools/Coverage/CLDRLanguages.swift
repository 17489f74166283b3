import CICU
import XKB

/// Language codes and CLDR exemplar characters, read from ICU's copy of CLDR.
///
/// xkeyboard-config's registry names languages with ISO 639-2 and 639-3
/// codes (`fra`, `srp`, `kur`); CLDR names them with the shortest code
/// (`fr`, `sr`, `ku`) and, where a language is written in several scripts, a
/// script subtag (`sr_Latn`). ICU answers both questions and is thread-safe.
public enum CLDRLanguages {
    /// Why ICU, which holds CLDR's data, could not be opened, or `nil` when it
    /// was; it is opened at the first question. Without it every language is unknown.
    public static var unavailableReason: String? { cicu_open_error().map { String(cString: $0) } }

    /// The CLDR language code for an ISO 639 code, or `nil` when ICU knows no such language.
    ///
    /// Two- and three-letter codes are accepted, the bibliographic ISO 639-2/B
    /// forms (`fre`, `ger`) too.
    ///
    /// - Parameter code: An ISO 639 code, in any case.
    /// - Returns: The canonical code, such as `fr` for `fra`.
    public static func canonicalCode(_ code: String) -> String? {
        let lower = code.lowercased()
        guard (2...3).contains(lower.count), lower.allSatisfy({ $0 >= "a" && $0 <= "z" }) else { return nil }
        let terminological = bibliographicCodes[lower] ?? lower
        var buffer = [CChar](repeating: 0, count: 32)
        let length = cicu_canonicalize(terminological, &buffer, Int32(buffer.count))
        guard length > 0 else { return nil }
        let canonical = String(decoding: buffer.prefix(Int(length)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        // ICU lists tl (Tagalog) as no language of its own, yet holds its letters.
        return knownCodes.contains(canonical) || hasData(canonical) ? canonical : nil
    }

    /// Whether CLDR has exemplar characters for a canonical language code.
    public static func hasData(_ language: String) -> Bool { !candidateLocales(for: language).isEmpty }

    /// The CLDR locales that may hold a language's letters: the language's
    /// default script first, then its other scripts (`sr`, `sr_Cyrl`,
    /// `sr_Latn`), then related languages written in another script (Central
    /// Kurdish, in Arabic letters, for Kurdish).
    ///
    /// - Parameter language: A canonical language code.
    /// - Returns: Locale identifiers, or an empty array without CLDR data.
    public static func candidateLocales(for language: String) -> [String] {
        func locales(_ language: String) -> [String] {
            // An alias ICU resolves (tl for Filipino) is not listed, yet has letters of its own.
            localesByLanguage[language] ?? (exemplarCharacters(of: language) == nil ? [] : [language])
        }
        return locales(language) + (otherScriptLanguages[language] ?? []).flatMap(locales)
    }

    /// The English name of a language or locale, such as `Serbian (Latin)`.
    public static func englishName(_ locale: String) -> String {
        var buffer = [UInt16](repeating: 0, count: 128)
        let length = cicu_english_name(locale, &buffer, Int32(buffer.count))
        return length > 0 ? String(decoding: buffer.prefix(Int(length)), as: UTF16.self) : locale
    }

    /// The standard exemplar characters of a locale, each lower-case letter
    /// followed by its capital where the script has case.
    ///
    /// Items are single characters or the multi-character units CLDR lists
    /// (`ch` in Czech), capitalised on their first letter. Capitals are title-case forms: Georgian, whose
    /// Mtavruli capitals are for all-caps text only, gets none.
    ///
    /// - Parameter locale: A locale identifier such as `fr` or `sr_Latn`.
    /// - Returns: The items in CLDR's order, or `nil` when ICU has no data for the locale
    ///   (its answer would be the root locale's).
    public static func exemplarCharacters(of locale: String) -> [String]? {
        var fallback: Int32 = 0
        guard let set = cicu_exemplar_set(locale, &fallback) else { return nil }
        defer { cicu_set_close(set) }
        // nb and nn inherit their letters from no, which ICU also calls a fallback.
        if fallback != 0 && !availableLocales.contains(locale) { return nil }
        var items: [String] = []
        func add(_ item: String) {
            items.append(item)
            guard let first = item.unicodeScalars.first,
                let upper = Unicode.Scalar(UInt32(bitPattern: cicu_totitle(Int32(bitPattern: first.value)))),
                upper != first
            else { return }
            items.append(String(upper) + String(item.unicodeScalars.dropFirst()))
        }
        var text = [UInt16](repeating: 0, count: 64)
        for index in 0..<cicu_set_item_count(set) {
            var start: Int32 = 0, end: Int32 = 0
            let length = cicu_set_item(set, index, &start, &end, &text, Int32(text.count))
            if length > 0 {
                add(String(decoding: text.prefix(Int(length)), as: UTF16.self))
            } else if length == 0 {
                for value in start...end {
                    if let scalar = Unicode.Scalar(UInt32(bitPattern: value)) { add(String(scalar)) }
                }
            }
        }
        return items
    }

    /// Known language codes nearest to an unknown one, for "did you mean" messages.
    ///
    /// A code that is the start of a language's English name (`french`)
    /// suggests that language's code first.
    ///
    /// - Parameter code: The code that is not known.
    /// - Returns: Up to three codes with CLDR data.
    public static func suggestions(for code: String) -> [String] {
        let lower = code.lowercased()
        var byName = lower.count >= 3 ? lowercasedNames.filter { $0.name.hasPrefix(lower) }.map(\.code) : []
        byName.sort { $0.count < $1.count }
        var result = Array(byName.prefix(3))
        for near in NameSuggestions.nearest(to: lower, in: lowercasedNames.map(\.code)) where !result.contains(near) {
            result.append(near)
        }
        return Array(result.prefix(3))
    }

    // MARK: Data

    /// ISO 639-2/B codes whose 639-2/T form ICU canonicalises.
    private static let bibliographicCodes = [
        "alb": "sqi", "arm": "hye", "baq": "eus", "bur": "mya", "chi": "zho", "cze": "ces", "dut": "nld",
        "fre": "fra", "geo": "kat", "ger": "deu", "gre": "ell", "ice": "isl", "mac": "mkd", "mao": "mri",
        "may": "msa", "per": "fas", "rum": "ron", "slo": "slk", "tib": "bod", "wel": "cym",
    ]

    /// Languages whose other-script form CLDR files under another code.
    private static let otherScriptLanguages = ["ku": ["ckb"]]

    /// Every language ICU names.
    private static let knownCodes: Set<String> = {
        var codes = Set<String>()
        guard var entry = cicu_iso_languages() else { return codes }
        while let code = entry.pointee {
            codes.insert(String(cString: code))
            entry += 1
        }
        return codes
    }()

    /// The languages with CLDR letters and their English names in lower case, by code.
    private static let lowercasedNames: [(code: String, name: String)] = localesByLanguage.keys.sorted().map {
        ($0, englishName($0).lowercased())
    }

    /// Every locale ICU has data for.
    private static let availableLocales: Set<String> = Set(
        (0..<cicu_available_count()).compactMap { cicu_available($0).map { String(cString: $0) } })

    /// The locales without a region, by language: `sr` → `sr`, `sr_Cyrl`, `sr_Latn`.
    private static let localesByLanguage: [String: [String]] = {
        var result: [String: [String]] = [:]
        for index in 0..<cicu_available_count() {
            guard let pointer = cicu_available(index) else { continue }
            let parts = String(cString: pointer).split(separator: "_").map(String.init)
            // language, or language_Script (a four-letter subtag), but no region
            guard let language = parts.first, parts.count == 1 || (parts.count == 2 && parts[1].count == 4) else { continue }
            result[language, default: []].append(parts.joined(separator: "_"))
        }
        return result
    }()
}
