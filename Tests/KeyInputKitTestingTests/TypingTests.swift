import KeyInputKit
import KeyInputKitTesting
import Testing

@MainActor
@Suite struct TypingTests {
    @Test func typingÉOnGermanUsesTheDeadKey() throws {
        let (window, field) = formWindow()
        let tester = try WindowTester(window: window, layout: "de")
        try tester.click(field)
        try tester.type("é")
        #expect(field.text == "é")
        // German has no é key: the acute dead key (right of ß) shows ´ marked, then E composes it.
        #expect(field.keyNames == ["KEY_EQUAL", "KEY_E"])
        #expect(field.markedTexts.first == "´")
    }

    @Test func typingAWordWithCapitalsAndUmlautsGivesTheWord() throws {
        let (window, field) = formWindow()
        let tester = try WindowTester(window: window, layout: "de")
        try tester.click(field)
        try tester.type("Jürgen Öz!")
        #expect(field.text == "Jürgen Öz!")
    }

    @Test func aCharacterTheKeymapCannotTypeThrowsNamingItAndTheLayout() throws {
        let (window, field) = formWindow()
        let tester = try WindowTester(window: window, layout: "de")
        try tester.click(field)
        let error = #expect(throws: WindowTesterError.self) { try tester.type("abж") }
        #expect(error?.kind == .untypeableCharacter)
        #expect(error?.character == "ж")
        #expect(error?.description.contains("\"ж\" (U+0436 CYRILLIC SMALL LETTER ZHE)") == true)
        #expect(error?.description.contains("\"de\"") == true)
        // Nothing of the text is typed.
        #expect(field.text == "")
    }

    @Test func anUnknownKeyNameThrowsWithASuggestion() throws {
        let (window, field) = formWindow()
        let tester = try WindowTester(window: window, layout: "us")
        try tester.click(field)
        let error = #expect(throws: WindowTesterError.self) { try tester.press("KEY_A KEY_TABB") }
        #expect(error?.kind == .unknownKey)
        #expect(error?.description.contains("\"KEY_TABB\"") == true)
        #expect(error?.description.contains("did you mean KEY_TAB") == true)
        #expect(field.text == "")
    }

    @Test func pressingShiftTabMovesFocusBack() throws {
        let (window, name) = formWindow()
        let city = TextField(frame: Rect(x: 20, y: 80, width: 200, height: 32))
        let country = TextField(frame: Rect(x: 20, y: 140, width: 200, height: 32))
        window.addSubview(city)
        window.addSubview(country)
        let tester = try WindowTester(window: window, layout: "us")
        try tester.click(name)
        try tester.press("KEY_TAB")
        #expect(tester.firstResponder === city)
        try tester.press("KEY_LEFTSHIFT+KEY_TAB")
        #expect(tester.firstResponder === name)
    }

    @Test func holdingAKeyRepeatsItAsTheClockAdvances() throws {
        let (window, field) = formWindow()
        let tester = try WindowTester(window: window, layout: "us")
        try tester.click(field)
        try tester.press("down:KEY_X")
        tester.advance(by: 1)
        try tester.press("up:KEY_X")
        #expect(field.text.count > 5)
        #expect(field.text.allSatisfy { $0 == "x" })
    }
}
