import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The rows of the bad-input table (the article *Using keyinput*) that CLITests does not already
/// cover: unreadable files, empty files, a 10 MB keymap, keycodes at the
/// edge of what XKB allows.
@Suite struct BadInputTests {
    /// A file that exists but cannot be read: without read permission, or —
    /// as root, who reads anything — one whose read fails with an I/O error.
    static func unreadableFile(in folder: TemporaryFolder, named name: String) throws -> String {
        if getuid() == 0 { return "/proc/self/mem" }
        let file = try folder.write(name, "xkb_keymap {};\n")
        chmod(file, 0)
        return file
    }

    @Test func anUnreadableFileIsAUsageErrorNamingIt() throws {
        let folder = try TemporaryFolder()
        let file = try Self.unreadableFile(in: folder, named: "locked")
        let keymap = try Keyinput.run("type", "--keymap", file, "KEY_A")
        #expect(keymap.status == 2, "\(keymap)")
        #expect(keymap.stderr.contains(file), "\(keymap)")
        let input = try Keyinput.run("type", "--no-compose", "--input", file)
        #expect(input.status == 2, "\(input)")
        #expect(input.stderr.contains("--input \(file)"), "\(input)")
        let test = try Keyinput.run("test", file)
        #expect(test.status == 1, "\(test)")
        #expect(test.stdout.contains("0 passed, 1 failed"), "\(test)")
        #expect(test.stdout.contains("FAIL \(file): "), "\(test)")
    }

    @Test func aTestFileThatIsNotUTF8FailsAsAWhole() throws {
        let folder = try TemporaryFolder()
        let file = try folder.write("latin1.keytest", bytes: Array("type KEY_A => \"".utf8) + [0xE9] + Array("\"\n".utf8))
        let result = try Keyinput.run("test", file)
        #expect(result.status == 1, "\(result)")
        #expect(result.stdout.contains("FAIL \(file): file is not valid UTF-8"), "\(result)")
        #expect(result.stdout.contains("0 passed, 1 failed"), "\(result)")
    }

    @Test func anEmptyKeymapFileDoesNotCompileAndSaysItIsEmpty() throws {
        let folder = try TemporaryFolder()
        let file = try folder.write("empty.xkb", " \n\n")
        let result = try Keyinput.run("type", "--keymap", file, "KEY_A")
        #expect(result.status == 1, "\(result)")
        #expect(result.stderr.contains("\(file): the keymap is empty"), "\(result)")
        #expect(result.stdout.isEmpty, "\(result)")
    }

    @Test func aTestFileWithNoTestCasesFailsRatherThanLookingGreen() throws {
        let folder = try TemporaryFolder()
        let empty = try folder.write("empty.keytest", "")
        let settingsOnly = try folder.write("settings.keytest", "keymap layout=de\ncompose off\n")
        for file in [empty, settingsOnly] {
            let result = try Keyinput.run("test", file)
            #expect(result.status == 1, "\(result)")
            #expect(result.stdout.contains("0 passed, 0 failed"), "\(result)")
            #expect(result.stderr.contains("no test cases in \(file)"), "\(result)")
        }
    }

    /// The us keymap as keyinput prints it, after 10 MB of comment lines.
    static func tenMegabyteKeymap(in folder: TemporaryFolder, tail: String = "") throws -> (path: String, errorLine: Int) {
        let compiled = try Keyinput.run("compile", "--layout", "us")
        try #require(compiled.status == 0, "\(compiled)")
        let padding = "// " + String(repeating: "padding ", count: 12) + "\n"
        let count = 10 * 1024 * 1024 / padding.utf8.count + 1
        var text = String(repeating: padding, count: count)
        text += compiled.stdout
        let errorLine = text.utf8.reduce(1) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
        text += tail
        return (try folder.write("big.xkb", text), errorLine)
    }

