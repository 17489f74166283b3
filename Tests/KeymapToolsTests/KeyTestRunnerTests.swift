import Foundation
import KeymapTools
import TestSupport
import Testing
import XKB

@Suite struct KeyTestRunnerTests {
    /// Writes a .keytest file and runs it with a new runner.
    func run(_ text: String, in folder: TemporaryFolder, name: String = "spec.keytest") throws -> [KeyTestResult] {
        let path = try folder.write(name, text)
        return KeyTestRunner().run(file: path)
    }

    @Test func aPassingFilePassesEveryLine() throws {
        let folder = try TemporaryFolder()
        let results = try run(
            """
            # German, with dead keys and AltGr
            keymap layout=de
            type KEY_Y KEY_Z => "zy"
            type KEY_LEFTSHIFT+KEY_SEMICOLON KEY_A KEY_BACKSPACE => "Ö"
            keysyms KEY_RIGHTALT+KEY_Q => at
            keysyms KEY_EQUAL => dead_acute
            can-type "äöüß€@"
            cannot-type "ЖЯ"
            """, in: folder)
        #expect(results.count == 6)
        #expect(results.allSatisfy { $0.passed }, "\(results.compactMap(\.failure))")
        #expect(results.map(\.line) == [3, 4, 5, 6, 7, 8])
        #expect(results[0].source == #"type KEY_Y KEY_Z => "zy""#)
    }

    @Test func aWrongTypeExpectationShowsExpectedAndActual() throws {
        let folder = try TemporaryFolder()
        let results = try run(
            """
            keymap layout=us
            type KEY_A KEY_B => "ba"
            """, in: folder)
        let result = try #require(results.first)
        #expect(!result.passed)
        #expect(result.line == 2)
        #expect(result.failure == #"expected "ba", got "ab""#)
    }

