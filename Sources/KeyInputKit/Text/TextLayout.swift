/// One paragraph of text laid out for drawing and editing: shaped, in
/// visual order, broken into lines.
///
/// `KeyInputKit` draws and edits text only through this protocol; a
/// ``TextLayoutEngine`` makes layouts. The cairo module's engine uses Pango
/// (HarfBuzz shaping, bidirectional text, font fallback); the built-in
/// ``MonospaceTextLayoutEngine`` gives every grapheme one cell, for
/// character-grid renders and tests.
///
/// Offsets are UTF-8 offsets into ``text``, always on grapheme-cluster
/// boundaries; coordinates are points in the layout's own space, with its
/// top-left corner at zero.
@MainActor
public protocol TextLayout: AnyObject {
    /// The text laid out.
    var text: String { get }
    /// The style it was laid out with.
    var style: TextStyle { get }
    /// The width of the widest line and the height of all lines.
    var size: Size { get }
    /// The lines, top to bottom; an empty text has one empty line.
    var lines: [TextLine] { get }

    /// Where the caret for `offset` is drawn: a rectangle of zero width, as
    /// tall as its line, at the offset's visual position (for an offset
    /// between a left-to-right and a right-to-left run, the position of the
    /// paragraph's direction, as Pango's strong cursor).
    ///
    /// - Parameter offset: A UTF-8 offset; one past the end is the end.
    func caretRect(at offset: Int) -> Rect

    /// The grapheme boundary nearest to a point: on the nearest line, the
    /// boundary on the side of the cluster the point falls in.
    ///
    /// - Parameter point: A point in layout coordinates; points outside the
    ///   text give the nearest end of the nearest line.
    func offset(nearest point: Point) -> Int

    /// The caret position one grapheme to the left or right on screen, as
    /// Pango moves a cursor: within a right-to-left run, moving right goes
    /// backwards in the text.
    ///
    /// - Parameters:
    ///   - offset: Where the caret is.
    ///   - direction: Which way on screen.
    /// - Returns: The new offset, or `nil` at the visual start or end of the text.
    func offset(visuallyFrom offset: Int, direction: VisualDirection) -> Int?

    /// The rectangles that cover a range of text on screen: one per line
    /// and direction run, so a selection across bidirectional text may be
    /// several pieces.
    ///
    /// - Parameter range: UTF-8 offsets.
    func selectionRects(for range: Range<Int>) -> [Rect]

    /// The start of the word before `offset` (or the one it is in); 0 at the start.
    func wordStart(before offset: Int) -> Int
    /// The end of the word after `offset` (or the one it is in); the text's length at the end.
    func wordEnd(after offset: Int) -> Int

    /// Draws the text with its top-left corner at `origin`.
    ///
    /// - Parameters:
    ///   - canvas: Where to draw.
    ///   - origin: The layout's top-left corner, in the canvas's coordinates.
    ///   - color: The colour of the text.
    func draw(in canvas: Canvas, at origin: Point, color: Color)

    /// A layout of this text with `suffix` appended, made without laying
    /// the line out again, for the keystroke that adds to the end of a
    /// line; `nil` when this layout cannot tell how the suffix looks (the
    /// default). The text field draws it at once and settles it after the
    /// frame is on screen.
    ///
    /// - Parameter suffix: The text added at the end.
    func appending(_ suffix: String) -> ProvisionalTextLayout?

    /// A layout of `text`, an edited copy of this layout's text, that lays
    /// out again only what the edit touched; `nil` when this layout cannot
    /// (the default), and the paragraph is laid out whole.
    ///
    /// A layout of a long paragraph in pieces answers this: the pieces the
    /// edit did not reach are kept, so a keystroke costs the same however
    /// long the paragraph grows.
    ///
    /// - Parameters:
    ///   - text: The new text.
    ///   - unchangedPrefix: How many UTF-8 bytes at the start are as before.
    ///   - unchangedSuffix: How many UTF-8 bytes at the end are as before
    ///     (not overlapping the prefix in either text).
    func updated(to text: String, unchangedPrefix: Int, unchangedSuffix: Int) -> TextLayout?
}

extension TextLayout {
    /// Appending is not foreseen: the line is laid out again.
    public func appending(_ suffix: String) -> ProvisionalTextLayout? { nil }

    /// Not foreseen: the paragraph is laid out again whole.
    public func updated(to text: String, unchangedPrefix: Int, unchangedSuffix: Int) -> TextLayout? { nil }
}

