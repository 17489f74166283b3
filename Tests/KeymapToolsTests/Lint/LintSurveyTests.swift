import KeymapTools
import Testing
import XKB

/// `lint --all` on a few registry entries: each linted on its own thread's keymap, counted per rule.
@Suite struct LintSurveyTests {
    static let entries = [
        RegistrySurvey.Entry(layout: "us", languages: []),
        RegistrySurvey.Entry(layout: "kz", variant: "latin", languages: []),
        RegistrySurvey.Entry(layout: "custom", languages: []),
    ]

    @Test func theSurveyCountsLayoutsPerRuleAndKeepsGoingPastAFailure() throws {
        let results = LintSurvey.run(entries: Self.entries, compose: .locale("en_US.UTF-8"), threads: 2)
        #expect(results.map(\.name) == ["us", "kz(latin)", "custom"])
        #expect(results[0].findings.isEmpty && results[0].error == nil, "\(results[0].findings.map(\.text))")
        // kz(latin)'s V key types M under Caps Lock: its own type chooses that level, so it is a warning.
        let caps = try #require(results[1].findings.first { $0.id == "KI102" })
        #expect(caps.severity == .warning && caps.message.contains("<AB04>") && caps.message.contains("not V"), "\(caps.text)")
        #expect(results[2].error != nil)
        let perRule = LintReport.layoutsPerRule(results)
        #expect(perRule.first { $0.id == "KI102" }?.layouts == 1)
        let text = LintReport.surveyText(results, seconds: 1.5)
        #expect(text.hasPrefix("rule   layouts  findings  notes  title\nKI"), "\(text)")
        #expect(text.contains("custom: does not compile"), "\(text)")
        #expect(text.hasSuffix("3 layouts and variants linted in 1.5 s: 1 clean, 2 with findings (\(LintReport.tally(results.flatMap(\.findings))))\n"), "\(text)")
    }

    @Test func ignoredIdentifiersAreLeftOut() {
        let results = LintSurvey.run(entries: [Self.entries[1]], compose: .off, ignoring: ["KI101", "KI102"], threads: 1)
        #expect(!results[0].findings.contains { $0.id == "KI101" || $0.id == "KI102" })
    }
}
