/// Which of a language's letters a keymap can type.
public struct LanguageCoverage: Hashable, Sendable {
    /// The code asked for, as given (`fra`).
    public var code: String
    /// The CLDR locale whose letters were checked (`fr`, `sr_Latn`), or `nil`
    /// when CLDR has no data for the language.
    public var locale: String?
    /// The language's English name.
    public var name: String
    /// How many letters (exemplar items, capitals included) were checked.
    public var letterCount: Int
    /// The letters that cannot be typed, in CLDR's order.
    public var missing: [String]

    /// Whether CLDR has letters for the language.
    public var hasData: Bool { locale != nil }

    /// Checks a language against the ways a guide finds.
    ///
    /// Where the language is written in several scripts, the script whose
    /// letters the keymap types best is chosen (Serbian in Latin letters on a
    /// Latin layout, in Cyrillic on a Cyrillic one); ties go to CLDR's default.
    /// A letter of several characters (`ch`) is typeable when each is.
    ///
    /// - Parameters:
    ///   - code: An ISO 639 code; one ICU does not know gives a result without data.
    ///   - guide: The keymap and compose table to check.
    /// - Returns: The coverage.
    public static func check(code: String, guide: TypingGuide) -> LanguageCoverage {
        guard let language = CLDRLanguages.canonicalCode(code) else {
            return LanguageCoverage(code: code, locale: nil, name: code, letterCount: 0, missing: [])
        }
        var best: LanguageCoverage?
        var bestScore = -1.0
        for locale in CLDRLanguages.candidateLocales(for: language) {
            guard let letters = CLDRLanguages.exemplarCharacters(of: locale), !letters.isEmpty else { continue }
            let missing = letters.filter { !isTypeable($0, guide: guide) }
            let score = Double(letters.count - missing.count) / Double(letters.count)
            if score > bestScore {
                bestScore = score
                best = LanguageCoverage(
                    code: code, locale: locale, name: CLDRLanguages.englishName(locale), letterCount: letters.count,
                    missing: missing)
            }
        }
        return best ?? LanguageCoverage(
            code: code, locale: nil, name: CLDRLanguages.englishName(language), letterCount: 0, missing: [])
    }

    /// Whether each character of a letter can be typed.
    static func isTypeable(_ letter: String, guide: TypingGuide) -> Bool {
        letter.allSatisfy { !guide.methods(for: $0).isEmpty }
    }
}
