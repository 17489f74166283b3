import KeyInputCairo
import KeyInputKit
import Testing

/// Every caret stop met moving right from the start, in order.
@MainActor
func stopsMovingRight(_ layout: TextLayout) -> [Int] {
    var stops = [0]
    while let next = layout.offset(visuallyFrom: stops[stops.count - 1], direction: .right), stops.count <= 200 {
        stops.append(next)
    }
    return stops
}

@Suite("Pango text layout, with the fonts installed")
@MainActor
struct PangoTextLayoutTests {
    let engine: PangoTextLayoutEngine

    init() throws { engine = try PangoTextLayoutEngine() }

    func layout(_ text: String, size: Double = 20, wrapWidth: Double? = nil) throws -> PangoTextLayout {
        try engine.layout(for: text, style: TextStyle(fontSize: size, wrapWidth: wrapWidth))
    }

    @Test("Arabic runs right to left: the caret starts at the right edge and ends at the left")
    func arabicRightToLeft() throws {
        let word = try layout("مرحبا")
        #expect(word.lines.count == 1 && word.lines[0].isRightToLeft)
        #expect(abs(word.caretRect(at: 0).minX - word.size.width) < 0.5)
        #expect(abs(word.caretRect(at: word.text.utf8.count).minX) < 0.5)
        // Right of the start is off the text's visual end; left moves into it.
        #expect(word.offset(visuallyFrom: 0, direction: .right) == nil)
        #expect(word.offset(visuallyFrom: 0, direction: .left) == 2)
        #expect(word.unknownGlyphCount == 0)
    }

    @Test("Arabic letters join: the word is narrower than its letters laid out one by one")
    func arabicJoins() throws {
        let word = try layout("مرحبا")
        let isolated = try word.text.map { try layout(String($0)).size.width }.reduce(0, +)
        #expect(word.size.width < isolated * 0.9, "joined \(word.size.width), isolated letters \(isolated)")
    }

    @Test("a Devanagari conjunct has fewer caret stops than code points, and every glyph is known")
    func devanagari() throws {
        let word = try layout("क्षत्रिय")
        let stops = stopsMovingRight(word)
        #expect(stops.count - 1 < word.text.unicodeScalars.count)
        #expect(stops.last == word.text.utf8.count)
        #expect(word.glyphCount < word.text.unicodeScalars.count)
        #expect(word.unknownGlyphCount == 0)
    }

    @Test("Thai: vowel marks ride on their consonant, and words break by dictionary")
    func thai() throws {
        let text = try layout("สวัสดีครับ")
        let stops = stopsMovingRight(text)
        #expect(stops.count - 1 < text.text.unicodeScalars.count)
        #expect(text.unknownGlyphCount == 0)
        // สวัสดี | ครับ: no space between them, the boundary is the dictionary's.
        #expect(text.wordEnd(after: 0) == "สวัสดี".utf8.count)
        #expect(text.wordStart(before: text.text.utf8.count) == "สวัสดี".utf8.count)
    }

    @Test("e and a combining acute accent are one caret step")
    func combiningMark() throws {
        let text = try layout("e\u{301}x")
        #expect(stopsMovingRight(text) == [0, 3, 4])
    }

    @Test("an emoji family joined with ZWJs is one caret position, drawn from the emoji font")
    func emojiFamily() throws {
        let family = "👨‍👩‍👧‍👦"
        let text = try layout(family + "a")
        #expect(stopsMovingRight(text) == [0, family.utf8.count, family.utf8.count + 1])
        #expect(text.unknownGlyphCount == 0)
    }

    @Test("CJK comes from a fallback font: no unknown glyphs; a character no font has is counted")
    func cjkFallback() throws {
        #expect(try layout("年月日").unknownGlyphCount == 0)
        #expect(try layout("2024年10月15日").unknownGlyphCount == 0)
        // A private-use code point nobody draws: the count is not always zero.
        #expect(try layout("\u{10FFFD}").unknownGlyphCount == 1)
    }

    @Test("Hebrew inside Latin: right moves forwards through Latin and backwards inside the Hebrew run")
    func hebrewInLatin() throws {
        let text = try layout("abc אבג def")
        let stops = stopsMovingRight(text)
        #expect(Array(stops.prefix(5)) == [0, 1, 2, 3, 4])
        // Inside אבג (bytes 4..<10), moving right goes from a later offset to an earlier one.
        let hebrew = stops.indices.dropLast().filter { (4...10).contains(stops[$0]) && (4...10).contains(stops[$0 + 1]) }
        #expect(hebrew.contains { stops[$0 + 1] < stops[$0] }, "stops \(stops)")
        #expect(Set(stops) == Set([0, 1, 2, 3, 4, 6, 8, 10, 11, 12, 13, 14]))
        #expect(stops.last == text.text.utf8.count)
    }

