import CPango
import KeyInputKit

/// Lays text out with Pango: HarfBuzz shaping, bidirectional text and
/// fontconfig's font fallback, in one font family.
///
/// Give a window one so that its views measure, edit and draw text as it
/// looks (the X11 host does this when it opens):
///
/// ```swift
/// let window = Window(size: Size(width: 400, height: 300))
/// window.textLayoutEngine = try PangoTextLayoutEngine(fontFamily: "DejaVu Sans")
/// ```
///
/// The engine owns a font map and a Pango context of its own; every layout
/// it makes shares them. Font sizes are absolute sizes in points, which are
/// cairo user units: a layout measures the same at every canvas scale.
/// Characters the family lacks (CJK, Arabic, emoji…) come from fallback
/// fonts fontconfig chooses. A ``CairoCanvas`` given this engine
/// (``CairoCanvas/textEngine``) draws its one-line text with the same fonts.
@MainActor
public final class PangoTextLayoutEngine: TextLayoutEngine {
    /// The font family text is laid out in.
    public let fontFamily: String
    let fonts: PangoFontContext
    /// One-line layouts of ``CairoCanvas``'s text, kept between frames.
    var canvasLayouts: [CanvasTextKey: PangoLayoutHandle] = [:]
    /// The ascent and descent of a family at a size, for centring one-line text.
    var fontMetrics: [CanvasFontKey: (ascent: Double, descent: Double)] = [:]
    /// The first font of ``fontFamily`` at each size, for keystrokes drawn before their line is laid out again.
    var primaryFonts: [Double: PangoFontHandle] = [:]
    /// The pieces of long paragraphs whose layouts are held, oldest first.
    /// Not retained, since a piece's layout holds this engine, which must not
    /// hold the piece back; and not weak, since a weakly referenced object
    /// counts its references the slow way, and a paste's 40,000 pieces are
    /// retained and released on every keystroke. A piece takes itself off
    /// as it goes (``PangoTextPiece``'s `deinit`).
    var residentPieces: [Unmanaged<PangoTextPiece>] = []
    /// How many UTF-8 bytes of text this engine has handed to Pango to lay
    /// out: what tests count to see that a keystroke's work does not grow
    /// with the paragraph.
    package private(set) var bytesLaidOut = 0

    /// Creates an engine with a font map and context of its own.
    ///
    /// - Parameter fontFamily: The family text is laid out in; `"DejaVu
    ///   Sans"` (Debian's `fonts-dejavu-core`) by default. A family that is
    ///   not installed is replaced by the closest one fontconfig finds.
    /// - Throws: ``CairoError`` (`textLayoutFailed`) when Pango cannot
    ///   create a font map or context.
    public init(fontFamily: String = "DejaVu Sans") throws {
        self.fontFamily = fontFamily
        self.fonts = try PangoFontContext()
    }

    /// A ``PangoTextLayout`` grows by the plain letters typed at its end
    /// (``PangoTextLayout/appending(_:)``).
    public var makesGrowingLayouts: Bool { true }

    /// Lays out one paragraph (each line break starts a new one).
    ///
    /// - Parameters:
    ///   - text: The text.
    ///   - style: The font size and the width lines wrap at.
    /// - Returns: A ``PangoTextLayout``, or, should Pango fail to make a
    ///   layout, a monospace one so that text is still shown.
    public func makeLayout(for text: String, style: TextStyle) -> TextLayout {
        do {
            // A long paragraph is laid out in pieces, so that an edit lays out one piece again.
            if text.utf8.count > PangoTextPiece.length {
                return try PiecewisePangoLayout(text: text, style: style, engine: self).presented
            }
            return try layout(for: text, style: style)
        } catch {
            return MonospaceTextLayoutEngine().makeLayout(for: text, style: style)
        }
    }

    /// Lays out one paragraph, as ``makeLayout(for:style:)``, with Pango's
    /// own answers (such as ``PangoTextLayout/unknownGlyphCount``) at hand.
    ///
    /// - Parameters:
    ///   - text: The text.
    ///   - style: The font size and the width lines wrap at.
    /// - Returns: The layout.
    /// - Throws: ``CairoError`` (`textLayoutFailed`) when Pango returns no layout.
    public func layout(for text: String, style: TextStyle) throws -> PangoTextLayout {
        try layout(for: text, style: style, rightToLeft: nil)
    }

    /// Lays out a paragraph, or with `rightToLeft` one piece of a long one
    /// in the paragraph's direction (`pango_layout_set_auto_dir` off, in a
    /// context of that direction; right-to-left lines aligned right, as
    /// Pango aligns a right-to-left paragraph).
    func layout(for text: String, style: TextStyle, rightToLeft: Bool?) throws -> PangoTextLayout {
        let handle = try PangoLayoutHandle(fonts: fonts, context: try rightToLeft.map { try fonts.context(rightToLeft: $0) })
        handle.setFont(family: fontFamily, size: style.fontSize)
        handle.setText(text)
        bytesLaidOut &+= text.utf8.count
        if let rightToLeft {
            pango_layout_set_auto_dir(handle.pointer, 0)
            if rightToLeft, style.wrapWidth != nil { pango_layout_set_alignment(handle.pointer, PANGO_ALIGN_RIGHT) }
        }
        if let wrapWidth = style.wrapWidth {
            pango_layout_set_width(handle.pointer, pangoUnits(max(0, wrapWidth)))
            pango_layout_set_wrap(handle.pointer, PANGO_WRAP_WORD_CHAR)
            // An editor shows the text as typed: no hyphen where a long word breaks.
            let attributes = pango_attr_list_new()
            pango_attr_list_insert(attributes, pango_attr_insert_hyphens_new(0))
            pango_layout_set_attributes(handle.pointer, attributes)
            pango_attr_list_unref(attributes)
        }
        return PangoTextLayout(text: text, style: style, handle: handle, engine: self, pieceRightToLeft: rightToLeft)
    }

    /// Keeps a piece's layout among the few held at once, and lets the
    /// oldest go: a long paragraph holds the layouts of the pieces in use
    /// (shown, edited), and the sizes and lines of the others.
    func keepResident(_ piece: PangoTextPiece) {
        residentPieces.append(Unmanaged.passUnretained(piece))
        if residentPieces.count > Self.residentPieceLimit {
            residentPieces.removeFirst().takeUnretainedValue().releaseLayout()
        }
    }

    /// Forgets a piece that is going away.
    func forget(_ piece: PangoTextPiece) {
        let gone = Unmanaged.passUnretained(piece).toOpaque()
        residentPieces.removeAll { $0.toOpaque() == gone }
    }

    /// How many pieces keep their Pango layouts.
    static let residentPieceLimit = 64
}

/// A string drawn by ``CairoCanvas/text(_:in:color:fontSize:alignment:)``, as a cache key.
struct CanvasTextKey: Hashable {
    var text: String
    var font: CanvasFontKey
}

/// A family at a size.
struct CanvasFontKey: Hashable {
    var family: String
    var size: Double
}
