import CCairo
import CPango
import KeyInputKit

/// Glyphs cairo draws in one call, in one scaled font, as Pango's renderer draws a run.
struct CairoGlyphRun {
    let scaledFont: OpaquePointer
    var glyphs: [cairo_glyph_t]

    /// Draws each run with `cairo_show_glyphs`, in the source `cr` has.
    static func show(_ runs: [CairoGlyphRun], in cr: OpaquePointer) {
        for run in runs where !run.glyphs.isEmpty {
            cairo_set_scaled_font(cr, run.scaledFont)
            run.glyphs.withUnsafeBufferPointer { cairo_show_glyphs(cr, $0.baseAddress, Int32($0.count)) }
        }
    }
}

extension PangoTextLayout {
    /// The glyphs of a one-line layout whose ink may reach right of `minX`,
    /// in the canvas's coordinates, run by run and placed as Pango's renderer
    /// places them: what a keystroke's frame draws again of the line before it.
    ///
    /// `nil` for what only Pango's renderer draws: more than one line, a
    /// glyph no font has (a hex box). The runs' fonts live as long as the layout.
    func tailGlyphRuns(reachingRightOf minX: Double, at origin: Point) -> [CairoGlyphRun]? {
        guard lines.count == 1, let line = pango_layout_get_line_readonly(handle.pointer, 0) else { return nil }
        var runs: [CairoGlyphRun] = []
        // How far past its advance a glyph's ink is looked for: a glyph reaching further
        // (none in the fonts tested) keeps the cut until its line is next drawn whole.
        let reach = 2 * style.fontSize + Self.inkSpill
        // The line starts at its logical left edge, on its baseline, as pango_renderer_draw_layout places it.
        var runX = Int(pangoUnits(lines[0].frame.minX))
        let baseline = Int(pangoUnits(lines[0].baseline))
        var node = line.pointee.runs
        while let current = node {
            node = current.pointee.next
            let item = current.pointee.data.assumingMemoryBound(to: PangoGlyphItem.self).pointee
            guard let glyphs = item.glyphs?.pointee, let font = item.item?.pointee.analysis.font,
                let scaledFont = pango_cairo_font_get_scaled_font(OpaquePointer(font))
            else { return nil }
            let baseX = origin.x + Double(runX) / Double(PANGO_SCALE)
            let baseY = origin.y + Double(baseline - Int(item.y_offset)) / Double(PANGO_SCALE)
            var run = CairoGlyphRun(scaledFont: scaledFont, glyphs: [])
            var position = 0
            for info in UnsafeBufferPointer(start: glyphs.glyphs, count: Int(glyphs.num_glyphs)) {
                defer { position += Int(info.geometry.width) }
                if info.glyph == Self.emptyGlyph { continue }
                if info.glyph & Self.unknownGlyphFlag != 0 { return nil }
                let x = baseX + Double(position + Int(info.geometry.x_offset)) / Double(PANGO_SCALE)
                // Only a glyph ending near `minX` is asked for its ink.
                guard x + Double(info.geometry.width) / Double(PANGO_SCALE) + reach > minX else { continue }
                var ink = PangoRectangle()
                pango_font_get_glyph_extents(font, info.glyph, &ink, nil)
                guard x + Double(ink.x + ink.width) / Double(PANGO_SCALE) + Self.inkSpill > minX else { continue }
                let y = info.geometry.y_offset == 0 ? baseY : baseY + Double(info.geometry.y_offset) / Double(PANGO_SCALE)
                run.glyphs.append(cairo_glyph_t(index: UInt(info.glyph), x: x, y: y))
            }
            if !run.glyphs.isEmpty { runs.append(run) }
            runX += position
        }
        return runs
    }

    /// How far past its outline's ink a glyph may colour pixels, in points:
    /// cairo places glyphs on whole pixels, and antialiasing spreads the edge.
    static let inkSpill = 1.0
    /// `PANGO_GLYPH_EMPTY`: a glyph that draws nothing.
    private static let emptyGlyph: PangoGlyph = 0x0FFF_FFFF
    /// `PANGO_GLYPH_UNKNOWN_FLAG`: a character no font has, drawn as a hex box.
    private static let unknownGlyphFlag: PangoGlyph = 0x1000_0000
}
