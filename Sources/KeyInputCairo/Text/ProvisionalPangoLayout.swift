import CCairo
import CPango
import KeyInputKit

/// A ``PangoTextLayout`` with characters typed at its end, placed one after
/// another with their advances in the family's first font: what a
/// keystroke draws before its line is laid out again.
///
/// It answers where the caret goes and how wide the text is itself; other
/// questions (clicks, selections, words) it passes to the full layout,
/// made when first needed or when it is settled.
@MainActor
final class ProvisionalPangoLayout: ProvisionalTextLayout {
    let text: String
    let lines: [TextLine]
    let size: Size
    /// The layout the characters were typed after.
    private let base: PangoTextLayout
    /// The characters typed, their glyphs, and where the first one goes.
    private let appended: String
    private let glyphs: AppendedGlyphs
    /// The glyphs for cairo, from the first one's origin on the baseline.
    private let cairoGlyphs: [cairo_glyph_t]
    private let start: Point
    let grownRect: Rect

    /// - Parameters:
    ///   - base: A layout of one left-to-right line.
    ///   - appended: The characters typed after it.
    ///   - glyphs: Their glyphs, one per scalar.
    ///   - grownFrom: Where the layout it grew from ended: the base's end, or a shorter provisional layout's.
    init(base: PangoTextLayout, appended: String, glyphs: AppendedGlyphs, grownFrom: Double? = nil) {
        self.base = base
        self.appended = appended
        self.glyphs = glyphs
        var pen = 0.0
        cairoGlyphs = glyphs.glyphs.map { glyph in
            defer { pen += points(glyph.advance) }
            return cairo_glyph_t(index: UInt(glyph.glyph), x: pen, y: 0)
        }
        text = base.text + appended
        let line = base.lines[0]
        // The caret at the end of one left-to-right line is at the line's logical end.
        start = Point(x: line.frame.maxX, y: line.baseline)
        let width = glyphs.width
        size = Size(width: base.size.width + width, height: base.size.height)
        lines = [
            TextLine(
                range: 0..<text.utf8.count,
                frame: Rect(x: line.frame.minX, y: line.frame.minY, width: line.frame.width + width, height: line.frame.height),
                baseline: line.baseline, isRightToLeft: false)
        ]
        let from = grownFrom ?? start.x
        let across = Rect(x: from, y: line.frame.minY, width: start.x + width - from, height: line.frame.height)
        grownRect = across.union(glyphs.ink.offsetBy(dx: start.x, dy: start.y))
    }

    var style: TextStyle { base.style }

    /// The full layout of the same text, made when first asked.
    private lazy var full: TextLayout =
        base.pieceRightToLeft.flatMap { try? base.engine.layout(for: text, style: style, rightToLeft: $0) }
        ?? base.engine.makeLayout(for: text, style: style)

    func settle() -> (layout: TextLayout, drawsTheSame: Bool) {
        let full = self.full
        guard let pango = full as? PangoTextLayout else { return (full, false) }
        // Kerning, a ligature or a fallback font would change the width or the glyphs.
        let same =
            pango.lines.count == 1 && abs(pango.size.width - size.width) < 0.5 / Double(PANGO_SCALE)
            && pango.glyphCount == base.glyphCount + glyphs.glyphs.count
        return (full, same)
    }

    func appending(_ suffix: String) -> ProvisionalTextLayout? {
        guard let more = base.engine.appendedGlyphs(suffix, size: style.fontSize),
            more.font === glyphs.font, fits(width: size.width + more.width)
        else { return nil }
        return ProvisionalPangoLayout(
            base: base, appended: appended + suffix, glyphs: glyphs.followed(by: more), grownFrom: lines[0].frame.maxX)
    }

    /// Whether a line this wide stays one line.
    func fits(width: Double) -> Bool { style.wrapWidth.map { width <= $0 } ?? true }