    @Test("a click on a glyph's right half gives the offset after it, on its left half the one before")
    func nearestOffset() throws {
        let text = try layout("WiW")
        let left = text.caretRect(at: 0).minX, right = text.caretRect(at: 1).minX
        let y = text.lines[0].frame.midY
        #expect(text.offset(nearest: Point(x: left + (right - left) * 0.75, y: y)) == 1)
        #expect(text.offset(nearest: Point(x: left + (right - left) * 0.25, y: y)) == 0)
        #expect(text.offset(nearest: Point(x: -50, y: y)) == 0)
        #expect(text.offset(nearest: Point(x: 500, y: 500)) == 3)
        // Right to left: the first letter is the rightmost, and its right half is its leading half.
        let arabic = try layout("مرحبا")
        let start = arabic.caretRect(at: 0).minX, after = arabic.caretRect(at: 2).minX
        #expect(arabic.offset(nearest: Point(x: after + (start - after) * 0.75, y: y)) == 0)
        #expect(arabic.offset(nearest: Point(x: after + (start - after) * 0.25, y: y)) == 2)
    }

    @Test("wrapping breaks between words, each line within the width")
    func wrapsAtWords() throws {
        let text = try layout("hello world foo bar", wrapWidth: 60)
        #expect(text.lines.count > 1)
        for line in text.lines { #expect(line.frame.width <= 60) }
        let pieces = text.lines.map { line in
            String(decoding: Array(text.text.utf8)[line.range], as: UTF8.self)
        }
        #expect(pieces.joined() == text.text)
        for piece in pieces.dropLast() { #expect(piece.hasSuffix(" "), "broke inside a word: \(pieces)") }
        #expect(text.lines.map(\.frame.minY) == text.lines.map(\.frame.minY).sorted())
    }

    @Test("a word longer than the width breaks inside it, without a hyphen")
    func longWordBreaks() throws {
        let text = try layout("abcdefghijklmnopqrstuvwxyz", wrapWidth: 80)
        #expect(text.lines.count > 1)
        for line in text.lines { #expect(line.frame.width <= 80) }
        #expect(text.glyphCount == 26)
    }

    @Test("a selection across Latin and Hebrew is more than one rectangle")
    func bidiSelection() throws {
        let text = try layout("abc אבג def")
        // "c", the space and א: א is drawn at the right end of the Hebrew run, apart from "c ".
        let rects = text.selectionRects(for: 2..<6)
        #expect(rects.count > 1, "\(rects)")
        #expect(text.selectionRects(for: 0..<3).count == 1)
        // All of it is one piece: the runs touch.
        let all = text.selectionRects(for: 0..<text.text.utf8.count)
        #expect(all.count == 1 && abs((all.first?.width ?? 0) - text.size.width) < 0.5)
        #expect(text.selectionRects(for: 3..<3).isEmpty)
    }

    @Test("line breaks start new lines, below the first, the break in neither")
    func lineBreaks() throws {
        let text = try layout("a\nb")
        #expect(text.lines.map(\.range) == [0..<1, 2..<3])
        #expect(text.lines[1].frame.minY >= text.lines[0].frame.maxY - 0.01)
        #expect(text.caretRect(at: 2).minY > text.caretRect(at: 0).minY)
        #expect(text.offset(visuallyFrom: 1, direction: .right) == 2)
    }

    @Test("words by Pango's boundaries: punctuation and spaces are not words")
    func words() throws {
        let text = try layout("hello, world")
        #expect(text.wordStart(before: 12) == 7)
        #expect(text.wordStart(before: 7) == 0)
        #expect(text.wordEnd(after: 0) == 5)
        #expect(text.wordEnd(after: 5) == 12)
    }

    @Test("a NUL in the text keeps every offset: it is laid out, not the end of the text")
    func nulCharacter() throws {
        let text = try layout("a\u{0}b")
        #expect(text.lines.map(\.range) == [0..<3])
        #expect(stopsMovingRight(text) == [0, 1, 2, 3])
    }

    @Test("on a canvas that draws no glyphs, the layout's lines are drawn as text")
    func fallbackDrawing() throws {
        let canvas = TextCanvas(size: Size(width: 160, height: 32))
        try layout("hello", size: 14).draw(in: canvas, at: Point(x: 0, y: 0), color: .text)
        #expect(canvas.rendering.contains("hello"))
    }
}
