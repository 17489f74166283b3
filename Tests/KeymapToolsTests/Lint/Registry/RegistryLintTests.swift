import Foundation
import KeymapTools
import TestSupport
import Testing

/// `keyinput lint --registry`: the registry check on keymaps/registry/ (a tiny xkb tree whose
/// rules/ folder holds a clean and a bad registry file) and on the system's own registry.
@Suite(.enabled(if: FileManager.default.fileExists(atPath: "/usr/share/iso-codes/json/iso_639-3.json"), "needs iso-codes"))
struct RegistryLintTests {
    /// keymaps/registry/ in this repository.
    static let tree = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("keymaps/registry").path

    @Test func aCleanRegistryWhoseLayoutIsInItsOwnTreeHasNoFindings() throws {
        // Its layout's symbols are in keymaps/registry/symbols/, found because the file is in rules/.
        let findings = try RegistryLint.check(file: Self.tree + "/rules/clean.xml")
        #expect(findings.isEmpty, "\(findings.map(\.text))")
    }

    @Test func theSameLayoutOutsideItsTreeDoesNotCompile() throws {
        let folder = try TemporaryFolder()
        let copy = try folder.write("clean.xml", try String(contentsOfFile: Self.tree + "/rules/clean.xml", encoding: .utf8))
        let findings = try RegistryLint.check(file: copy)
        #expect(findings.map(\.id) == ["KI605", "KI605"], "\(findings.map(\.text))")
        #expect(findings.first?.message.contains("Couldn't find file \"symbols/kitest\"") == true)
        // Given the tree, it compiles again.
        #expect(try RegistryLint.check(file: copy, includePaths: [Self.tree]).isEmpty)
    }

    @Test func theBadRegistryTripsEachFindingOnItsLine() throws {
        let file = Self.tree + "/rules/bad.xml"
        let findings = try RegistryLint.check(file: file)
        let seen = findings.map { "\($0.line ?? 0) \($0.id) \($0.severity.rawValue)" }
        #expect(
            seen == [
                "13 KI602 error", "16 KI601 error", "22 KI603 error", "27 KI604 error", "33 KI605 error", "41 KI604 error",
                "41 KI606 warning",
            ], "\(findings.map(\.text))")
        #expect(findings.allSatisfy { $0.file == file })
        #expect(findings.contains { $0.message == "layout \"kitest\": unknown ISO 3166 country code \"XY\"" })
        #expect(findings.contains { $0.message == "layout \"kitest\": unknown ISO 639 language code \"zzz\"" })
        #expect(findings.contains { $0.message == "variant \"kitest(yz)\" has no description" })
        #expect(findings.contains { $0.message == "layout \"kitest\": variant \"yz\" is listed twice (first on line 22)" })
        #expect(findings.contains { $0.message.hasPrefix("variant \"kitest(nosuch)\" does not compile") })
        #expect(findings.contains { $0.message == "layout \"kitest\" is listed twice (first on line 9)" })
    }

    @Test func malformedXMLIsOneFindingWithItsLine() throws {
        let findings = try RegistryLint.check(file: Self.tree + "/malformed.xml")
        #expect(findings.count == 1)
        #expect(findings.first?.id == "KI600")
        #expect(findings.first?.line == 10, "the </layout> that closes nothing open")
        #expect(findings.first?.message.contains("closing tag that does not match") == true)
    }

    @Test func twoHyphensInACommentAreMalformed() throws {
        let folder = try TemporaryFolder()
        let file = try folder.write(
            "hyphens.xml", "<?xml version=\"1.0\"?>\n<!-- try lint --registry -->\n<xkbConfigRegistry/>\n")
        let findings = try RegistryLint.check(file: file)
        #expect(findings.map(\.id) == ["KI600"])
        #expect(findings.first?.line == 2)
    }

    @Test func codesFromEachISOListAreAccepted() throws {
        // eng (639-2), drs (639-3 only), fox (639-5, a family), ger (639-2 bibliographic).
        let folder = try TemporaryFolder()
        let file = try folder.write(
            "codes.xml",
            """
            <xkbConfigRegistry><layoutList><layout><configItem><name>us</name><shortDescription>en</shortDescription>
            <description>English (US)</description><countryList><iso3166Id>US</iso3166Id></countryList>
            <languageList><iso639Id>eng</iso639Id><iso639Id>drs</iso639Id><iso639Id>fox</iso639Id><iso639Id>ger</iso639Id>
            <iso639Id>en</iso639Id></languageList></configItem></layout></layoutList></xkbConfigRegistry>
            """)
        let findings = try RegistryLint.check(file: file)
        #expect(findings.map(\.message) == ["layout \"us\": unknown ISO 639 language code \"en\""])
    }

    @Test func theSystemsRegistryHasOnlyItsFewRealFindings() throws {
        // xkeyboard-config's own evdev.xml: ISO 639-3 codes retired since it was written, and "custom" as a note.
        let file = "/usr/share/X11/xkb/rules/evdev.xml"
        try #require(FileManager.default.fileExists(atPath: file))
        let findings = try RegistryLint.check(file: file)
        #expect(findings.count < 10, "\(findings.map(\.text))")
        #expect(!findings.contains { $0.id == "KI603" || $0.id == "KI604" || $0.id == "KI600" }, "\(findings.map(\.text))")
        #expect(findings.filter { $0.id == "KI605" }.allSatisfy { $0.severity == .note && $0.message.contains("\"custom\"") })
        #expect(try RegistryLint.check(file: "/usr/share/X11/xkb/rules/evdev.extras.xml").isEmpty)
    }

    @Test func aMissingFileIsAnError() {
        #expect(throws: RegistryLintError.self) { try RegistryLint.check(file: "/nonexistent/evdev.xml") }
    }

    @Test func everyRegistryFindingIsExplained() {
        for id in ["KI600", "KI601", "KI602", "KI603", "KI604", "KI605", "KI606"] {
            #expect(LintCatalog.rule(id)?.explanation.isEmpty == false, "\(id)")
        }
    }
}
