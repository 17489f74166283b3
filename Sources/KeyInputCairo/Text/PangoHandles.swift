import CCairo
import CPango

/// The one owner of a Pango font map and the context layouts are made in;
/// unreferences both when released.
///
/// Not isolated to an actor, so that its `deinit` may free them; Pango
/// objects are used from one thread at a time, so it is not `Sendable`.
/// The context lays text out in cairo user units (absolute font sizes),
/// with metric hinting off and unrounded glyph positions, so that a layout
/// measures the same at every canvas scale.
final class PangoFontContext {
    /// The `PangoCairoFontMap`.
    let fontMap: UnsafeMutablePointer<PangoFontMap>
    /// The `PangoContext` every layout of this owner is made in.
    let pointer: OpaquePointer

    /// Creates a font map of its own (`pango_cairo_font_map_new`) and a context on it.
    ///
    /// - Throws: ``CairoError`` (`textLayoutFailed`) when Pango returns no font map or context.
    init() throws {
        guard let fontMap = pango_cairo_font_map_new() else {
            throw CairoError(.textLayoutFailed, "Pango could not create a font map")
        }
        guard let context = pango_font_map_create_context(fontMap) else {
            g_object_unref(fontMap)
            throw CairoError(.textLayoutFailed, "Pango could not create a context")
        }
        let options = cairo_font_options_create()
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        pango_cairo_context_set_font_options(context, options)
        cairo_font_options_destroy(options)
        pango_context_set_round_glyph_positions(context, 0)
        self.fontMap = fontMap
        self.pointer = context
    }

    /// Contexts on the same font map with a fixed base direction, for the
    /// pieces of a long paragraph, made when first asked: left to right, right to left.
    private var directedContexts: [OpaquePointer?] = [nil, nil]

    /// A context on the same font map whose base direction is fixed
    /// (`pango_context_set_base_dir`): a piece of a paragraph takes the
    /// paragraph's direction, not its own first letter's. Changing the
    /// shared context's direction would lay every layout made in it out again.
    func context(rightToLeft: Bool) throws -> OpaquePointer {
        if let context = directedContexts[rightToLeft ? 1 : 0] { return context }
        guard let context = pango_font_map_create_context(fontMap) else {
            throw CairoError(.textLayoutFailed, "Pango could not create a context")
        }
        pango_cairo_context_set_font_options(context, pango_cairo_context_get_font_options(pointer))
        pango_context_set_round_glyph_positions(context, 0)
        pango_context_set_base_dir(context, rightToLeft ? PANGO_DIRECTION_RTL : PANGO_DIRECTION_LTR)
        directedContexts[rightToLeft ? 1 : 0] = context
        return context
    }

    deinit {
        for case let context? in directedContexts { g_object_unref(UnsafeMutableRawPointer(context)) }
        g_object_unref(UnsafeMutableRawPointer(pointer))
        g_object_unref(fontMap)
    }
}

/// The one owner of a `PangoLayout`; unreferences it when released, and
/// keeps the context it was made in alive.
final class PangoLayoutHandle {
    /// The layout.
    let pointer: OpaquePointer
    /// The fonts and context the layout uses.
    let fonts: PangoFontContext

    /// Creates an empty layout in `fonts`' context (`pango_layout_new`).
    ///
    /// - Throws: ``CairoError`` (`textLayoutFailed`) when Pango returns no layout.
    init(fonts: PangoFontContext, context: OpaquePointer? = nil) throws {
        guard let layout = pango_layout_new(context ?? fonts.pointer) else {
            throw CairoError(.textLayoutFailed, "Pango could not create a layout")
        }
        self.pointer = layout
        self.fonts = fonts
    }

    /// Sets the layout's text, its byte offsets the same as `text`'s UTF-8
    /// offsets: a NUL (which would end Pango's copy) is laid out as a space.
    func setText(_ text: String) {
        var bytes = Array(text.utf8)
        for index in bytes.indices where bytes[index] == 0 { bytes[index] = 0x20 }
        bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { chars in
                pango_layout_set_text(pointer, chars.baseAddress, Int32(clamping: chars.count))
            }
        }
    }

    /// Sets the font: `family` at an absolute `size` in cairo user units.
    func setFont(family: String, size: Double) {
        let description = pango_font_description_new()
        defer { pango_font_description_free(description) }
        pango_font_description_set_family(description, family)
        pango_font_description_set_absolute_size(description, size * Double(PANGO_SCALE))
        pango_layout_set_font_description(pointer, description)
    }

    deinit {
        g_object_unref(UnsafeMutableRawPointer(pointer))
    }
}

/// Pango units (1/1024 of a point) as points.
@inline(__always) func points(_ units: Int32) -> Double { Double(units) / Double(PANGO_SCALE) }

/// Points as Pango units, clamped to what they can hold.
@inline(__always) func pangoUnits(_ points: Double) -> Int32 {
    Int32(clamping: Int64((points * Double(PANGO_SCALE)).rounded().clamped(to: -1e12...1e12)))
}

extension Double {
    fileprivate func clamped(to range: ClosedRange<Double>) -> Double {
        isNaN ? 0 : Swift.min(Swift.max(self, range.lowerBound), range.upperBound)
    }
}

/// The one owner of a `PangoFont`; unreferences it when released.
final class PangoFontHandle {
    /// The font.
    let pointer: UnsafeMutablePointer<PangoFont>

    init(adopting pointer: UnsafeMutablePointer<PangoFont>) { self.pointer = pointer }

    deinit { g_object_unref(pointer) }
}
