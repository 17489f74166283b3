import KeyInputKit
import KeyInputKitTesting
import KeyInputSpelling
import Testing

@Suite("A misspelt word's suggestions, and choosing one")
@MainActor
struct SpellingCorrectionTests {
    @Test("the suggestions for \"teh\" include \"the\"; choosing it replaces the word, and one Undo brings it back")
    func replaceAndUndo() throws {
        let fixture = try SpellingFixture()
        let field = fixture.field()
        try fixture.tester.type("I saw teh cat")
        try fixture.present()
        let correction = try #require(field.spellingCorrection(at: 7))
        #expect(correction.word == "teh")
        #expect(correction.range == 6..<9)
        #expect(correction.suggestions.contains("the"), "\(correction.suggestions)")
        #expect(correction.suggestions.count <= 5)
        field.replaceMisspelledWord(correction, with: "the")
        #expect(field.text == "I saw the cat")
        try fixture.present()
        #expect(fixture.underlined(field) == [])
        try fixture.tester.press("KEY_LEFTCTRL+KEY_Z")
        #expect(field.text == "I saw teh cat")
        try fixture.tester.press("KEY_LEFTCTRL+KEY_LEFTSHIFT+KEY_Z")
        #expect(field.text == "I saw the cat")
    }

    @Test("a correct word has no correction")
    func correctWord() throws {
        let fixture = try SpellingFixture()
        let field = fixture.field()
        field.text = "the cat"
        #expect(field.spellingCorrection(at: 1) == nil)
        #expect(field.spellingCorrection(at: 3) == nil)
    }

    @Test("Ignore Spelling and Add to Dictionary take the squiggle away")
    func ignoreAndLearn() throws {
        let fixture = try SpellingFixture()
        let field = fixture.field()
        field.text = "teh qwzzy cat"
        try fixture.present()
        #expect(fixture.underlined(field) == ["teh", "qwzzy"])
        field.ignoreSpelling(try #require(field.spellingCorrection(at: 1)))
        try fixture.present()
        #expect(fixture.underlined(field) == ["qwzzy"])
        field.learnSpelling(try #require(field.spellingCorrection(at: 5)))
        try fixture.present()
        #expect(fixture.underlined(field) == [])
        #expect(fixture.checker.isCorrect("qwzzy", dictionary: "en_US"))
    }

    @Test("odd words never reach enchant and never crash: control characters, a replacement character, 500 letters")
    func oddWords() throws {
        let fixture = try SpellingFixture()
        let field = fixture.field()
        field.text = "a\u{1}b \u{FFFD}x " + String(repeating: "q", count: 500) + " teh"
        fixture.window.endEditing(force: true)
        try fixture.present()
        #expect(fixture.underlined(field) == ["teh"])
        #expect(fixture.checker.isCorrect("", dictionary: "en_US"))
        #expect(fixture.checker.suggestions(for: "\u{0}", dictionary: "en_US") == [])
        #expect(fixture.checker.isCorrect("teh", dictionary: "xx_NOPE"))
    }
}
