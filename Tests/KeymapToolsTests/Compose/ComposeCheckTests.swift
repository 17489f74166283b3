import Foundation
import KeymapTools
import TestSupport
import Testing
import XKB

/// `keyinput compose check` as a library: each file of keymaps/compose/ trips
/// its finding on the right line, and the clean one trips none.
@Suite struct ComposeCheckTests {
    /// The repository's keymaps/compose folder.
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("keymaps/compose").path

    /// Checks a file on `us` (with a Compose key on right Alt unless told otherwise) against en_US.UTF-8's table.
    func check(_ name: String, options: String? = "compose:ralt", home: String? = "/nonexistent-home") throws -> [ComposeFinding] {
        let path = Self.folder + "/" + name
        let keymap = try Keymap(context: try Context(), names: RuleNames(layout: "us", options: options))
        var environment: [String: String] = [:]
        environment["HOME"] = home
        return ComposeCheck.run(
            file: path, bytes: Array(try Data(contentsOf: URL(fileURLWithPath: path))), guide: TypingGuide(keymap: keymap),
            resolver: ComposeIncludeResolver(locale: "en_US.UTF-8", environment: environment))
    }

    /// `line kind severity` for each finding.
    func summary(_ findings: [ComposeFinding]) -> [String] {
        findings.map { "\($0.line.map(String.init) ?? "-") \($0.kind.rawValue) \($0.severity.rawValue)" }
    }

    @Test func theCleanFileHasNoFindings() throws {
        let findings = try check("clean.XCompose")
        #expect(findings.isEmpty, "\(findings.map(\.text))")
    }

    @Test func keysymsNoKeyTypesMakeTheSequenceUnusable() throws {
        let findings = try check("cannot-type.XCompose", options: nil).filter { $0.kind == .cannotType }
        #expect(summary(findings) == ["5 cannot-type error", "7 cannot-type error", "8 cannot-type error"])
        try #require(findings.count == 3)
        #expect(findings[0].message == "<Multi_key> <z> <w> <j>: no key of the layout types Multi_key (give a Compose key, such as --options compose:ralt)")
        #expect(findings[1].message == "<dead_acute> <w>: no key of the layout types dead_acute")
        #expect(findings[2].message == "<Multi_key> <ssharp> <s>: no key of the layout types Multi_key, ssharp (give a Compose key, such as --options compose:ralt)")
        // With a Compose key, only what the layout still lacks is left.
        let withComposeKey = try check("cannot-type.XCompose").filter { $0.kind == .cannotType }
        #expect(summary(withComposeKey) == ["7 cannot-type error", "8 cannot-type error"])
        try #require(withComposeKey.count == 2)
        #expect(withComposeKey[1].message == "<Multi_key> <ssharp> <s>: no key of the layout types ssharp")
    }

    /// libxkbcommon 1.5 keeps the longer of two sequences one of which starts the other, in either
    /// order: the shorter one is left waiting for a key that never completes it.
    @Test func aSequenceThatStartsALongerOneNeverCompletes() throws {
        let findings = try check("never-completes.XCompose")
        #expect(summary(findings) == ["5 never-completes error", "9 never-completes error", "11 overrides-system warning"], "\(findings.map(\.text))")
        try #require(findings.count == 3)
        #expect(findings[0].message == "<Multi_key> <z> <w> never completes: libxkbcommon keeps line 6's <Multi_key> <z> <w> <j>, which starts with it")
        #expect(findings[1].message == "<Multi_key> <q> <q> <x> never completes: libxkbcommon keeps line 8's <Multi_key> <q> <q> <x> <y>, which starts with it")
        #expect(findings[2].message == #"<Multi_key> <minus> <greater> <greater> takes the place of the system's shorter <Multi_key> <minus> <greater>: "→" no longer types"#)
    }

    @Test func duplicatesNameTheEarlierLineAndOldAndNewResults() throws {
        let findings = try check("duplicates.XCompose")
        #expect(summary(findings) == ["6 duplicate warning", "7 duplicate warning"], "\(findings.map(\.text))")
        try #require(findings.count == 2)
        #expect(findings[0].message == "<Multi_key> <z> <w> <j> repeats line 4")
        #expect(findings[1].message == #"<Multi_key> <q> <q> <s> is already on line 5: "shrug" → "¯\\_(ツ)_/¯"; this line wins"#)
    }

    @Test func overridesOfTheSystemTableSayOldAndNew() throws {
        let findings = try check("overrides.XCompose")
        #expect(summary(findings) == ["5 overrides-system warning", "7 overrides-system note"], "\(findings.map(\.text))")
        try #require(findings.count == 2)
        #expect(findings[0].message == #"<Multi_key> <k> <k> overrides the system's: "ĸ" → "☕""#)
        #expect(findings[1].message == #"<Multi_key> <minus> <greater> repeats the system's "→""#)
    }

    @Test func includesThatResolveNowhereAreErrors() throws {
        let findings = try check("includes.XCompose")
        #expect(summary(findings) == (3...7).map { "\($0) include-not-found error" }, "\(findings.map(\.text))")
        try #require(findings.count == 5)
        #expect(findings[0].message.contains("%H/.XCompose.d/does-not-exist is /nonexistent-home/.XCompose.d/does-not-exist: no such file"))
        #expect(findings[1].message.contains("/nonexistent/Compose: no such file"))
        #expect(findings[2].message.contains("relative paths are opened from the current directory, not the file's folder: write \(Self.folder)/clean.XCompose"), "\(findings[2].message)")
        #expect(findings[3].message.contains("unknown expansion %Q"))
        #expect(findings[4].message.contains("/usr/share/X11/locale/xx_XX.UTF-8/Compose: no such file"))
        let noHome = try check("includes.XCompose", home: nil)
        try #require(!noHome.isEmpty)
        #expect(noHome[0].message.contains("%H: HOME is not set"))
    }

    @Test func malformedLinesAndBadUTF8AreFindingsOnTheirLines() throws {
        let findings = try check("malformed.XCompose")
        #expect(summary(findings) == ["4 malformed error", "5 malformed error", "6 unknown-keysym error", "7 malformed error", "8 malformed error"], "\(findings.map(\.text))")
        try #require(findings.count == 5)
        #expect(findings[3].message.hasPrefix("not valid UTF-8"))
    }

    @Test func aFileWithoutTheSystemTableSaysItsSequencesAreOff() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write("XCompose", "<Multi_key> <z> <w> <j> : \"x\"\n")
        let keymap = try Keymap(context: try Context(), names: RuleNames(layout: "us", options: "compose:ralt"))
        let findings = ComposeCheck.run(
            file: path, bytes: Array("<Multi_key> <z> <w> <j> : \"x\"\n".utf8), guide: TypingGuide(keymap: keymap),
            resolver: ComposeIncludeResolver(locale: "en_US.UTF-8", environment: [:]))
        #expect(summary(findings) == ["- system-table-off note"])
    }

    @Test func localeFilesComeFromComposeDirThroughAliases() {
        #expect(ComposeIncludeResolver(locale: "en_US.UTF-8", environment: [:]).localeFile() == "/usr/share/X11/locale/en_US.UTF-8/Compose")
        #expect(ComposeIncludeResolver(locale: "pt_BR.UTF-8", environment: [:]).localeFile() == "/usr/share/X11/locale/pt_BR.UTF-8/Compose")
        #expect(ComposeIncludeResolver(locale: "xx_YY.UTF-8", environment: [:]).localeFile() == nil)
    }
}
