import KeymapTools
import Testing
import XKB

@Suite struct RegistrySurveyTests {
    @Test func entriesAreCheckedOnSeveralThreadsAndComeBackInOrder() {
        let entries = [
            RegistrySurvey.Entry(layout: "fr", languages: ["fra"]),
            RegistrySurvey.Entry(layout: "nosuchlayout", languages: ["fra"]),
            RegistrySurvey.Entry(layout: "de", languages: ["deu"]),
            RegistrySurvey.Entry(layout: "rs", variant: "latin", languages: ["srp"]),
            RegistrySurvey.Entry(layout: "ma", variant: "tifinagh", languages: ["ber"]),
        ]
        let reports = RegistrySurvey.run(entries: entries, compose: .locale("en_US.UTF-8"), threads: 2)
        #expect(reports.map(\.qualifiedName) == ["fr", "nosuchlayout", "de", "rs(latin)", "ma(tifinagh)"])
        #expect(reports.map(\.outcome) == [.missing, .failed, .covered, .covered, .noData])
        #expect(reports[0].missing == ["œ", "Œ"])
        #expect(reports[1].error?.contains("nosuchlayout") == true)
        #expect(reports[1].text().hasPrefix("nosuchlayout: does not compile: "))
        #expect(
            CoverageReport.summary(reports) == "5 layouts and variants: 2 type all their languages' letters, 1 miss some, "
                + "1 name no language CLDR has letters for, 1 do not compile")
    }

    @Test func aVariantWithoutLanguagesOfItsOwnTakesItsLayouts() throws {
        let entries = RegistrySurvey.entries(of: try Registry())
        let nodeadkeys = try #require(entries.first { $0.layout == "fr" && $0.variant == "nodeadkeys" })
        #expect(nodeadkeys.languages == ["fra"])
        // A variant with its own list keeps it: ru(tt) is for Tatar.
        #expect(entries.first { $0.layout == "ru" && $0.variant == "tt" }?.languages == ["tat"])
    }

    @Test func aKeymapOfSeveralLayoutsHasTheLanguagesOfEach() throws {
        let languages = RegistrySurvey.languages(
            of: RuleNames(layout: "us,ru", variant: ","), in: try Registry())
        #expect(languages == ["eng", "rus"])
    }
}