    func caretRect(at offset: Int) -> Rect {
        let baseLength = base.text.utf8.count
        guard offset > baseLength else { return base.caretRect(at: offset) }
        // Past the base: after each typed scalar that ends at or before the offset.
        var x = start.x
        var end = baseLength
        for (scalar, glyph) in zip(appended.unicodeScalars, glyphs.glyphs) {
            end += UTF8.width(scalar)
            guard end <= offset else { break }
            x += points(glyph.advance)
        }
        let line = lines[0]
        return Rect(x: x, y: line.frame.minY, width: 0, height: line.frame.height)
    }

    func offset(nearest point: Point) -> Int { full.offset(nearest: point) }
    func offset(visuallyFrom offset: Int, direction: VisualDirection) -> Int? {
        full.offset(visuallyFrom: offset, direction: direction)
    }
    func selectionRects(for range: Range<Int>) -> [Rect] { full.selectionRects(for: range) }
    func wordStart(before offset: Int) -> Int { full.wordStart(before: offset) }
    func wordEnd(after offset: Int) -> Int { full.wordEnd(after: offset) }

    /// Draws what of the base layout reaches into what is being drawn (a
    /// keystroke marks only where it draws: the end of the line before it, if
    /// any), then the typed glyphs after it, as Pango draws glyphs: in one
    /// call with the line's last run when they share its font, so that
    /// glyphs whose ink overlaps blend as in the full layout.
    func draw(in canvas: Canvas, at origin: Point, color: Color) {
        guard let cairoCanvas = canvas as? CairoCanvas else {
            base.draw(in: canvas, at: origin, color: color)
            return
        }
        let clipMinX = cairoCanvas.clipBounds.minX
        var runs: [CairoGlyphRun] = []
        if clipMinX < origin.x + base.inkMaxX + PangoTextLayout.inkSpill {
            if let tail = base.tailGlyphRuns(reachingRightOf: clipMinX, at: origin) {
                runs = tail
            } else {
                // Hex boxes: Pango draws the base, and the typed glyphs follow on their own.
                base.draw(in: canvas, at: origin, color: color)
            }
        }
        drawAppended(in: cairoCanvas, runs: runs, at: origin, color: color)
    }

    /// Draws `runs` of the base, then the typed glyphs, straight with cairo in
    /// the fonts' own scaled fonts, where Pango's renderer would add its set-up.
    private func drawAppended(in canvas: CairoCanvas, runs: [CairoGlyphRun], at origin: Point, color: Color) {
        var runs = runs
        let font = pango_cairo_font_get_scaled_font(OpaquePointer(glyphs.font.pointer))
        let placed = cairoGlyphs.map {
            cairo_glyph_t(index: $0.index, x: $0.x + (origin.x + start.x), y: origin.y + start.y)
        }
        if let font, runs.last?.scaledFont == font {
            runs[runs.count - 1].glyphs += placed
        } else if let font {
            runs.append(CairoGlyphRun(scaledFont: font, glyphs: placed))
        }
        canvas.withUnsafeCairoPointer { cr in
            cairo_save(cr)
            cairo_set_source_rgba(cr, color.red, color.green, color.blue, color.alpha)
            withExtendedLifetime((base, glyphs.font)) { CairoGlyphRun.show(runs, in: cr) }
            cairo_restore(cr)
        }
    }
}

extension PangoTextLayout {
    /// This layout with `suffix` typed at its end, drawn before the line is
    /// laid out again (a `ProvisionalTextLayout`): for one left-to-right
    /// line (or an empty one) that stays one line, and plain Latin, Greek or Cyrillic
    /// characters the family's first font has; `nil` otherwise.
    ///
    /// - Parameter suffix: The characters typed.
    public func appending(_ suffix: String) -> ProvisionalTextLayout? {
        guard lines.count == 1, isLeftToRight,
            let glyphs = engine.appendedGlyphs(suffix, size: style.fontSize),
            style.wrapWidth.map({ size.width + glyphs.width <= $0 }) ?? true
        else { return nil }
        return ProvisionalPangoLayout(base: self, appended: suffix, glyphs: glyphs)
    }

}
