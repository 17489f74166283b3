import KeyInputCairo
import KeyInputKit
import Testing

extension CairoCanvas {
    /// Pixels with some ink (alpha) in a rectangle of pixels.
    func inkPixels(in rect: Rect) -> [(x: Int, y: Int)] {
        var found: [(Int, Int)] = []
        for y in Int(rect.minY)..<Int(rect.maxY) {
            for x in Int(rect.minX)..<Int(rect.maxX) where (color(atX: x, y: y)?.alpha ?? 0) > 0.25 {
                found.append((x, y))
            }
        }
        return found
    }
}

@Suite("CairoCanvas text through Pango")
@MainActor
struct CairoCanvasTextTests {
    let area = Rect(x: 0, y: 0, width: 300, height: 40)

    func drawn(_ text: String, alignment: TextAlignment = .leading) throws -> CairoCanvas {
        let canvas = try CairoCanvas(size: area.size)
        canvas.text(text, in: area, color: .black, fontSize: 20, alignment: alignment)
        return canvas
    }

    @Test("a Japanese date draws ink for every character and no unknown-glyph boxes")
    func japaneseDate() throws {
        let canvas = try drawn("2024年10月15日")
        let engine = try #require(canvas.textEngine)
        let layout = try engine.layout(for: "2024年10月15日", style: TextStyle(fontSize: 20))
        #expect(layout.unknownGlyphCount == 0)
        // Ink under each character's own cell, found from the layout's carets.
        var offset = 0
        for character in layout.text {
            let next = offset + character.utf8.count
            let from = layout.caretRect(at: offset).minX, to = layout.caretRect(at: next).minX
            let ink = canvas.inkPixels(in: Rect(x: from, y: 0, width: max(1, to - from), height: 40))
            #expect(ink.count > 10, "no ink for \(character)")
            offset = next
        }
    }

    @Test("Arabic is drawn right to left: leading alignment puts it at the right, Latin at the left")
    func arabicAlignsRight() throws {
        let arabic = try drawn("أكتوبر").inkPixels(in: area).map(\.x)
        let latin = try drawn("October").inkPixels(in: area).map(\.x)
        #expect(try #require(arabic.min()) > 200, "leading Arabic text starts at \(arabic.min() ?? 0)")
        #expect(try #require(latin.max()) < 100)
        // Trailing is the other side for each.
        #expect(try #require(try drawn("أكتوبر", alignment: .trailing).inkPixels(in: area).map(\.x).max()) < 100)
    }

    @Test("the rightmost glyph of أكتوبر is its first letter, alef with hamza, as drawn alone")
    func arabicFirstLetterAtTheRight() throws {
        let alef = try drawn("أ")
        let alefInk = alef.inkPixels(in: area)
        let left = try #require(alefInk.map(\.x).min())
        // The columns alef covers, at the right edge, are the same pixels in the word.
        let columns = Rect(x: Double(left), y: 0, width: area.width - Double(left), height: area.height)
        func difference(_ other: CairoCanvas) -> Int {
            let mine = Set(alefInk.map { "\($0.x),\($0.y)" })
            let theirs = Set(other.inkPixels(in: columns).map { "\($0.x),\($0.y)" })
            return mine.symmetricDifference(theirs).count
        }
        #expect(difference(try drawn("أكتوبر")) <= alefInk.count / 10)
        // The same letters forced into left-to-right order put ر at the right instead.
        #expect(difference(try drawn("\u{202D}أكتوبر\u{202C}")) > alefInk.count / 2)
    }

    @Test("a canvas given an engine draws with it, and keeps its layouts between frames")
    func sharedEngine() throws {
        let engine = try PangoTextLayoutEngine()
        let first = try CairoCanvas(size: area.size)
        first.textEngine = engine
        first.text("Hello", in: area, color: .black, fontSize: 20, alignment: .leading)
        let second = try CairoCanvas(size: area.size)
        second.textEngine = engine
        second.text("Hello", in: area, color: .black, fontSize: 20, alignment: .leading)
        #expect(first.textEngine === second.textEngine)
        #expect(first.inkPixels(in: area).count == second.inkPixels(in: area).count)
        #expect(!first.inkPixels(in: area).isEmpty)
    }
}
