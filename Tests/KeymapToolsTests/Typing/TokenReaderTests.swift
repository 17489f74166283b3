import KeymapTools
import TestSupport
import Testing
import XKB

@Suite struct TokenReaderTests {
    func reader() throws -> TokenReader { TokenReader(keymap: try XKBFixtures.keymap(layout: "us")) }

    func tokens(of source: String) -> [String] {
        var found: [String] = []
        TokenReader.forEachToken(of: source) { found.append(String($0)) }
        return found
    }

    @Test(arguments: [
        "KEY_A  KEY_B\tKEY_C\nKEY_D\r\nKEY_E\u{0B}KEY_F\u{0C}KEY_G ",
        "  KEY_A é\u{00A0}KEY_B\u{2003}<AC01>\u{2028}KEY_C\n",
        "",
        " \n\t ",
    ])
    func tokensSplitWhereSplittingOnWhitespaceSplits(source: String) {
        #expect(tokens(of: source) == source.split(whereSeparator: \.isWhitespace).map(String.init))
    }

    @Test func aChordPressesInOrderAndReleasesInReverse() throws {
        let events = try reader().events(in: "KEY_LEFTSHIFT+KEY_A repeat:KEY_B")
        #expect(
            events == [
                KeyEvent(key("KEY_LEFTSHIFT"), .down), KeyEvent(key("KEY_A"), .down),
                KeyEvent(key("KEY_A"), .up), KeyEvent(key("KEY_LEFTSHIFT"), .up),
                KeyEvent(key("KEY_B"), .repeat),
            ])
    }

    @Test func aRepeatedTokenGivesItsEventsEachTime() throws {
        let events = try reader().events(in: "KEY_A KEY_B KEY_A")
        #expect(events.map(\.keycode) == ["KEY_A", "KEY_A", "KEY_B", "KEY_B", "KEY_A", "KEY_A"].map(key))
    }

    @Test func aBadTokenIsNamedByItsNumber() throws {
        let error = try #require(throws: TokenReaderError.self) { try reader().events(in: "KEY_A\nKEY_B KEY_Q1 KEY_C") }
        #expect(error.message.hasPrefix("token 3: "))
        #expect(error.message.contains("KEY_Q1"))
    }

    @Test func aRunawayTokenIsShortenedInTheMessage() throws {
        let runaway = String(repeating: "X", count: 10_000)
        let error = try #require(throws: TokenReaderError.self) { try reader().events(in: "KEY_A " + runaway) }
        #expect(error.message.hasPrefix("token 2: "))
        #expect(error.message.utf8.count < 500)
    }

    @Test func aTokenFileIsReadAsText() throws {
        let folder = try TemporaryFolder()
        let file = try folder.write("tokens.txt", "KEY_H KEY_I\n")
        #expect(try TokenReader.text(ofFile: file) == "KEY_H KEY_I\n")
    }

    @Test func anUnreadableTokenFileSaysWhy() throws {
        let folder = try TemporaryFolder()
        let binary = try folder.write("binary.txt", bytes: [0x4B, 0xFF, 0xFE])
        let missing = folder.path + "/missing.txt"
        #expect(throws: TokenReaderError("--input \(missing): no such file")) { try TokenReader.text(ofFile: missing) }
        #expect(throws: TokenReaderError("--input \(folder.path): is a folder, not a file")) {
            try TokenReader.text(ofFile: folder.path)
        }
        #expect(throws: TokenReaderError("--input \(binary): not valid UTF-8")) { try TokenReader.text(ofFile: binary) }
    }
}
