import KeyInputKit

/// A long field's line whose middle pieces are estimates (a paste of
/// megabytes): drawn and asked at once, and laid out a few milliseconds'
/// worth of pieces at a time after each frame (``settle()``), so that keys
/// typed meanwhile are answered in the next frame rather than after the
/// whole line is laid out.
@MainActor
final class ProgressivePiecewiseLayout: ProvisionalTextLayout {
    let base: PiecewisePangoLayout

    /// How long one step lays out pieces for: half of a frame at 60 Hz.
    static let stepSeconds = 0.008

    init(base: PiecewisePangoLayout) { self.base = base }

    var text: String { base.text }
    var style: TextStyle { base.style }
    var size: Size { base.size }
    var lines: [TextLine] { base.lines }
    /// Nothing grew: a step moves what is right of the pieces it measures.
    var grownRect: Rect { .zero }
    var settlesInSteps: Bool { true }

    /// A step: more pieces laid out (in place: a paste's thousands of pieces
    /// are not copied each frame); itself while some are still estimates.
    func settle() -> (layout: TextLayout, drawsTheSame: Bool) {
        base.measure(for: Self.stepSeconds)
        return (base.hasEstimatedPieces ? self : base, false)
    }

    func updated(to text: String, unchangedPrefix: Int, unchangedSuffix: Int) -> TextLayout? {
        base.updated(to: text, unchangedPrefix: unchangedPrefix, unchangedSuffix: unchangedSuffix)
    }

    func caretRect(at offset: Int) -> Rect { base.caretRect(at: offset) }
    func offset(nearest point: Point) -> Int { base.offset(nearest: point) }
    func offset(visuallyFrom offset: Int, direction: VisualDirection) -> Int? {
        base.offset(visuallyFrom: offset, direction: direction)
    }
    func selectionRects(for range: Range<Int>) -> [Rect] { base.selectionRects(for: range) }
    func wordStart(before offset: Int) -> Int { base.wordStart(before: offset) }
    func wordEnd(after offset: Int) -> Int { base.wordEnd(after: offset) }
    func draw(in canvas: Canvas, at origin: Point, color: Color) { base.draw(in: canvas, at: origin, color: color) }
}
