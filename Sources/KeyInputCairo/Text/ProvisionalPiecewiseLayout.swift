import KeyInputKit

/// A long field's line with characters typed at its end: its last piece is
/// a ``ProvisionalPangoLayout``, the other pieces as they were. Settling it
/// lays out the last piece alone again.
@MainActor
final class ProvisionalPiecewiseLayout: ProvisionalTextLayout {
    private let base: PiecewisePangoLayout
    private let last: ProvisionalTextLayout
    private let appended: String
    let size: Size
    let lines: [TextLine]
    let grownRect: Rect

    init(base: PiecewisePangoLayout, last: ProvisionalTextLayout, appended: String) {
        self.base = base
        self.last = last
        self.appended = appended
        let index = base.pieces.count - 1
        let origin = base.origins[index]
        let growth = last.size.width - base.pieces[index].size.width
        size = Size(width: base.size.width + growth, height: base.size.height)
        let line = base.lines[0]
        lines = [
            TextLine(
                range: 0..<(base.length + appended.utf8.count),
                frame: Rect(x: line.frame.minX, y: line.frame.minY, width: line.frame.width + growth, height: line.frame.height),
                baseline: line.baseline, isRightToLeft: false)
        ]
        grownRect = last.grownRect.offsetBy(dx: origin.x, dy: origin.y)
    }

    var style: TextStyle { base.style }
    /// The text, joined when first asked.
    lazy var text: String = base.text + appended

    /// The settled layout, made when first asked.
    private lazy var settled: (layout: TextLayout, drawsTheSame: Bool) = {
        let piece = last.settle()
        guard let layout = piece.layout as? PangoTextLayout, layout.text.utf8.count <= 2 * PangoTextPiece.length else {
            // A last piece grown long is cut again.
            let text = self.text
            let length = base.length
            return (
                base.updated(to: text, unchangedPrefix: length, unchangedSuffix: 0)
                    ?? base.engine.makeLayout(for: text, style: style), false
            )
        }
        return (base.replacingLastPiece(with: layout, text: nil), piece.drawsTheSame)
    }()

    func settle() -> (layout: TextLayout, drawsTheSame: Bool) { settled }

    func appending(_ suffix: String) -> ProvisionalTextLayout? {
        guard let more = last.appending(suffix) else { return nil }
        return ProvisionalPiecewiseLayout(base: base, last: more, appended: appended + suffix)
    }

    func updated(to text: String, unchangedPrefix: Int, unchangedSuffix: Int) -> TextLayout? {
        settled.layout.updated(to: text, unchangedPrefix: unchangedPrefix, unchangedSuffix: unchangedSuffix)
    }

    func caretRect(at offset: Int) -> Rect {
        let index = base.pieces.count - 1
        let start = base.starts[index]
        guard offset >= start else { return base.caretRect(at: offset) }
        let rect = last.caretRect(at: offset - start)
        return rect.offsetBy(dx: base.origins[index].x, dy: base.origins[index].y)
    }

    func offset(nearest point: Point) -> Int { settled.layout.offset(nearest: point) }
    func offset(visuallyFrom offset: Int, direction: VisualDirection) -> Int? {
        settled.layout.offset(visuallyFrom: offset, direction: direction)
    }
    func selectionRects(for range: Range<Int>) -> [Rect] { settled.layout.selectionRects(for: range) }
    func wordStart(before offset: Int) -> Int { settled.layout.wordStart(before: offset) }
    func wordEnd(after offset: Int) -> Int { settled.layout.wordEnd(after: offset) }

    func draw(in canvas: Canvas, at origin: Point, color: Color) {
        base.draw(in: canvas, at: origin, color: color, lastPiece: last)
    }
}
