import TestSupport
import Testing
import XKB

@Suite struct ComposeTableTests {
    @Test func theTableOfALocaleComposesItsSequences() throws {
        let table = try ComposeTable(context: XKBFixtures.context(), locale: "en_US.UTF-8")
        #expect(table.locale == "en_US.UTF-8")
        let state = ComposeState(table: table)
        state.feed(try #require(Keysym(name: "dead_acute")))
        state.feed(try #require(Keysym(name: "e")))
        #expect(state.status == .composed)
        #expect(state.text == "é")
    }

    @Test(arguments: ["xx_YY.UTF-8", "no-such-locale"])
    func anUnknownLocaleHasNoTable(locale: String) throws {
        let error = try #require(throws: XKBError.self) {
            try ComposeTable(context: XKBFixtures.context(), locale: locale)
        }
        #expect(error.code == .composeTableUnavailable)
        #expect(error.message.contains(locale))
    }

    @Test func aTableFromTextComposesItsOwnSequences() throws {
        let table = try ComposeTable(
            context: XKBFixtures.context(),
            text: """
                <dead_acute> <e> : "é" eacute
                <Multi_key> <k> <i> <k> : "KeyInputKit"
                """)
        let state = ComposeState(table: table)
        for name in ["Multi_key", "k", "i", "k"] { state.feed(try #require(Keysym(name: name))) }
        #expect(state.status == .composed)
        #expect(state.text == "KeyInputKit")
        #expect(state.keysym == .noSymbol)  // the result has no keysym of its own

        state.reset()
        state.feed(try #require(Keysym(name: "dead_acute")))
        state.feed(try #require(Keysym(name: "e")))
        #expect(state.text == "é")
        #expect(state.keysym.name == "eacute")
    }

    @Test func aTableFromTextKnowsOnlyItsOwnSequences() throws {
        let table = try ComposeTable(context: XKBFixtures.context(), text: #"<dead_acute> <e> : "é""#)
        let state = ComposeState(table: table)
        state.feed(try #require(Keysym(name: "dead_grave")))
        #expect(state.status == .nothing)
        state.feed(try #require(Keysym(name: "dead_acute")))
        state.feed(try #require(Keysym(name: "e")))
        #expect(state.text == "é")
    }

    @Test func aTableFromAFile() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write("My.compose", "<Multi_key> <minus> <greater> : \"→\"\n")
        let table = try ComposeTable(context: XKBFixtures.context(), contentsOfFile: path)
        let state = ComposeState(table: table)
        for name in ["Multi_key", "minus", "greater"] { state.feed(try #require(Keysym(name: name))) }
        #expect(state.text == "→")
    }

    @Test func aMissingFileIsUnreadable() throws {
        let folder = try TemporaryFolder()
        let path = folder.path + "/Missing.compose"
        let error = try #require(throws: XKBError.self) {
            try ComposeTable(context: XKBFixtures.context(), contentsOfFile: path)
        }
        #expect(error.code == .fileUnreadable)
        #expect(error.message.contains(path))
    }

    @Test func aFileThatIsNotUTF8IsRejected() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write("Latin1.compose", bytes: Array("<Multi_key> <e> : \"".utf8) + [0xE9, 0x22, 0x0A])
        let error = try #require(throws: XKBError.self) {
            try ComposeTable(context: XKBFixtures.context(), contentsOfFile: path)
        }
        #expect(error.code == .invalidUTF8)
    }

    @Test func theLocaleComesFromLCAllThenLCCTypeThenLang() {
        let all = ["LC_ALL": "de_DE.UTF-8", "LC_CTYPE": "fr_FR.UTF-8", "LANG": "en_GB.UTF-8"]
        #expect(ComposeTable.environmentLocale(all) == "de_DE.UTF-8")
        #expect(ComposeTable.environmentLocale(["LC_CTYPE": "fr_FR.UTF-8", "LANG": "en_GB.UTF-8"]) == "fr_FR.UTF-8")
        #expect(ComposeTable.environmentLocale(["LC_ALL": "", "LANG": "en_GB.UTF-8"]) == "en_GB.UTF-8")
        #expect(ComposeTable.environmentLocale([:]) == "C")
    }
}
