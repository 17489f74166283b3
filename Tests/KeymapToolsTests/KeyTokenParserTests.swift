import KeymapTools
import TestSupport
import Testing
import XKB

@Suite struct KeyTokenParserTests {
    func makeParser(layout: String = "us") throws -> KeyTokenParser {
        KeyTokenParser(keymap: try XKBFixtures.keymap(layout: layout))
    }

    @Test(arguments: ["KEY_A", "key_a", "Key_A", "a", "A", "<AC01>", "<LatA>"])
    func everySpellingOfAKeyIsAPressAndARelease(token: String) throws {
        let parsed = try makeParser().parse(token)
        #expect(parsed.text == token)
        #expect(parsed.events == [KeyEvent(key("KEY_A"), .down), KeyEvent(key("KEY_A"), .up)])
    }

    @Test func aChordPressesInOrderAndReleasesInReverse() throws {
        let parsed = try makeParser().parse("KEY_LEFTCTRL+leftshift+KEY_T")
        let ctrl = key("KEY_LEFTCTRL"), shift = key("KEY_LEFTSHIFT"), t = key("KEY_T")
        #expect(
            parsed.events == [
                KeyEvent(ctrl, .down), KeyEvent(shift, .down), KeyEvent(t, .down),
                KeyEvent(t, .up), KeyEvent(shift, .up), KeyEvent(ctrl, .up),
            ])
    }

    @Test func aChordCanMixEvdevAndXKBNames() throws {
        let parsed = try makeParser().parse("KEY_RIGHTALT+<AD03>")
        #expect(parsed.events.map(\.keycode) == [key("KEY_RIGHTALT"), key("KEY_E"), key("KEY_E"), key("KEY_RIGHTALT")])
    }

    @Test(arguments: [
        ("down:KEY_X", KeyEvent.Kind.down),
        ("up:KEY_X", .up),
        ("repeat:KEY_X", .repeat),
        ("DOWN:x", .down),
        ("Repeat:<AB02>", .repeat),
    ])
    func aPrefixGivesOneEvent(token: String, kind: KeyEvent.Kind) throws {
        let parsed = try makeParser().parse(token)
        #expect(parsed.events == [KeyEvent(key("KEY_X"), kind)])
    }

    @Test func tokensAreSeparatedByAnyWhitespace() throws {
        let tokens = try makeParser().parse(tokensIn: " KEY_H\tKEY_I \n KEY_LEFTSHIFT+KEY_1\r\n")
        #expect(tokens.map(\.text) == ["KEY_H", "KEY_I", "KEY_LEFTSHIFT+KEY_1"])
        #expect(try makeParser().parse(tokensIn: "   ").isEmpty)
    }

    @Test func theParsedEventsTypeThroughTheDecoder() throws {
        let keymap = try XKBFixtures.keymap(layout: "de")
        let parser = KeyTokenParser(keymap: keymap)
        let decoder = KeyEventDecoder(keymap: keymap)
        var buffer = TextBuffer()
        for token in try parser.parse(tokensIn: "KEY_Y KEY_RIGHTALT+KEY_Q leftshift+<AC10> down:KEY_E repeat:KEY_E up:KEY_E") {
            for event in token.events { buffer.apply(decoder.decode(event).action) }
        }
        #expect(buffer.text == "z@Öee")
    }

    // MARK: Errors

    @Test func anAbbreviatedKeyNameSuggestsTheFullOne() throws {
        let error = try #require(throws: KeyTokenError.self) { try makeParser().parse("KEY_LSHIFT+KEY_A") }
        #expect(error.token == "KEY_LSHIFT+KEY_A")
        #expect(error.suggestions.first == "KEY_LEFTSHIFT")
        #expect(error.description.contains("unknown key name \"KEY_LSHIFT\""))
        #expect(error.description.contains("did you mean KEY_LEFTSHIFT"))
    }

    @Test func aNameWithoutThePrefixIsMatchedWithIt() throws {
        let error = try #require(throws: KeyTokenError.self) { try makeParser().parse("entre") }
        #expect(error.suggestions.contains("KEY_ENTER"))
    }

    @Test func anUnknownXKBNameSuggestsKeysOfTheKeymap() throws {
        let error = try #require(throws: KeyTokenError.self) { try makeParser().parse("<AC1>") }
        #expect(error.reason == "the keymap has no key <AC1>")
        #expect(error.suggestions.contains("<AC01>"))
    }

    @Test func anUnterminatedXKBNameIsAnError() throws {
        let error = try #require(throws: KeyTokenError.self) { try makeParser().parse("<AC01") }
        #expect(error.reason.contains("unterminated"))
        #expect(error.suggestions.isEmpty)
        #expect(!error.description.contains("did you mean"))
    }

    @Test(arguments: ["KEY_A+", "+KEY_A", "KEY_A++KEY_B"])
    func anEmptyPartOfAChordIsAnError(token: String) throws {
        let error = try #require(throws: KeyTokenError.self) { try makeParser().parse(token) }
        #expect(error.reason == "empty key name")
    }

    @Test func anUnknownEventKindSuggestsTheKnownOnes() throws {
        let error = try #require(throws: KeyTokenError.self) { try makeParser().parse("dwn:KEY_A") }
        #expect(error.reason == "unknown event kind \"dwn:\"")
        #expect(error.suggestions == ["down:"])
    }

    @Test(arguments: ["down:", "up:KEY_A+KEY_B", "repeat:"])
    func aPrefixTakesExactlyOneKey(token: String) throws {
        let error = try #require(throws: KeyTokenError.self) { try makeParser().parse(token) }
        #expect(error.reason.contains("takes exactly one key name"))
    }

    @Test func aKeyMissingFromTheKeymapIsAnErrorOnlyForXKBNames() throws {
        // Evdev names are the kernel's, valid on any keymap; XKB names must exist in it.
        let parser = try makeParser()
        #expect(throws: Never.self) { try parser.parse("KEY_F24") }
        #expect(throws: KeyTokenError.self) { try parser.parse("<NOPE>") }
    }
}
