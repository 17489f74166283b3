import Foundation
import KeymapTools
import Testing
import XKB

/// Each keymap in keymaps/lint/ trips exactly its finding; clean.xkb, `us` and a few stock layouts have no error.
@Suite struct KeymapLinterTests {
    /// The repository's keymaps/lint folder.
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("keymaps/lint").path

    /// Lints a file of keymaps/lint the way `keyinput lint --keymap` does.
    static func lint(file name: String) throws -> [LintFinding] {
        let path = folder + "/" + name
        let context = try Context()
        context.logVerbosity = 1
        let keymap = try Keymap(context: context, contentsOfFile: path)
        let table = try ComposeTable(context: context, locale: "en_US.UTF-8")
        let source = try String(contentsOfFile: path, encoding: .utf8)
        return KeymapLinter.lint(keymap, file: path, sourceText: source, composeTable: table)
    }

    /// Lints stock names.
    static func lint(layout: String, variant: String = "") throws -> [LintFinding] {
        let context = try Context()
        context.logVerbosity = 1
        let keymap = try Keymap(context: context, names: RuleNames(rules: "evdev", model: "pc105", layout: layout, variant: variant, options: ""))
        return KeymapLinter.lint(keymap, composeTable: try ComposeTable(context: context, locale: "en_US.UTF-8"))
    }

    /// The keymaps that trip one finding each: file, identifier, the key line in the file, and words of the message.
    static let cases: [(file: String, id: String, line: Int, words: [String])] = [
        ("ki101-duplicate.xkb", "KI101", 8, ["<AD01> and <AD02> both type q", "group 1", "no modifiers"]),
        ("ki102-capslock.xkb", "KI102", 8, ["Caps Lock on <AC01>", "Aacute (Á), not A"]),
        ("ki201-dead-end.xkb", "KI201", 8, ["dead_lowline on <AE01> group 1 level 2", "dead end"]),
        ("ki202-accent-alone.xkb", "KI202", 8, ["dead_belowring on <AE01>", "˳ alone"]),
        ("ki301-private.xkb", "KI301", 8, ["<AE01> group 1 level 2 types UE000 (U+E000)", "private-use"]),
        ("ki302-unassigned.xkb", "KI302", 8, ["U0378 (U+0378)", "not assigned"]),
        ("ki303-nfc.xkb", "KI303", 8, ["U212B (U+212B)", "NFC: U+00C5"]),
        ("ki401-unreachable-level.xkb", "KI401", 14, ["<AD01> group 1 level 3 (w)", "SHIFT_AND_LEVEL5"]),
        ("ki402-unreachable-keysym.xkb", "KI402", 14, ["eacute on <AD01> group 1 level 3", "no other key types it"]),
        ("ki403-extra-symbols.xkb", "KI403", 8, ["<AD01>", "TWO_LEVEL"]),
        ("ki501-shared-modifier.xkb", "KI501", 9, ["LevelFive", "Hyper", "Mod3"]),
        ("ki901-libxkbcommon.xkb", "KI901", 8, ["unrecognized keysym \"Qq\""]),
    ]

    @Test(arguments: cases.indices)
    func eachKeymapTripsExactlyItsFinding(index: Int) throws {
        let expected = Self.cases[index]
        let findings = try Self.lint(file: expected.file)
        #expect(!findings.isEmpty, "\(expected.file) trips nothing")
        #expect(Set(findings.map(\.id)) == [expected.id], "\(expected.file): \(findings.map(\.text))")
        let first = try #require(findings.first)
        #expect(first.line == expected.line, "\(first.text)")
        #expect(first.file?.hasSuffix("keymaps/lint/" + expected.file) == true)
        #expect(first.severity != .note, "\(first.text)")
        for word in expected.words { #expect(first.message.contains(word), "\(first.text) lacks \(word)") }
    }

    @Test func theCleanKeymapTripsNothing() throws {
        let findings = try Self.lint(file: "clean.xkb")
        #expect(findings.isEmpty, "\(findings.map(\.text))")
    }

    @Test func usAsCompiledLintsClean() throws {
        let findings = try Self.lint(layout: "us")
        #expect(findings.isEmpty, "\(findings.map(\.text))")
    }

    @Test(arguments: [("de", ""), ("fr", ""), ("ru", ""), ("us", "intl")])
    func stockLayoutsHaveNoErrorOrWarning(layout: String, variant: String) throws {
        let findings = try Self.lint(layout: layout, variant: variant)
        let serious = findings.filter { $0.severity != .note }
        #expect(serious.isEmpty, "\(layout)(\(variant)): \(serious.map(\.text))")
    }

    @Test func superAndHyperSharingMod4IsNotAFinding() throws {
        // Every stock keymap puts Super and Hyper on Mod4; the clean keymap does too.
        let findings = try Self.lint(file: "clean.xkb")
        #expect(!findings.contains { $0.id == "KI501" })
    }

    @Test func aStockKeyIncludedByAFileIsANoteNotAWarning() throws {
        // The Tamil TSCII layout puts private-use and Latin-1 font hacks on purpose; from names they are notes.
        let findings = try Self.lint(layout: "in", variant: "tam_tamilnet_TSCII")
        #expect(!findings.filter { $0.id == "KI301" || $0.id == "KI101" }.contains { $0.severity != .note })
    }
}