    @Test func textThatOnlyLooksTheSameFailsWithItsCodePoints() throws {
        // AltGr+E types the precomposed é; the test expects e and a combining acute.
        let folder = try TemporaryFolder()
        let results = try run(
            #"""
            keymap layout=us variant=intl
            type KEY_RIGHTALT+KEY_E => "e\u{301}"
            type KEY_RIGHTALT+KEY_E => "\u{E9}"
            """#, in: folder)
        #expect(results.count == 2)
        #expect(results[0].failure?.contains("same look, different code points") == true)
        #expect(results[0].failure?.contains("expected U+0065 U+0301, got U+00E9") == true)
        #expect(results[1].passed)
    }

    @Test func aWrongKeysymsExpectationShowsExpectedAndActual() throws {
        let folder = try TemporaryFolder()
        let results = try run(
            """
            keymap layout=us
            keysyms KEY_LEFTSHIFT+KEY_A => a
            keysyms KEY_LEFTSHIFT => NoSymbol
            """, in: folder)
        #expect(results.count == 2)
        #expect(results[0].failure == "expected keysyms a, got A")
        #expect(results[1].failure == "expected keysyms (none), got Shift_L")
    }

    @Test func typabilityFailuresNameTheCharacters() throws {
        let folder = try TemporaryFolder()
        let results = try run(
            """
            keymap layout=us
            can-type "aéł"
            cannot-type "xyф"
            """, in: folder)
        #expect(results.count == 2)
        #expect(results[0].failure == #"cannot be typed: "é" (U+00E9), "ł" (U+0142)"#)
        #expect(results[1].failure == #"can be typed after all: "x" (U+0078), "y" (U+0079)"#)
    }

    @Test func composeIsOffUnlessTheFileTurnsItOn() throws {
        let folder = try TemporaryFolder()
        let results = try run(
            """
            keymap layout=us variant=intl
            type KEY_APOSTROPHE KEY_E => "´e"
            compose en_US.UTF-8
            type KEY_APOSTROPHE KEY_E => "é"
            type KEY_APOSTROPHE KEY_LEFTSHIFT+KEY_E => "É"
            can-type "é"
            compose off
            type KEY_APOSTROPHE KEY_E => "´e"
            """, in: folder)
        #expect(results.count == 5)
        #expect(results.allSatisfy { $0.passed }, "\(results.compactMap(\.failure))")
    }

    @Test func aComposeFileNextToTheTestIsUsed() throws {
        let folder = try TemporaryFolder()
        try folder.write("arrows.compose", "<Multi_key> <minus> <greater> : \"→\"\n")
        let results = try run(
            """
            keymap layout=us options=compose:ralt
            compose file=arrows.compose
            type KEY_RIGHTALT KEY_MINUS KEY_LEFTSHIFT+KEY_DOT => "→"
            """, in: folder)
        #expect(results.map(\.failure) == [nil])
    }

    @Test func anUnknownComposeLocaleFailsOnItsLine() throws {
        let folder = try TemporaryFolder()
        let results = try run(
            """
            keymap layout=us
            compose xx_YY.UTF-8
            """, in: folder)
        #expect(results.count == 1)
        #expect(results[0].line == 2)
        #expect(results[0].failure?.contains("xx_YY.UTF-8") == true)
    }

    @Test func aKeymapThatDoesNotCompileIsReportedOnceOnItsLine() throws {
        let folder = try TemporaryFolder()
        let runner = KeyTestRunner()
        let path = try folder.write(
            "broken.keytest",
            """
            keymap layout=nosuchlayout
            type KEY_A => "a"
            keysyms KEY_A => a
            can-type "a"
            """)
        let results = runner.run(file: path)
        #expect(results.count == 4)
        #expect(results.allSatisfy { !$0.passed })
        let compileFailures = results.filter { $0.failure?.contains("keymap does not compile") == true }
        #expect(compileFailures.map(\.line) == [1])
        #expect(compileFailures.first?.failure?.contains("nosuchlayout") == true)
        #expect(results.dropFirst().allSatisfy { $0.failure?.hasPrefix("cannot run:") == true })
        // The later lines point at the keymap's line instead of repeating libxkbcommon's messages.
        #expect(results.dropFirst().allSatisfy { $0.failure?.contains("nosuchlayout") == false })
        #expect(results.dropFirst().allSatisfy { $0.failure?.contains("line 1") == true })
        #expect(runner.cache.compileCount == 1)
    }

    @Test func syntaxErrorsFailOnTheirLineAndTheRestStillRuns() throws {
        let folder = try TemporaryFolder()
        let results = try run(
            """
            keymap layout=us
            tpye KEY_A => "a"
            type KEY_A => "a"
            type KEY_NOPE => "a"
            """, in: folder)
        #expect(results.count == 3)
        #expect(results[0].line == 2)
        #expect(results[0].failure?.contains("did you mean type") == true)
        #expect(results[1].passed)
        #expect(results[2].failure?.contains("unknown key name") == true)
    }

    @Test func aCustomLayoutFromAnIncludedFolder() throws {
        let folder = try TemporaryFolder()
        try folder.write(
            "keymaps/symbols/kiktest",
            """
            default partial alphanumeric_keys
            xkb_symbols "basic" {
                include "us(basic)"
                name[Group1] = "Custom (tests)";
                key <AC01> { [ x, X ] };
            };
            """)
        let results = try run(
            """
            include keymaps
            keymap layout=kiktest
            type KEY_A KEY_S => "xs"
            """, in: folder)
        #expect(results.map(\.failure) == [nil])
    }

    @Test func aKeymapFileNextToTheTestIsUsed() throws {
        let folder = try TemporaryFolder()
        try folder.write("mine.xkb", XKBFixtures.keymapText(extraSymbols: "override key <AC01> { [ x, X ] };"))
        let results = try run(
            """
            keymap file=mine.xkb
            type KEY_A KEY_LEFTSHIFT+KEY_A => "xX"
            """, in: folder)
        #expect(results.map(\.failure) == [nil])
    }

    @Test(.enabled(
        if: ProcessInfo.processInfo.environment["XKB_DEFAULT_LAYOUT"] == nil,
        "XKB_DEFAULT_LAYOUT is set, so the default keymap may not type q for KEY_Q"))
    func withoutAKeymapLineTheDefaultKeymapIsUsed() throws {
        let folder = try TemporaryFolder()
        let results = try run(#"type KEY_Q => "q""#, in: folder)
        #expect(results.map(\.failure) == [nil])
    }

    @Test func aMissingFileIsOneFailure() throws {
        let folder = try TemporaryFolder()
        let results = KeyTestRunner().run(file: folder.path + "/missing.keytest")
        #expect(results.count == 1)
        #expect(results[0].line == 0)
        #expect(results[0].failure?.contains("missing.keytest") == true)
    }

    @Test func aFileThatIsNotUTF8IsOneFailure() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write("latin1.keytest", bytes: Array("can-type \"".utf8) + [0xE9, 0x22])
        let results = KeyTestRunner().run(file: path)
        #expect(results.map(\.failure) == ["file is not valid UTF-8"])
    }

    @Test func testFilesAreFoundInFoldersRecursivelyInOrder() throws {
        let folder = try TemporaryFolder()
        try folder.write("b.keytest", "")
        try folder.write("a/z.keytest", "")
        try folder.write("a/notes.txt", "")
        try folder.write("c.keytest.bak", "")
        let single = try folder.write("elsewhere.keytest", "")
        let files = try KeyTestRunner.testFiles(in: [folder.path])
        #expect(files == [folder.path + "/a/z.keytest", folder.path + "/b.keytest", single].sorted())
        #expect(try KeyTestRunner.testFiles(in: [single]) == [single])
    }

    @Test func aSymbolicLinkToAFolderIsSearchedToo() throws {
        let folder = try TemporaryFolder()
        try folder.write("real/one.keytest", "")
        let link = folder.path + "/linked"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: folder.path + "/real")
        #expect(try KeyTestRunner.testFiles(in: [link]) == [link + "/one.keytest"])
    }

    @Test func aMissingTestPathThrows() throws {
        let folder = try TemporaryFolder()
        let error = try #require(throws: XKBError.self) {
            try KeyTestRunner.testFiles(in: [folder.path + "/nope"])
        }
        #expect(error.code == .fileUnreadable)
    }

    @Test func aKeymapUsedByManyFilesIsCompiledOnce() throws {
        let folder = try TemporaryFolder()
        let runner = KeyTestRunner()
        for index in 0..<3 {
            let path = try folder.write(
                "de\(index).keytest",
                """
                keymap layout=de
                type KEY_Y => "z"
                keymap layout=us
                type KEY_Y => "y"
                keymap layout=de
                type KEY_Z => "y"
                """)
            #expect(runner.run(file: path).allSatisfy { $0.passed })
        }
        #expect(runner.cache.compileCount == 2)
    }

    @Test func theKeytestSuitesShippedInKeymapsPass() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let files = try KeyTestRunner.testFiles(in: [root.appendingPathComponent("keymaps").path])
        #expect(!files.isEmpty)
        let runner = KeyTestRunner()
        for file in files {
            let results = runner.run(file: file)
            #expect(!results.isEmpty, "\(file)")
            for failure in results where !failure.passed {
                Issue.record("\(file):\(failure.line): \(failure.source): \(failure.failure ?? "")")
            }
        }
    }
}
