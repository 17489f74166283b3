import KeyInputCairo
import KeyInputKit
import Testing

@Suite("A keystroke drawn before its line is laid out again")
@MainActor
struct ProvisionalLayoutTests {
    let engine: PangoTextLayoutEngine
    let style = TextStyle(fontSize: 14)

    init() throws { engine = try PangoTextLayoutEngine() }

    /// A white canvas, 200 by 30.
    func whiteCanvas() throws -> CairoCanvas {
        let canvas = try CairoCanvas(size: Size(width: 200, height: 30))
        canvas.fill(Rect(x: 0, y: 0, width: 200, height: 30), color: .white)
        return canvas
    }

    /// A canvas's pixels, row by row.
    func pixels(in canvas: CairoCanvas) -> [Color?] {
        (0..<30).flatMap { y in (0..<200).map { x in canvas.color(atX: x, y: y) } }
    }

    /// The pixels of a layout drawn in black on white.
    func pixels(of layout: TextLayout) throws -> [Color?] {
        let canvas = try whiteCanvas()
        layout.draw(in: canvas, at: Point(x: 3, y: 5), color: .text)
        return pixels(in: canvas)
    }

    @Test("Letters typed after a line draw the pixels the full layout draws, and the caret goes where its caret goes")
    func lettersDrawAsLaidOut() throws {
        let base = try engine.layout(for: "Ada Lovel", style: style)
        let grown = try #require(base.appending("a")?.appending("ce"))
        let full = try engine.layout(for: "Ada Lovelace", style: style)
        #expect(grown.text == "Ada Lovelace")
        #expect(try pixels(of: grown) == pixels(of: full))
        for offset in 9...12 {
            #expect(abs(grown.caretRect(at: offset).minX - full.caretRect(at: offset).minX) < 0.01)
        }
        #expect(abs(grown.size.width - full.size.width) < 0.01)
        let settled = grown.settle()
        #expect(settled.drawsTheSame)
        #expect(settled.layout.text == "Ada Lovelace")
    }

    @Test("A pair the font kerns is placed without kerning at first, then laid out and drawn again")
    func kernedPairSettlesDifferently() throws {
        let base = try engine.layout(for: "A", style: style)
        let grown = try #require(base.appending("V"))
        let full = try engine.layout(for: "AV", style: style)
        #expect(full.size.width < grown.size.width, "DejaVu Sans kerns A and V")
        let settled = grown.settle()
        #expect(!settled.drawsTheSame)
        #expect(try pixels(of: settled.layout) == pixels(of: full))
    }

    @Test(
        "A keystroke's frame draws again the end of the line before it where the new letter's pixels cut into it, as the full layout draws that part",
        arguments: ["Jeff" + "y", "Cliff" + "j", "Off" + "y", "Ruff" + ".", "r" + "y", "r" + ","])
    func keystrokeMendsTheLineEnd(typed: String) throws {
        let line = String(typed.dropLast()), letter = String(typed.last!)
        let base = try engine.layout(for: line, style: style)
        let grown = try #require(base.appending(letter))
        #expect(grown.settle().drawsTheSame, "no kerning in \(typed)")
        let origin = Point(x: 3, y: 5)
        let minX = (origin.x + grown.grownRect.minX).rounded(.down)
        let part = Rect(x: minX, y: 0, width: 200 - minX, height: 30)
        // On the screen, the line as it was; a frame fills the keystroke's whole pixels and draws `layout` there.
        func frame(drawing layout: TextLayout) throws -> [Color?] {
            let screen = try whiteCanvas()
            base.draw(in: screen, at: origin, color: .text)
            screen.pushClip(part)
            screen.fill(part, color: .white)
            layout.draw(in: screen, at: origin, color: .text)
            screen.popClip()
            return pixels(in: screen)
        }
        let lineAlone = try pixels(of: base)
        let cut = (0..<30).contains { y in (Int(minX)..<200).contains { x in lineAlone[y * 200 + x] != .white } }
        #expect(cut, "the fill takes away ink of \(line) right of \(minX)")
        let shown = try frame(drawing: grown), full = try frame(drawing: try engine.layout(for: typed, style: style))
        let differing = shown.indices.filter { shown[$0] != full[$0] }.map { (x: $0 % 200, y: $0 / 200) }
        #expect(differing.isEmpty, "\(differing.prefix(5))")
    }

    @Test(
        "Text the first font cannot place on its own is laid out at once",
        arguments: ["\u{301}", "ب", "中", "\t", "a\u{300}", "\u{AD}"])
    func shapedTextIsNotForeseen(suffix: String) throws {
        let base = try engine.layout(for: "Ada", style: style)
        #expect(base.appending(suffix) == nil)
    }

    @Test("The first letter of an empty line draws as laid out")
    func firstLetter() throws {
        let grown = try #require(try engine.layout(for: "", style: style).appending("W"))
        let full = try engine.layout(for: "W", style: style)
        #expect(try pixels(of: grown) == pixels(of: full))
        #expect(abs(grown.caretRect(at: 1).minX - full.caretRect(at: 1).minX) < 0.01)
    }

    @Test("A right-to-left line, a wrapped one and a paste are laid out at once")
    func otherLinesAreNotForeseen() throws {
        #expect(try engine.layout(for: "שלום", style: style).appending("a") == nil)
        let wrapped = TextStyle(fontSize: 14, wrapWidth: 60)
        #expect(try engine.layout(for: "one two three", style: wrapped).appending("a") == nil)
        let fits = try engine.layout(for: "one", style: wrapped)
        #expect(fits.appending("s") != nil)
        #expect(fits.appending(" more words") == nil, "the line would wrap")
        #expect(try engine.layout(for: "Ada", style: style).appending(String(repeating: "a", count: 65)) == nil)
    }

    @Test("Clicks, selections and words are answered by the full layout")
    func queriesUseTheFullLayout() throws {
        let grown = try #require(try engine.layout(for: "Ada Love", style: style).appending("l"))
        let full = try engine.layout(for: "Ada Lovel", style: style)
        let point = Point(x: full.caretRect(at: 6).minX + 1, y: 5)
        #expect(grown.offset(nearest: point) == full.offset(nearest: point))
        #expect(grown.selectionRects(for: 4..<9) == full.selectionRects(for: 4..<9))
        #expect(grown.wordStart(before: 9) == 4)
        #expect(grown.offset(visuallyFrom: 9, direction: .left) == 8)
    }
}
