import Foundation
import TestSupport
import Testing
import XKB

/// libxkbcommon 1.5 follows includes with no limit: a loop overflowed its
/// stack and took the process with it. Loops, deep nesting and FIFOs in a
/// project's keymap folder are refused first, naming the files.
@Suite struct IncludeTreeTests {
    /// A symbols section named `name` in `file` with the given include line.
    static func symbols(_ name: String, including include: String?, flags: String = "") -> String {
        """
        \(flags)xkb_symbols "\(name)" {
        \(include.map { "    include \"\($0)\"" } ?? "    key <AC01> { [ a, A ] };")
        };

        """
    }

    func refusal(compiling layout: String, in folder: TemporaryFolder) throws -> XKBError {
        try #require(throws: XKBError.self) {
            _ = try XKBFixtures.keymap(layout: layout, includePaths: [folder.path])
        }
    }

    @Test func aSectionThatIncludesItselfIsNamedWithItsLine() throws {
        let folder = try TemporaryFolder()
        let file = try folder.write("symbols/self", Self.symbols("basic", including: "self"))
        let error = try refusal(compiling: "self", in: folder)
        #expect(error.code == .includeRefused)
        #expect(error.message.hasPrefix("\(file):2: a section includes itself: \(file)(basic) → \(file)(basic)"), "\(error)")
    }

    @Test func twoFilesIncludingEachOtherAreBothNamed() throws {
        let folder = try TemporaryFolder()
        let a = try folder.write("symbols/a", Self.symbols("basic", including: "b"))
        let b = try folder.write("symbols/b", Self.symbols("basic", including: "a(basic)"))
        let error = try refusal(compiling: "a", in: folder)
        #expect(error.message.contains("an include loop: \(a)(basic) → \(b)(basic) → \(a)(basic)"), "\(error)")
    }

    @Test("A loop through an installed file: a project's latin(type4) that includes de, which includes latin(type4)")
    func aLoopThroughTheInstalledTreeIsFound() throws {
        let folder = try TemporaryFolder()
        let latin = try folder.write("symbols/latin", Self.symbols("type4", including: "de"))
        let error = try refusal(compiling: "de", in: folder)
        #expect(error.message.contains("\(latin)(type4) → /usr/share/X11/xkb/symbols/de(basic) → \(latin)(type4)"), "\(error)")
    }

    @Test func aChainDeeperThanTheLimitIsRefusedAndAShallowOneCompiles() throws {
        let folder = try TemporaryFolder()
        let depth = 40
        for index in 0..<depth {
            _ = try folder.write("symbols/c\(index)", Self.symbols("basic", including: index + 1 < depth ? "c\(index + 1)" : nil))
        }
        let error = try refusal(compiling: "c0", in: folder)
        #expect(error.message.contains("includes nest more than 32 deep"), "\(error)")

        let shallow = try TemporaryFolder()
        for index in 0..<20 {
            _ = try shallow.write("symbols/c\(index)", Self.symbols("basic", including: index + 1 < 20 ? "c\(index + 1)" : nil))
        }
        let keymap = try XKBFixtures.keymap(layout: "c0", includePaths: [shallow.path])
        #expect(keymap.key(named: "AC01") != nil)
    }

    @Test("One section including another of the same file, as xkeyboard-config does everywhere, is no loop")
    func sectionsOfOneFileIncludingEachOtherCompile() throws {
        let folder = try TemporaryFolder()
        _ = try folder.write(
            "symbols/mine",
            Self.symbols("basic", including: nil, flags: "default ") + Self.symbols("extended", including: "mine(basic)"))
        let keymap = try XKBFixtures.keymap(layout: "mine", variant: "extended", includePaths: [folder.path])
        #expect(keymap.key(named: "AC01") != nil)
    }

    @Test func aFIFOAmongTheKeymapFilesIsRefusedAtOnceNotWaitedOn() throws {
        let folder = try TemporaryFolder()
        _ = try folder.write("symbols/mine", Self.symbols("basic", including: nil))
        let fifo = folder.file("symbols/pipe")
        try #require(mkfifo(fifo, 0o600) == 0)
        let error = try refusal(compiling: "mine", in: folder)
        #expect(error.message == "\(fifo): is a FIFO, not a file; libxkbcommon would wait on it or fail to read it")
    }

    @Test func keymapTextWithTooManyOrTooLargeKeycodesIsRefused() throws {
        let many = (0..<9000).map { "<K\($0)> = \($0 + 8);" }.joined(separator: " ")
        let text = "xkb_keymap { xkb_keycodes { minimum = 8; maximum = 9008; \(many) }; xkb_symbols { }; };"
        let error = try #require(throws: XKBError.self) {
            _ = try Keymap(context: try XKBFixtures.context(), text: text, sourceName: "many.xkb")
        }
        #expect(error.message == "many.xkb: 9000 keycodes; at most 8192 are accepted (real keymaps name about 500)")

        let far = "xkb_keymap {\nxkb_keycodes {\n minimum = 8;\n maximum = 4000000000;\n <A> = 3999999999; };\n};"
        let tooLarge = try #require(throws: XKBError.self) {
            _ = try Keymap(context: try XKBFixtures.context(), text: far, sourceName: "far.xkb")
        }
        #expect(tooLarge.message.hasPrefix("far.xkb:4: keycode 4000000000 is over 1048575"), "\(tooLarge)")
    }
}