    @Test func aTenMegabyteKeymapCompilesAndTypes() throws {
        let folder = try TemporaryFolder()
        let (file, _) = try Self.tenMegabyteKeymap(in: folder)
        #expect(try FileManager.default.attributesOfItem(atPath: file)[.size] as? Int ?? 0 > 10_000_000)
        let result = try Keyinput.run("type", "--text", "--no-compose", "--keymap", file, "KEY_A", "KEY_LEFTSHIFT+KEY_B")
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout == "aB\n", "\(result)")
    }

    @Test func aTenMegabyteKeymapWithASyntaxErrorAtTheEndNamesItsLine() throws {
        let folder = try TemporaryFolder()
        let (file, line) = try Self.tenMegabyteKeymap(in: folder, tail: "this is not xkb;\n")
        let result = try Keyinput.run("type", "--keymap", file, "KEY_A")
        #expect(result.status == 1, "\(result)")
        #expect(result.stderr.contains("\(file):\(line):1: keymap does not compile"), "line \(line): \(result)")
        let garbage = try folder.write("garbage.xkb", String(repeating: "x", count: 10 * 1024 * 1024))
        let refused = try Keyinput.run("type", "--keymap", garbage, "KEY_A")
        #expect(refused.status == 1, "\(refused)")
        #expect(refused.stderr.contains("\(garbage):1:1: keymap does not compile"), "\(refused)")
    }

    /// A keymap with one more key, `<HUGE>`, at keycode `code`.
    static func keymap(withKeyAt code: UInt64, in folder: TemporaryFolder) throws -> String {
        try folder.write(
            "huge-\(code).xkb",
            """
            xkb_keymap {
                xkb_keycodes { minimum = 8; maximum = \(max(255, code)); <AC01> = 38; <HUGE> = \(code); };
                xkb_types { include "complete" };
                xkb_compat { include "complete" };
                xkb_symbols { key <AC01> { [ a, A ] }; key <HUGE> { [ z, Z ] }; };
            };

            """)
    }

    @Test func aKeycodeFarAboveTheX11RangeTypes() throws {
        let folder = try TemporaryFolder()
        let file = try Self.keymap(withKeyAt: 69_999, in: folder)
        let result = try Keyinput.run("type", "--json", "--no-compose", "--keymap", file, "<HUGE>", "<AC01>")
        #expect(result.status == 0, "\(result)")
        let root = try #require(try jsonObject(result) as? [String: Any])
        #expect(root["text"] as? String == "za")
        let first = try #require((root["events"] as? [[String: Any]])?.first)
        #expect(first["keycode"] as? Int == 69_999 - 8)
    }

    /// 4,000,000,000 made libxkbcommon abort (SIGABRT in its array growth); both are refused first.
    @Test(arguments: [UInt64(4_000_000_000), 4_294_967_295])
    func aKeycodeBeyondTheLimitIsRefusedNamingItsLine(code: UInt64) throws {
        let folder = try TemporaryFolder()
        let file = try Self.keymap(withKeyAt: code, in: folder)
        let result = try Keyinput.run("type", "--keymap", file, "KEY_A")
        #expect(result.status == 1, "\(result)")
        #expect(result.stderr.contains("\(file):2: keycode \(code) is over 1048575, the largest accepted"), "\(result)")
    }

    @Test func anArgumentThatIsNotUTF8IsAUsageErrorNotAReplacementCharacter() throws {
        // Process takes Strings, so the shell puts the raw bytes 0xFF 0xFE in the argument.
        let result = try ProcessRunner.run(
            "/bin/sh", ["-c", #"exec "$0" how-to-type "$(printf '\377\376')""#, try Keyinput.path()])
        #expect(result.status == 2, "\(result)")
        #expect(result.stderr.contains("argument 2 is not valid UTF-8"), "\(result)")
        #expect(!result.stdout.contains("U+FFFD"), "\(result)")
    }

    @Test func aRunawayTokenIsQuotedShortAndAnsweredAtOnce() throws {
        let folder = try TemporaryFolder()
        let file = try folder.write("runaway.txt", String(repeating: "a", count: 1_000_000))
        let result = try Keyinput.run("type", "--no-compose", "--input", file)
        #expect(result.status == 2, "\(result)")
        #expect(result.stderr.contains("unknown key name"), "\(result)")
        #expect(result.stderr.contains("… (1000000 bytes)"), "\(result)")
        #expect(result.stderr.utf8.count < 400, "the message quotes the whole token: \(result.stderr.utf8.count) bytes")
    }
}

@Suite struct DroppedNamesTests {
    @Test(arguments: [
        (["how-to-type", "--variant", "intl", "é"], "needs a layout"),
        (["type", "--layout", "us,de,fr,ru,gr", "KEY_A"], "\"gr\" would be dropped"),
        (["type", "--layout", "us", "--variant", "intl,dvorak", "KEY_A"], "one variant per layout"),
    ])
    func whatLibxkbcommonWouldDropIsAUsageError(_ arguments: [String], _ expected: String) throws {
        let result = try Keyinput.run(arguments)
        #expect(result.status == 2, "\(result)")
        #expect(result.stderr.contains(expected), "\(result)")
    }
}
