import KeyInputKit
import Testing

@MainActor
struct MonospaceTextLayoutTests {
    let engine = MonospaceTextLayoutEngine(advance: 8, lineHeight: 16)

    @Test func caretAndNearestOffsetFollowGraphemesNotBytes() {
        // "é" as e + U+0301 is one cell; "ж" is two UTF-8 bytes.
        let layout = engine.makeLayout(for: "ae\u{301}жb", style: TextStyle())
        #expect(layout.caretRect(at: 1).minX == 8)
        #expect(layout.caretRect(at: 4).minX == 16)
        #expect(layout.caretRect(at: 6).minX == 24)
        #expect(layout.offset(nearest: Point(x: 13, y: 5)) == 4)
        #expect(layout.offset(nearest: Point(x: 500, y: 5)) == 7)
        #expect(layout.offset(visuallyFrom: 1, direction: .right) == 4)
        #expect(layout.offset(visuallyFrom: 0, direction: .left) == nil)
    }

    @Test func wrapsAtSpacesAndInsideLongWords() {
        let layout = engine.makeLayout(for: "one two three\nabcdefghij", style: TextStyle(wrapWidth: 64))
        let texts = layout.lines.map { line -> String in
            let bytes = Array(layout.text.utf8)[line.range]
            return String(decoding: bytes, as: UTF8.self)
        }
        #expect(texts == ["one two ", "three", "abcdefgh", "ij"])
        #expect(layout.size.height == 64)
        // Moving right from a wrapped line's end goes to the next line's start.
        #expect(layout.caretRect(at: 14).minY == 32)
    }

    @Test func wordBoundariesSkipPunctuationAndSpaces() {
        let text = "Hallo, Welt! Привет"
        #expect(TextBoundaries.wordEnd(in: text, after: 0) == 5)
        #expect(TextBoundaries.wordEnd(in: text, after: 5) == 11)
        #expect(TextBoundaries.wordStart(in: text, before: text.utf8.count) == 13)
        #expect(TextBoundaries.wordStart(in: text, before: 13) == 7)
        #expect(TextBoundaries.graphemeStart(in: "ae\u{301}", before: 4) == 1)
        #expect(TextBoundaries.graphemeEnd(in: "ae\u{301}", after: 1) == 4)
    }
}

struct TextBoundariesInsideClusterTests {
    /// Pango stops inside a Devanagari conjunct that Swift counts as one character.
    @Test func graphemeStartFromInsideAClusterIsTheClusterStart() {
        let text = "क्षत्रिय"
        #expect(TextBoundaries.graphemeStart(in: text, before: 6) == 0)
        #expect(TextBoundaries.graphemeEnd(in: text, after: 6) == 9)
    }
}
