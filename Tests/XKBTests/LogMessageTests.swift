import Testing
import XKB

@Suite struct LogMessageTests {
    @Test func aLocationIsReadFromTheStartOfTheText() throws {
        let message = LogMessage(level: .error, text: "keymaps/bad.xkb:5:17: syntax error, unexpected identifier")
        let location = try #require(message.location)
        #expect(location.file == "keymaps/bad.xkb")
        #expect(location.line == 5)
        #expect(location.column == 17)
    }

    @Test func aLocationAfterAnErrorCodeIsFound() throws {
        let message = LogMessage(level: .error, text: "[XKB-769] /tmp/x/bad.xkb:12:3: unterminated string")
        let location = try #require(message.location)
        #expect(location.file == "/tmp/x/bad.xkb")
        #expect(location.line == 12)
        #expect(location.column == 3)
    }

    @Test func theInputStringPlaceholderIsOneName() throws {
        let message = LogMessage(level: .error, text: "(input string):3:1: syntax error")
        let location = try #require(message.location)
        #expect(location.file == "(input string)")
        #expect(location.line == 3)
    }

    @Test(arguments: [
        "Couldn't find file \"symbols/nosuch\" in include paths",
        "bad.xkb:5: missing column",
        "a:b:c: not numbers",
        "",
    ])
    func textWithoutALocationHasNone(text: String) {
        #expect(LogMessage(level: .warning, text: text).location == nil)
    }

    @Test func levelsOrderFromMostToLeastSerious() {
        let levels: [LogMessage.Level] = [.debug, .critical, .warning, .info, .error]
        #expect(levels.sorted() == [.critical, .error, .warning, .info, .debug])
        #expect(levels.sorted().map(\.description) == ["critical", "error", "warning", "info", "debug"])
        #expect(LogMessage.Level(rawValue: 35).description == "level 35")
    }

    @Test func theDescriptionStartsWithTheLevel() {
        #expect(LogMessage(level: .warning, text: "careful").description == "warning: careful")
    }
}
