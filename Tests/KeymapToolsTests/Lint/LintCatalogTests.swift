import KeymapTools
import Testing

/// Every identifier a rule reports has an explanation, and `--explain` texts say how to fix.
@Suite struct LintCatalogTests {
    @Test func identifiersAreUniqueAndGroupedByTheme() {
        let ids = LintCatalog.rules.map(\.id)
        #expect(Set(ids).count == ids.count)
        #expect(ids.allSatisfy { $0.hasPrefix("KI") && $0.count == 5 })
        #expect(ids.contains("KI101") && ids.contains("KI501") && ids.contains("KI901"))
    }

    @Test func explanationsSayWhatIsNotReported() {
        for rule in LintCatalog.rules where !rule.id.hasPrefix("KI6") {
            #expect(rule.explanation.contains("Fix") || rule.explanation.contains("fix"), "\(rule.id)")
            #expect(rule.explanation.contains("Not reported") || rule.explanation.contains("not reported") || rule.explanation.contains("Only"), "\(rule.id)")
        }
    }

    @Test func lookUpIgnoresCase() {
        #expect(LintCatalog.rule("ki101")?.id == "KI101")
        #expect(LintCatalog.rule("KI100") == nil)
    }

    @Test func aFindingPrintsLikeACompilerMessage() {
        let finding = LintFinding(id: "KI101", severity: .warning, message: "m", file: "a.xkb", line: 3)
        #expect(finding.text == "a.xkb:3: warning: m [KI101]")
        #expect(LintFinding(id: "KI302", severity: .error, message: "m").text == "error: m [KI302]")
        #expect(LintReport.fails([finding], warningsAreErrors: false) == false)
        #expect(LintReport.fails([finding], warningsAreErrors: true))
    }
}
