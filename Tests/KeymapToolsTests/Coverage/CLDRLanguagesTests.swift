import KeymapTools
import Testing

@Suite struct CLDRLanguagesTests {
    @Test(arguments: [("fra", "fr"), ("fre", "fr"), ("FR", "fr"), ("deu", "de"), ("ger", "de"), ("srp", "sr"), ("kur", "ku"), ("nob", "nb"), ("tgl", "tl")])
    func registryCodesBecomeCLDRCodes(code: String, canonical: String) {
        #expect(CLDRLanguages.canonicalCode(code) == canonical)
    }

    @Test(arguments: ["frx", "", "f", "french", "fr-FR", "12"])
    func whatIsNotALanguageCodeIsUnknown(code: String) {
        #expect(CLDRLanguages.canonicalCode(code) == nil)
    }

    @Test func aMisspeltCodeSuggestsTheNearestOne() {
        #expect(CLDRLanguages.suggestions(for: "frx").contains("fr"))
        #expect(CLDRLanguages.suggestions(for: "french").first == "fr")
    }

    @Test func frenchLettersHaveTheirCapitalsAndTheLigature() throws {
        let letters = try #require(CLDRLanguages.exemplarCharacters(of: "fr"))
        for letter in ["a", "A", "é", "É", "œ", "Œ", "ÿ", "Ÿ"] { #expect(letters.contains(letter), "\(letter)") }
        #expect(!letters.contains("ñ"))
    }

    @Test func aLetterOfSeveralCharactersIsOneItemCapitalisedOnItsFirst() throws {
        let czech = try #require(CLDRLanguages.exemplarCharacters(of: "cs"))
        #expect(czech.contains("ch") && czech.contains("Ch"))
    }

    @Test func georgianGetsNoAllCapsCapitals() throws {
        let georgian = try #require(CLDRLanguages.exemplarCharacters(of: "ka"))
        #expect(georgian.contains("ა"))
        #expect(!georgian.contains("Ა"))  // U+1C90, Mtavruli
    }

    @Test func serbianIsWrittenInTwoScripts() {
        let locales = CLDRLanguages.candidateLocales(for: "sr")
        #expect(locales.first == "sr")
        #expect(locales.contains("sr_Latn"))
    }

    /// nb and nn take their letters from no; ICU calls that a fallback, yet they are its data.
    @Test(arguments: ["nb", "nn", "tl"])
    func languagesWhoseLettersICUInheritsOrAliasesHaveData(language: String) throws {
        #expect(CLDRLanguages.hasData(language))
        let letters = try #require(CLDRLanguages.exemplarCharacters(of: CLDRLanguages.candidateLocales(for: language)[0]))
        #expect(letters.contains("a"))
    }

    @Test func aLanguageWithoutCLDRDataHasNoLetters() {
        #expect(!CLDRLanguages.hasData("ber"))
        #expect(CLDRLanguages.exemplarCharacters(of: "ber") == nil)
    }
}
