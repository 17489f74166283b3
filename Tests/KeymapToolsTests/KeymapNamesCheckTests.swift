import Foundation
import KeymapTools
import TestSupport
import Testing
import XKB

// Names libxkbcommon would drop or ignore without a word are reported the same way by
// keyinput's options and by a .keytest keymap line.

@Suite struct KeymapNamesCheckTests {
    @Test(arguments: [
        (RuleNames(variant: "intl"), "needs a layout"),
        (RuleNames(layout: "us,de,fr,ru,gr"), "\"gr\" would be dropped"),
        (RuleNames(layout: "us", variant: "intl,dvorak"), "one variant per layout"),
    ])
    func namesThatWouldBeDroppedAreNamed(_ names: RuleNames, _ expected: String) throws {
        let problem = try #require(KeymapDiagnosis.droppedName(in: names))
        #expect(problem.contains(expected), "\(problem)")
    }

    @Test(arguments: [
        RuleNames(layout: "us"), RuleNames(layout: "us,de,fr,ru"), RuleNames(layout: "us,de", variant: ",nodeadkeys"),
        RuleNames(),
    ])
    func namesThatMeanWhatTheySayPass(_ names: RuleNames) {
        #expect(KeymapDiagnosis.droppedName(in: names) == nil)
    }

    @Test func anOptionLibxkbcommonIgnoredIsAnErrorWithSuggestions() throws {
        let names = RuleNames(layout: "us", options: "ctrl:nocap")
        let keymap = try XKBFixtures.keymap(layout: "us", options: "ctrl:nocap")
        let found = KeymapDiagnosis.check(keymap, names: names)
        #expect(found.error?.contains("unknown option \"ctrl:nocap\"; did you mean \"ctrl:nocaps\"") == true, "\(found)")
    }

    @Test func aKeytestKeymapLineIsCheckedAsTheOptionsAre() throws {
        let folder = try TemporaryFolder()
        let lines: [(String, String)] = [
            ("keymap layout=us options=ctrl:nocap", "did you mean \"ctrl:nocaps\""),
            ("keymap layout=dee", "unknown layout \"dee\"; did you mean \"de\""),
            ("keymap variant=intl", "needs a layout"),
            ("keymap layout=us,de,fr,ru,gr", "would be dropped"),
        ]
        for (index, (line, expected)) in lines.enumerated() {
            let path = try folder.write("spec\(index).keytest", line + "\ntype KEY_A => \"a\"\n")
            let results = KeyTestRunner().run(file: path)
            let keymapLine = try #require(results.first { $0.line == 1 }, "no result for \(line)")
            #expect(keymapLine.failure?.contains(expected) == true, "\(line): \(keymapLine.failure ?? "passed")")
        }
    }

    @Test func aKeymapLineThatMeansWhatItSaysAddsNoResult() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write("spec.keytest", "keymap layout=us options=ctrl:nocaps\ntype KEY_A => \"a\"\n")
        let results = KeyTestRunner().run(file: path)
        #expect(results.map(\.line) == [2])
        #expect(results.allSatisfy { $0.passed })
    }
}
