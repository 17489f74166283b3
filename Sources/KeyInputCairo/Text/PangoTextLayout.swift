import CCairo
import CPango
import KeyInputKit

/// A paragraph laid out by Pango, made by ``PangoTextLayoutEngine``: shaped
/// by HarfBuzz, in visual order, with fallback fonts, wrapped at words.
///
/// It answers the editing questions of `TextLayout` with Pango's own
/// cursor logic: carets from `pango_layout_get_cursor_pos` (the strong
/// cursor), clicks from `pango_layout_xy_to_index`, arrow keys from
/// `pango_layout_move_cursor_visually`, selections from
/// `pango_layout_line_get_x_ranges`, words from Pango's word boundaries
/// (with a dictionary for Thai). Offsets are UTF-8 offsets, Pango's byte
/// indices; the positions it returns are Pango's cursor positions
/// (grapheme clusters).
///
/// Each paragraph takes its direction from its first strong character
/// (Pango's auto direction), so an Arabic paragraph runs right to left
/// and, when lines wrap, sits at the right of the wrap width.
@MainActor
public final class PangoTextLayout: TextLayout {
    /// The text laid out.
    public let text: String
    /// The style it was laid out with.
    public let style: TextStyle
    /// The width of the widest line and the height of all lines, in points.
    public let size: Size
    /// The lines, top to bottom.
    public let lines: [TextLine]
    /// Whether every run is left to right (an even embedding level).
    let isLeftToRight: Bool
    /// The right edge of the ink, in points: what text drawn further right cannot touch.
    let inkMaxX: Double
    let handle: PangoLayoutHandle
    /// The engine that made it, which lays the text out again when it grows.
    let engine: PangoTextLayoutEngine
    /// The UTF-8 offset of each Unicode scalar, and the text's length last:
    /// Pango counts log attributes and trailing positions in scalars.
    let scalarOffsets: [Int]
    /// For a piece of a long paragraph, the paragraph's direction it was laid out in; `nil` otherwise.
    let pieceRightToLeft: Bool?

    init(
        text: String, style: TextStyle, handle: PangoLayoutHandle, engine: PangoTextLayoutEngine,
        pieceRightToLeft: Bool? = nil
    ) {
        self.pieceRightToLeft = pieceRightToLeft
        self.text = text
        self.style = style
        self.handle = handle
        self.engine = engine
        let layout = handle.pointer
        var ink = PangoRectangle(), logical = PangoRectangle()
        pango_layout_get_extents(layout, &ink, &logical)
        size = Size(width: points(logical.width), height: points(logical.height))
        inkMaxX = points(ink.x) + points(ink.width)
        (lines, isLeftToRight) = Self.readLines(layout)
        var offsets: [Int] = []
        offsets.reserveCapacity(text.unicodeScalars.count + 1)
        var offset = 0
        for scalar in text.unicodeScalars {
            offsets.append(offset)
            offset += UTF8.width(scalar)
        }
        offsets.append(offset)
        scalarOffsets = offsets
    }

    /// The number of characters drawn as “unknown glyph” boxes because no
    /// installed font has them (`pango_layout_get_unknown_glyphs_count`).
    public var unknownGlyphCount: Int { Int(pango_layout_get_unknown_glyphs_count(handle.pointer)) }

    /// The number of glyphs the text is drawn with, over all lines: fewer
    /// than its characters where letters join or form conjuncts.
    public var glyphCount: Int {
        var count = 0
        let iterator = pango_layout_get_iter(handle.pointer)
        defer { pango_layout_iter_free(iterator) }
        repeat {
            if let run = pango_layout_iter_get_run_readonly(iterator) { count += Int(run.pointee.glyphs.pointee.num_glyphs) }
        } while pango_layout_iter_next_run(iterator) != 0
        return count
    }

