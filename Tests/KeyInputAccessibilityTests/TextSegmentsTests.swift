@testable import KeyInputAccessibility
import Testing

/// Text cut as AT-SPI's GetTextAtOffset answers, in Unicode scalars.
struct TextSegmentsTests {
    @Test func wordsRunFromOneWordsStartToTheNext() {
        let words = TextSegments("Jürgen  Yöller", by: .word)
        #expect(words.segment(at: 2, shift: 0).text == "Jürgen  ")
        #expect(words.segment(at: 2, shift: 0).range == 0..<8)
        #expect(words.segment(at: 2, shift: 1).text == "Yöller")
        #expect(words.segment(at: 9, shift: -1).text == "Jürgen  ")
        #expect(words.segment(at: 2, shift: -1).text == "")
    }

    @Test func linesEndAfterTheirNewline() {
        let lines = TextSegments("one\ntwo\n", by: .line)
        #expect(lines.segment(at: 5, shift: 0).text == "two\n")
        #expect(lines.segment(at: 0, shift: 1).range == 4..<8)
    }

    @Test func offsetsCountScalarsNotBytesOrGraphemes() {
        // e + combining acute: two AT-SPI characters; 👍 one.
        let characters = TextSegments("e\u{301}👍x", by: .character)
        #expect(characters.ranges.count == 4)
        #expect(characters.text(2, 3) == "👍")
        #expect(characters.text(1, -1) == "\u{301}👍x")
        #expect(characters.text(3, 99) == "x")
    }

    @Test func anEmptyTextHasOneEmptySegment() {
        #expect(TextSegments("", by: .word).segment(at: 0, shift: 0).text == "")
        #expect(TextSegments("", by: .line).ranges == [0..<0])
    }
}
