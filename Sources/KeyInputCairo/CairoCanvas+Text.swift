import CCairo
import CPango
import KeyInputKit

extension CairoCanvas {
    /// Draws one line of text with Pango, vertically centred in `rect` and
    /// aligned across it; text wider than `rect` ends in “…”, and nothing is
    /// drawn outside `rect`.
    ///
    /// The text is shaped (joined Arabic, Devanagari conjuncts), put in
    /// visual order (right-to-left runs), and what ``fontFamily`` lacks
    /// comes from fallback fonts (CJK, emoji). It stays on one line: a line
    /// break is drawn as a symbol. Text too wide for `rect` is cut at its
    /// logical end (`PANGO_ELLIPSIZE_END`: the left side of Arabic text).
    ///
    /// Alignment follows the text's own direction, as GTK does (Pango's
    /// alignment with auto direction): `.leading` puts left-to-right text
    /// at the left edge and right-to-left text (its first strong character
    /// is Arabic or Hebrew) at the right edge; `.trailing` the other way
    /// round; `.center` centres both.
    ///
    /// The baseline sits where the family's ascent-to-descent box is
    /// centred in `rect`, so that labels side by side share a baseline
    /// whatever script they show.
    ///
    /// - Parameters:
    ///   - string: The text.
    ///   - rect: Where it goes, in points.
    ///   - color: Its colour.
    ///   - fontSize: The font size, in points.
    ///   - alignment: Where it sits across `rect`.
    public func text(_ string: String, in rect: Rect, color: Color, fontSize: Double, alignment: TextAlignment) {
        guard !rect.isEmpty, !string.isEmpty, fontSize > 0, fontSize.isFinite else { return }
        if textEngine == nil { textEngine = PangoTextLayoutEngine.canvasDefault }
        guard let engine = textEngine, let layout = engine.oneLineLayout(for: string, family: fontFamily, size: fontSize)
        else { return }
        pango_layout_set_width(layout.pointer, pangoUnits(rect.width))
        pango_layout_set_alignment(layout.pointer, alignment.pangoAlignment)
        let font = engine.ascentAndDescent(family: fontFamily, size: fontSize)
        let baseline = rect.midY + (font.ascent - font.descent) / 2
        let top = baseline - points(pango_layout_get_baseline(layout.pointer))
        withUnsafeCairoPointer { cr in
            cairo_save(cr)
            cairo_rectangle(cr, rect.minX, rect.minY, rect.width, rect.height)
            cairo_clip(cr)
            setSource(color)
            cairo_move_to(cr, rect.minX, top)
            withExtendedLifetime(layout) { pango_cairo_show_layout(cr, layout.pointer) }
            cairo_restore(cr)
        }
    }
}

extension TextAlignment {
    /// Pango's alignment, which auto direction mirrors for right-to-left text.
    var pangoAlignment: PangoAlignment {
        switch self {
        case .leading: PANGO_ALIGN_LEFT
        case .center: PANGO_ALIGN_CENTER
        case .trailing: PANGO_ALIGN_RIGHT
        }
    }
}

extension PangoTextLayoutEngine {
    /// The engine canvases given none share: its font map loads fonts once
    /// per process, not once per canvas (about 10 ms for a frame of labels).
    static let canvasDefault = try? PangoTextLayoutEngine()

    /// How many one-line layouts the engine keeps; past it, it starts over.
    static let oneLineCacheLimit = 512
    /// Strings longer than this (in UTF-8 bytes) are laid out each time, not kept.
    static let oneLineCacheMaxLength = 1024

    /// A one-line, end-ellipsized layout of `text`, kept for the next frame.
    func oneLineLayout(for text: String, family: String, size: Double) -> PangoLayoutHandle? {
        let key = CanvasTextKey(text: text, font: CanvasFontKey(family: family, size: size))
        if let cached = canvasLayouts[key] { return cached }
        guard let handle = try? PangoLayoutHandle(fonts: fonts) else { return nil }
        handle.setFont(family: family, size: size)
        handle.setText(text)
        pango_layout_set_single_paragraph_mode(handle.pointer, 1)
        pango_layout_set_ellipsize(handle.pointer, PANGO_ELLIPSIZE_END)
        guard text.utf8.count <= Self.oneLineCacheMaxLength else { return handle }
        if canvasLayouts.count >= Self.oneLineCacheLimit { canvasLayouts.removeAll(keepingCapacity: true) }
        canvasLayouts[key] = handle
        return handle
    }

    /// The ascent and descent of `family` at `size` points (`pango_context_get_metrics`).
    func ascentAndDescent(family: String, size: Double) -> (ascent: Double, descent: Double) {
        let key = CanvasFontKey(family: family, size: size)
        if let known = fontMetrics[key] { return known }
        let description = pango_font_description_new()
        defer { pango_font_description_free(description) }
        pango_font_description_set_family(description, family)
        pango_font_description_set_absolute_size(description, size * Double(PANGO_SCALE))
        guard let metrics = pango_context_get_metrics(fonts.pointer, description, nil) else { return (size, 0) }
        defer { pango_font_metrics_unref(metrics) }
        let result = (
            ascent: points(pango_font_metrics_get_ascent(metrics)), descent: points(pango_font_metrics_get_descent(metrics))
        )
        fontMetrics[key] = result
        return result
    }
}