    /// Draws the text with its top-left corner at `origin`: with Pango on a
    /// ``CairoCanvas`` (`pango_cairo_show_layout`); on any other canvas,
    /// each line as plain text at the line's position.
    ///
    /// - Parameters:
    ///   - canvas: Where to draw.
    ///   - origin: The layout's top-left corner, in the canvas's coordinates.
    ///   - color: The colour of the text.
    public func draw(in canvas: Canvas, at origin: Point, color: Color) {
        guard let cairoCanvas = canvas as? CairoCanvas else {
            drawLinesAsText(in: canvas, at: origin, color: color)
            return
        }
        cairoCanvas.withUnsafeCairoPointer { cr in
            cairo_save(cr)
            cairo_set_source_rgba(cr, color.red, color.green, color.blue, color.alpha)
            cairo_move_to(cr, origin.x, origin.y)
            withExtendedLifetime(handle) { pango_cairo_show_layout(cr, handle.pointer) }
            cairo_restore(cr)
        }
    }

    /// Draws the first `count` lines only, as `pango_cairo_show_layout`
    /// places them: a piece of a wrapped paragraph holds the next piece's
    /// first line too, which that piece draws.
    func draw(in canvas: CairoCanvas, at origin: Point, color: Color, lineCount count: Int) {
        guard count < lines.count else {
            draw(in: canvas, at: origin, color: color)
            return
        }
        canvas.withUnsafeCairoPointer { cr in
            cairo_save(cr)
            cairo_set_source_rgba(cr, color.red, color.green, color.blue, color.alpha)
            let iterator = pango_layout_get_iter(handle.pointer)
            defer { pango_layout_iter_free(iterator) }
            var index = 0
            repeat {
                guard index < count, let line = pango_layout_iter_get_line_readonly(iterator) else { break }
                var logical = PangoRectangle()
                pango_layout_iter_get_line_extents(iterator, nil, &logical)
                let baseline = pango_layout_iter_get_baseline(iterator)
                cairo_move_to(cr, origin.x + points(logical.x), origin.y + points(baseline))
                withExtendedLifetime(handle) { pango_cairo_show_layout_line(cr, line) }
                index += 1
            } while pango_layout_iter_next_line(iterator) != 0
            cairo_restore(cr)
        }
    }

    /// Whether the text's first position starts a word, by Pango's boundaries.
    var startsWithWord: Bool {
        var count: Int32 = 0
        guard let attributes = pango_layout_get_log_attrs_readonly(handle.pointer, &count), count > 0 else { return false }
        return attributes[0].is_word_start != 0
    }

    /// The lines, and whether all their runs are left to right.
    private static func readLines(_ layout: OpaquePointer) -> ([TextLine], Bool) {
        var lines: [TextLine] = []
        var leftToRight = true
        let iterator = pango_layout_get_iter(layout)
        defer { pango_layout_iter_free(iterator) }
        repeat {
            guard let line = pango_layout_iter_get_line_readonly(iterator) else { continue }
            var run = line.pointee.runs
            while let node = run, leftToRight {
                let item = node.pointee.data.assumingMemoryBound(to: PangoGlyphItem.self).pointee.item
                if let item, item.pointee.analysis.level % 2 != 0 { leftToRight = false }
                run = node.pointee.next
            }
            var logical = PangoRectangle()
            pango_layout_iter_get_line_extents(iterator, nil, &logical)
            let start = Int(line.pointee.start_index)
            lines.append(
                TextLine(
                    range: start..<start + Int(line.pointee.length),
                    frame: Rect(
                        x: points(logical.x), y: points(logical.y), width: points(logical.width),
                        height: points(logical.height)),
                    baseline: points(pango_layout_iter_get_baseline(iterator)),
                    isRightToLeft: line.pointee.resolved_dir == PANGO_DIRECTION_RTL.rawValue))
        } while pango_layout_iter_next_line(iterator) != 0
        return (lines, leftToRight)
    }

    /// The index in ``scalarOffsets`` of the scalar at or before a UTF-8 offset.
    func scalarIndex(atOffset offset: Int) -> Int {
        max(0, scalarOffsets.partitionPoint { $0 <= offset } - 1)
    }

    /// A UTF-8 offset clamped to the text.
    func clamped(_ offset: Int) -> Int { min(max(0, offset), scalarOffsets[scalarOffsets.count - 1]) }
}
