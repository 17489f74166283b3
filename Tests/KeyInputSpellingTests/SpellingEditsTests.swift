import KeyInputCairo
import KeyInputKit
import KeyInputKitTesting
import KeyInputSpelling
import Testing

@Suite("Edits check again only what they touched, and long texts are checked where they show")
@MainActor
struct SpellingEditsTests {
    @Test("a word typed before a misspelt one moves its squiggle along; deleting the word takes it away")
    func squigglesFollowEdits() throws {
        let fixture = try SpellingFixture()
        let field = fixture.field()
        field.text = "teh cat wrng dog"
        field.selectedRange = 4..<4
        try fixture.present()
        #expect(field.misspelledRanges == [0..<3, 8..<12])
        try fixture.tester.type("big ")
        try fixture.present()
        #expect(field.text == "teh big cat wrng dog")
        #expect(field.misspelledRanges == [0..<3, 12..<16])
        field.selectedRange = 0..<4
        try fixture.tester.press("KEY_BACKSPACE")
        try fixture.present()
        #expect(field.text == "big cat wrng dog")
        #expect(field.misspelledRanges == [8..<12])
    }

    @Test("splitting a word with a space checks both halves")
    func splitWord() throws {
        let fixture = try SpellingFixture()
        let field = fixture.field()
        field.text = "catdog runs"
        field.selectedRange = 3..<3
        try fixture.present()
        #expect(field.misspelledRanges == [0..<6])
        try fixture.tester.type(" ")
        try fixture.present()
        #expect(field.text == "cat dog runs")
        #expect(field.misspelledRanges == [])
    }

    @Test("a 10,000-word text view is checked where it shows, a slice after each frame, and the rest when scrolled to")
    func longText() throws {
        let fixture = try SpellingFixture()
        let paragraph = Array(repeating: "the quick brown fox jumps over the lazy dog teh end", count: 5).joined(separator: " ")
        let text = Array(repeating: paragraph, count: 200).joined(separator: "\n")  // 10,000 words, 1,000 misspelt
        let view = TextView(frame: Rect(x: 20, y: 20, width: 360, height: 160), text: text)
        view.spellCheckingLanguages = ["en_US"]
        fixture.window.addSubview(view)
        view.selectedRange = 0..<0
        try fixture.present()
        let shown = view.misspelledRanges.count
        #expect(shown > 0 && shown < 100, "\(shown) words underlined: not only those on screen")
        view.selectedRange = text.utf8.count..<text.utf8.count  // the end shows
        try fixture.present()
        let last = try #require(view.misspelledRanges.last)
        #expect(last.upperBound > text.utf8.count - 60, "the end was not checked once it showed")
        #expect(view.misspelledRanges.count < 200)
    }
}
