import KeyInputKit
import KeyInputSpelling
import Testing

@Suite("Language names meet the dictionaries enchant has")
@MainActor
struct SpellingLanguageTests {
    @Test(
        "ISO 639-1, 639-2/T, 639-2/B and locale names find the installed dictionary",
        arguments: [
            ("en", "en_US"), ("eng", "en_US"), ("en_US.UTF-8", "en_US"), ("de", "de_DE"), ("deu", "de_DE"),
            ("ger", "de_DE"), ("de_AT", "de_DE"), ("de_LU", "de_LU"), ("fre", "fr"), ("fra", "fr"), ("fr_CA", "fr_CA"),
        ])
    func dictionaries(name: String, tag: String) {
        #expect(EnchantSpellChecker().dictionary(forLanguage: name) == tag)
    }

    @Test("C, POSIX and a language with no dictionary find none")
    func none() {
        let checker = EnchantSpellChecker()
        #expect(checker.dictionary(forLanguage: "C") == nil)
        #expect(checker.dictionary(forLanguage: "POSIX") == nil)
        #expect(checker.dictionary(forLanguage: "nld") == nil)
    }
}
