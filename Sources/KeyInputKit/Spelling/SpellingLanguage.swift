import Foundation

/// Names of languages as people and systems write them — ISO 639-1, 639-2
/// and 639-3 codes, dictionary tags, locale names — brought to one form a
/// spell checker can match its dictionaries against.
public struct SpellingLanguage: Hashable, Sendable, CustomStringConvertible {
    /// The ISO 639-1 code where the language has one (`de`), else its 639-2/3 code, lower case.
    public var code: String
    /// The ISO 3166 territory, upper case (`DE`), or `nil`.
    public var territory: String?

    /// Reads a language's name: `de`, `deu`, `ger`, `de_DE`, `de-AT`, `de_CH.UTF-8`, `fr_FR@euro`.
    ///
    /// - Parameter name: The name.
    /// - Returns: `nil` for `C`, `POSIX` and names that are no language.
    public init?(_ name: String) {
        let bare = name.prefix { $0 != "." && $0 != "@" }
        let parts = bare.split(whereSeparator: { $0 == "_" || $0 == "-" }).map(String.init)
        guard let first = parts.first?.lowercased(), (2...3).contains(first.count),
            first.allSatisfy({ $0 >= "a" && $0 <= "z" })
        else { return nil }
        let terminological = Self.bibliographicToTerminological[first] ?? first
        code = first.count == 3 ? (Locale.LanguageCode(terminological).identifier(.alpha2) ?? first) : first
        let region = parts.dropFirst().first { $0.count == 2 && $0.allSatisfy(\.isLetter) }
        territory = region?.uppercased()
    }

    /// `de_DE`, or `de` without a territory: the way enchant names dictionaries.
    public var description: String { territory.map { "\(code)_\($0)" } ?? code }

    /// ISO 639-2/B codes (which the keyboard registry uses for some languages) and their 639-2/T forms.
    private static let bibliographicToTerminological = [
        "alb": "sqi", "arm": "hye", "baq": "eus", "bur": "mya", "chi": "zho", "cze": "ces", "dut": "nld",
        "fre": "fra", "geo": "kat", "ger": "deu", "gre": "ell", "ice": "isl", "mac": "mkd", "mao": "mri",
        "may": "msa", "per": "fas", "rum": "ron", "slo": "slk", "tib": "bod", "wel": "cym",
    ]

    /// The tag among `tags` that checks this language: the tag itself,
    /// else the language's main dictionary (`en_US` for `en`, `de_DE` for
    /// `de`, `fr` or `fr_FR` for `fr`), else the first for the language.
    ///
    /// - Parameter tags: The dictionaries installed.
    /// - Returns: The tag, or `nil` when none is for the language.
    public func bestDictionary(among tags: [String]) -> String? {
        let known = tags.compactMap { tag in SpellingLanguage(tag).map { ($0, tag) } }.filter { $0.0.code == code }
        if let territory, let exact = known.first(where: { $0.0.territory == territory }) { return exact.1 }
        let preferred = Self.mainTerritory[code] ?? code.uppercased()
        if let main = known.first(where: { $0.0.territory == nil }) ?? known.first(where: { $0.0.territory == preferred })
        {
            return main.1
        }
        return known.map(\.1).sorted().first
    }

    /// Where a language's main dictionary is not for the territory named like it.
    private static let mainTerritory = ["en": "US", "sv": "SE", "da": "DK", "nb": "NO", "cs": "CZ", "el": "GR", "uk": "UA"]
}