/// A layout made from another by ``TextLayout/appending(_:)``, to draw a
/// keystroke before the line is laid out again: the appended characters
/// are placed one after another with their fonts' advances, so it may
/// differ from a full layout where the font kerns or joins them.
@MainActor
public protocol ProvisionalTextLayout: TextLayout {
    /// Where it draws differently from the layout it grew from, in layout
    /// coordinates: from that layout's end to its own across the line, and
    /// the ink of the characters typed.
    var grownRect: Rect { get }

    /// The full layout of the same text and style, and whether it draws
    /// exactly as this one does.
    func settle() -> (layout: TextLayout, drawsTheSame: Bool)

    /// Whether it settles in steps, one after each frame, each of which may
    /// move the text before the caret (a pasted line whose widths were
    /// estimated): the control then keeps the caret where it shows. `false`
    /// by default: settling moves only what was typed.
    var settlesInSteps: Bool { get }
}

extension ProvisionalTextLayout {
    public var settlesInSteps: Bool { false }
}

/// Makes ``TextLayout``s. A window has one (``Window/textLayoutEngine``);
/// hosts that draw pixels give it theirs.
@MainActor
public protocol TextLayoutEngine: AnyObject {
    /// Lays out one paragraph of text.
    ///
    /// - Parameters:
    ///   - text: The text; a line break in it starts a new line.
    ///   - style: Font size and, for wrapping, the width lines break at.
    func makeLayout(for text: String, style: TextStyle) -> TextLayout

    /// Whether its layouts may grow by a keystroke without laying the line
    /// out again (``TextLayout/appending(_:)``); `false` by default.
    var makesGrowingLayouts: Bool { get }
}

extension TextLayoutEngine {
    /// Its layouts are laid out again on every keystroke.
    public var makesGrowingLayouts: Bool { false }
}

/// How text is laid out: its font size and where lines wrap.
public struct TextStyle: Hashable, Sendable {
    /// The font size, in points.
    public var fontSize: Double
    /// The width lines wrap at (on word boundaries, or inside a word
    /// longer than a line); `nil` keeps each paragraph on one line.
    public var wrapWidth: Double?

    /// Creates a style.
    ///
    /// - Parameters:
    ///   - fontSize: The font size, in points; 14 by default.
    ///   - wrapWidth: The width lines wrap at, or `nil` for no wrapping.
    public init(fontSize: Double = 14, wrapWidth: Double? = nil) {
        self.fontSize = fontSize
        self.wrapWidth = wrapWidth
    }
}

/// One line of a ``TextLayout``.
public struct TextLine: Hashable, Sendable {
    /// The UTF-8 offsets of the line's text, without the line break that ends it.
    public var range: Range<Int>
    /// The line's rectangle in layout coordinates: from its leftmost to its
    /// rightmost glyph, as tall as the line.
    public var frame: Rect
    /// The baseline, from the layout's top.
    public var baseline: Double
    /// Whether the line's base direction is right to left.
    public var isRightToLeft: Bool

    /// Creates a line.
    public init(range: Range<Int>, frame: Rect, baseline: Double, isRightToLeft: Bool = false) {
        self.range = range
        self.frame = frame
        self.baseline = baseline
        self.isRightToLeft = isRightToLeft
    }
}

/// A direction on screen, for caret motion.
public enum VisualDirection: Hashable, Sendable {
    case left, right
}

extension TextLayout {
    /// The index of the line holding `offset` (the last line for the end of the text).
    public func lineIndex(containing offset: Int) -> Int {
        let lines = self.lines
        // Lines are in text order: the first whose end is at or past the offset.
        var low = 0, high = lines.count - 1
        while low < high {
            let mid = (low + high) / 2
            if lines[mid].range.upperBound < offset { low = mid + 1 } else { high = mid }
        }
        return max(0, low)
    }

    /// Draws each line's text with ``Canvas/text(_:in:color:fontSize:alignment:)``:
    /// what a layout does on a canvas it cannot draw glyphs on.
    public func drawLinesAsText(in canvas: Canvas, at origin: Point, color: Color) {
        let utf8 = text.utf8
        for line in lines where !line.range.isEmpty {
            let start = utf8.index(utf8.startIndex, offsetBy: line.range.lowerBound)
            let end = utf8.index(utf8.startIndex, offsetBy: line.range.upperBound)
            let rect = line.frame.offsetBy(dx: origin.x, dy: origin.y)
            // Up to the canvas's edge: a canvas font wider than the layout's cells must not cut the line
            // short with "…" (views clip what they show).
            let width = max(rect.width + 1, canvas.size.width - rect.minX)
            canvas.text(
                String(text[start..<end]), in: Rect(origin: rect.origin, size: Size(width: width, height: rect.height)),
                color: color, fontSize: style.fontSize, alignment: .leading)
        }
    }
}
