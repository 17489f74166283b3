import KeymapTools
import TestSupport
import Testing
import XKB

@Suite struct LanguageCoverageTests {
    func guide(_ layout: String, variant: String? = nil, compose: Bool = true) throws -> TypingGuide {
        let context = try XKBFixtures.context()
        let keymap = try Keymap(context: context, names: RuleNames(layout: layout, variant: variant))
        return TypingGuide(keymap: keymap, composeTable: compose ? try XKBFixtures.composeTable(context: context) : nil)
    }

    @Test func frenchOnFrMissesOnlyTheOeLigature() throws {
        let coverage = LanguageCoverage.check(code: "fra", guide: try guide("fr"))
        #expect(coverage.locale == "fr")
        #expect(coverage.missing == ["œ", "Œ"])
        #expect(coverage.letterCount == 84)
    }

    @Test func deadKeysCountOnlyWithCompose() throws {
        // fr's circumflex and diaeresis are dead keys: without compose, â ê ë … are out of reach.
        let coverage = LanguageCoverage.check(code: "fra", guide: try guide("fr", compose: false))
        #expect(coverage.missing.contains("â") && coverage.missing.contains("ë"))
        #expect(!coverage.missing.contains("é"))  // its own key
        #expect(!coverage.missing.contains("É"))  // Caps Lock
    }

    @Test func germanOnDeIsCovered() throws {
        let coverage = LanguageCoverage.check(code: "deu", guide: try guide("de"))
        #expect(coverage.hasData)
        #expect(coverage.missing.isEmpty)
    }

    @Test func serbianIsCheckedInTheScriptOfTheLayout() throws {
        #expect(LanguageCoverage.check(code: "srp", guide: try guide("rs", variant: "latin")).locale == "sr_Latn")
        #expect(LanguageCoverage.check(code: "srp", guide: try guide("rs")).locale == "sr")
        #expect(LanguageCoverage.check(code: "srp", guide: try guide("rs", variant: "latin")).missing.isEmpty)
    }

    @Test func kurdishOnAnArabicLayoutIsCentralKurdish() throws {
        let coverage = LanguageCoverage.check(code: "kur", guide: try guide("iq"))
        #expect(coverage.locale == "ckb")
        #expect(LanguageCoverage.check(code: "kur", guide: try guide("tr", variant: "ku")).locale == "ku")
    }

    @Test func aLanguageWithoutDataIsNotCheckedAndMissesNothing() throws {
        let coverage = LanguageCoverage.check(code: "ber", guide: try guide("ma", variant: "tifinagh"))
        #expect(!coverage.hasData)
        #expect(coverage.missing.isEmpty)
    }

    @Test func decomposedLettersCountOnALayoutOfCombiningMarks() throws {
        // cd types é as e then a combining acute; French's é must count.
        let coverage = LanguageCoverage.check(code: "fra", guide: try guide("cd", compose: false))
        #expect(!coverage.missing.contains("é"), "\(coverage.missing)")
    }
}
