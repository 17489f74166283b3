import KeymapTools
import TestSupport
import Testing
import XKB

@Suite struct KeymapCacheTests {
    @Test func theSameSourceGivesTheSameKeymapCompiledOnce() throws {
        let cache = KeymapCache()
        let source = KeymapSource(.names(RuleNames(layout: "de")))
        let first = try cache.keymap(source)
        let second = try cache.keymap(KeymapSource(.names(RuleNames(layout: "de"))))
        #expect(first === second)
        #expect(cache.compileCount == 1)
        #expect(first.layoutNames == ["German"])
    }

    @Test func differentSourcesCompileSeparately() throws {
        let cache = KeymapCache()
        let us = try cache.keymap(KeymapSource(.names(RuleNames(layout: "us"))))
        let de = try cache.keymap(KeymapSource(.names(RuleNames(layout: "de"))))
        #expect(us !== de)
        #expect(cache.compileCount == 2)
    }

    @Test func includePathsArePartOfTheSource() throws {
        let folder = try TemporaryFolder()
        try folder.write(
            "symbols/us",
            """
            default partial alphanumeric_keys
            xkb_symbols "basic" {
                name[Group1] = "Shadowed US";
                key <AC01> { [ x, X ] };
            };
            """)
        let cache = KeymapCache()
        let system = try cache.keymap(KeymapSource(.names(RuleNames(layout: "us"))))
        let shadowed = try cache.keymap(KeymapSource(.names(RuleNames(layout: "us")), includePaths: [folder.path]))
        #expect(cache.compileCount == 2)
        #expect(system.layoutNames == ["English (US)"])
        #expect(shadowed.layoutNames == ["Shadowed US"])
        #expect(KeyboardState(keymap: shadowed).text(of: key("KEY_A")) == "x")
    }

    @Test func aFailureIsRememberedAndThrownAgainWithoutRecompiling() throws {
        let cache = KeymapCache()
        let source = KeymapSource(.names(RuleNames(layout: "nosuchlayout")))
        let first = try #require(throws: XKBError.self) { try cache.keymap(source) }
        let second = try #require(throws: XKBError.self) { try cache.keymap(source) }
        #expect(first == second)
        #expect(first.code == .keymapCompilationFailed)
        #expect(cache.compileCount == 1)
    }

    @Test func aMissingKeymapFileIsRememberedToo() throws {
        let folder = try TemporaryFolder()
        let cache = KeymapCache()
        let source = KeymapSource(.file(folder.path + "/missing.xkb"))
        let error = try #require(throws: XKBError.self) { try cache.keymap(source) }
        #expect(error.code == .fileUnreadable)
        #expect(throws: XKBError.self) { try cache.keymap(source) }
        #expect(cache.compileCount == 1)
    }

    @Test func keymapTextIsCompiledOncePerContent() throws {
        let cache = KeymapCache()
        let german = try cache.keymap(KeymapSource(.names(RuleNames(layout: "de"))))
        let text = german.text
        let first = try cache.keymap(text: text)
        let second = try cache.keymap(text: String(decoding: Array(text.utf8), as: UTF8.self))
        #expect(first === second)
        #expect(first !== german)
        #expect(first.layoutNames == ["German"])
        #expect(cache.compileCount == 2)
        let us = try cache.keymap(text: try cache.keymap(KeymapSource(.names(RuleNames(layout: "us")))).text)
        #expect(us !== first)
        #expect(us.layoutNames == ["English (US)"])
        #expect(cache.compileCount == 4)
    }

    @Test func keymapTextThatDoesNotCompileIsRemembered() throws {
        let cache = KeymapCache()
        let error = try #require(throws: XKBError.self) { try cache.keymap(text: "xkb_keymap { nonsense") }
        #expect(error.code == .keymapCompilationFailed)
        #expect(throws: XKBError.self) { try cache.keymap(text: "xkb_keymap { nonsense") }
        #expect(cache.compileCount == 1)
    }

    @Test func contextsAreSharedPerIncludePathList() throws {
        let folder = try TemporaryFolder()
        let cache = KeymapCache()
        let plain = try cache.context(includePaths: [])
        #expect(try cache.context(includePaths: []) === plain)
        let custom = try cache.context(includePaths: [folder.path])
        #expect(custom !== plain)
        #expect(custom.includePaths.first == folder.path)
    }

    @Test func composeTablesAreLoadedOnce() throws {
        let cache = KeymapCache()
        let table = try cache.composeTable(locale: "en_US.UTF-8")
        #expect(try cache.composeTable(locale: "en_US.UTF-8") === table)
        let error = try #require(throws: XKBError.self) { try cache.composeTable(locale: "xx_YY.UTF-8") }
        #expect(error.code == .composeTableUnavailable)
    }

    @Test func composeFilesAreLoadedOnce() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write("My.compose", "<Multi_key> <a> <a> : \"å\"\n")
        let cache = KeymapCache()
        let table = try cache.composeTable(file: path)
        #expect(try cache.composeTable(file: path) === table)
        let state = ComposeState(table: table)
        for name in ["Multi_key", "a", "a"] { state.feed(try #require(Keysym(name: name))) }
        #expect(state.text == "å")
    }
}
