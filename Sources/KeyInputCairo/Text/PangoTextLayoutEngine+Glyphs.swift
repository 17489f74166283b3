import CPango
import KeyInputKit

/// Glyphs to draw after a line's end, in the family's first font.
struct AppendedGlyphs {
    /// The font they are drawn in.
    let font: PangoFontHandle
    /// Each glyph and its advance, in Pango units: one per Unicode scalar.
    var glyphs: [(glyph: PangoGlyph, advance: Int32)]
    /// The ink of all of them drawn from the origin on the baseline, in points.
    var ink: Rect

    /// Their width in points.
    var width: Double { points(glyphs.reduce(0) { $0 + $1.advance }) }

    /// These glyphs followed by `more` in the same font.
    func followed(by more: AppendedGlyphs) -> AppendedGlyphs {
        AppendedGlyphs(font: font, glyphs: glyphs + more.glyphs, ink: ink.union(more.ink.offsetBy(dx: width, dy: 0)))
    }
}

extension PangoTextLayoutEngine {
    /// The glyphs of `text` in the family's first font at `size`, placed
    /// one after another as Pango would place them: `nil` unless every
    /// scalar is plain (``isPlain(_:)``) and the font has it.
    func appendedGlyphs(_ text: String, size: Double) -> AppendedGlyphs? {
        // What a keystroke or an input method commits; a paste is laid out.
        guard text.utf8.count <= Self.longestAppended, let font = primaryFont(size: size) else { return nil }
        let hbFont = pango_font_get_hb_font(font.pointer)
        var glyphs: [(glyph: PangoGlyph, advance: Int32)] = []
        var ink: Rect?
        var pen = 0
        for scalar in text.unicodeScalars {
            var glyph: hb_codepoint_t = 0
            guard Self.isPlain(scalar), hb_font_get_nominal_glyph(hbFont, scalar.value, &glyph) != 0 else { return nil }
            var glyphInk = PangoRectangle(), logical = PangoRectangle()
            pango_font_get_glyph_extents(font.pointer, glyph, &glyphInk, &logical)
            if glyphInk.width > 0, glyphInk.height > 0 {
                let rect = Rect(
                    x: points(Int32(pen) + glyphInk.x), y: points(glyphInk.y), width: points(glyphInk.width),
                    height: points(glyphInk.height))
                ink = ink.map { $0.union(rect) } ?? rect
            }
            glyphs.append((glyph, logical.width))
            pen += Int(logical.width)
        }
        guard !glyphs.isEmpty else { return nil }
        return AppendedGlyphs(font: font, glyphs: glyphs, ink: ink ?? Rect(x: 0, y: 0, width: 0, height: 0))
    }

    /// The most UTF-8 bytes drawn after a line without laying it out again.
    static let longestAppended = 64

    /// Whether a scalar is set on its own, left to right, in the family's
    /// first font: letters, digits, punctuation, symbols and spaces of
    /// Latin, Greek and Cyrillic; no marks, controls or format characters.
    nonisolated static func isPlain(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII { return scalar.value >= 0x20 && scalar.value < 0x7F }
        switch scalar.value {
        case 0x20...0x7E, 0xA0...0x24F, 0x370...0x3FF, 0x400...0x52F: break
        default: return false
        }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark, .control, .format, .unassigned, .privateUse, .surrogate:
            return false
        default: return true
        }
    }

    /// The font Pango tries first for ``fontFamily`` at `size`, kept.
    private func primaryFont(size: Double) -> PangoFontHandle? {
        if let font = primaryFonts[size] { return font }
        let description = pango_font_description_new()
        defer { pango_font_description_free(description) }
        pango_font_description_set_family(description, fontFamily)
        pango_font_description_set_absolute_size(description, size * Double(PANGO_SCALE))
        guard let loaded = pango_context_load_font(fonts.pointer, description) else { return nil }
        let font = PangoFontHandle(adopting: loaded)
        primaryFonts[size] = font
        return font
    }
}
