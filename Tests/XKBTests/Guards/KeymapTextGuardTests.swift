import TestSupport
import Testing
import XKB

/// A key body that opens with a comma made libxkbcommon 1.5 dereference a
/// null pointer (the keymap fuzzer found it); it is refused first.
@Suite struct KeymapTextGuardTests {
    @Test(arguments: [
        ("xkb_symbols \"x\" { key <A> { , e }; };", "1:29"),
        ("xkb_keymap {\n  xkb_symbols \"x\" {\n    key <AC01> { // a comment { ,\n      , a };\n  };\n};", "4:7"),
    ])
    func aCommaOpeningABlockIsAClearErrorNotACrash(text: String, place: String) throws {
        let error = try #require(throws: XKBError.self) {
            _ = try Keymap(context: try XKBFixtures.context(), text: text, sourceName: "mine.xkb")
        }
        #expect(error.code == .keymapCompilationFailed)
        #expect(error.message.hasPrefix("mine.xkb:\(place): keymap does not compile"), "\(error.message)")
    }

    @Test("Commas after braces inside strings and comments are left alone: the keymap compiles")
    func stringsAndCommentsAreSkipped() throws {
        let text = XKBFixtures.keymapText(
            extraSymbols: """
                    // a comment with { , in it
                    name[Group1] = "English { , brace";
                    # another { ,
                """)
        let keymap = try Keymap(context: try XKBFixtures.context(), text: text)
        #expect(keymap.layoutNames.first == "English { , brace")
    }
}
