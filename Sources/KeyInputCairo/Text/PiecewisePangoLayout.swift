import CPango
import KeyInputKit

/// A paragraph longer than ``PangoTextPiece/length`` bytes, laid out in
/// pieces of about that size (``PangoTextPiece``), so that an edit lays out
/// again only the piece it touches and a question is asked of the pieces it
/// is about.
///
/// Each piece is laid out on its own in the paragraph's direction (its first
/// strong letter's, as Pango's auto direction gives a whole paragraph). A
/// field's line puts its pieces side by side, in the paragraph's direction,
/// on one baseline; a wrapped paragraph puts each piece's lines under the
/// previous piece's. Pieces of a wrapped paragraph start where a line of the
/// whole paragraph starts: each lays out the start of the next one after its
/// own text, and owns the lines before it (``PiecewisePangoLayout+Pieces``).
@MainActor
final class PiecewisePangoLayout: TextLayout {
    /// The text, when known; joined from the pieces when first asked (a
    /// keystroke's settled layout does not copy a long line).
    private var knownText: String?
    let style: TextStyle
    let engine: PangoTextLayoutEngine
    /// The paragraph's direction.
    let rightToLeft: Bool
    /// Where an edit can no longer change the direction: past the first strong letter.
    let directionSettledAt: Int
    /// The pieces; a field's estimated ones are replaced as they are measured (``measure(for:)``).
    private(set) var pieces: [PangoTextPiece]
    /// Each piece's first byte in the paragraph.
    let starts: [Int]
    /// Each piece's top-left corner in the layout.
    private(set) var origins: [Point] = []
    private(set) var size = Size.zero
    /// Each piece's size and its first line's baseline, kept apart from the
    /// pieces so that placing them reads no piece.
    private var sizes: [Size]
    private var baselines: [Double]
    /// The first piece that may be an estimate; `pieces.count` when none is.
    private var firstEstimated: Int
    /// Whether some pieces are estimates, not laid out yet (``measure(for:)``).
    var hasEstimatedPieces: Bool { firstEstimated < pieces.count }
    /// A field's line: its baseline and height, the tallest piece's.
    private var lineBaseline = 0.0
    private var lineHeight = 0.0
    private var wraps: Bool { style.wrapWidth != nil }

    init(
        text: String?, style: TextStyle, engine: PangoTextLayoutEngine, rightToLeft: Bool, directionSettledAt: Int,
        pieces: [PangoTextPiece]
    ) {
        self.knownText = text
        self.style = style
        self.engine = engine
        self.rightToLeft = rightToLeft
        self.directionSettledAt = directionSettledAt
        self.pieces = pieces
        var starts: [Int] = [], sizes: [Size] = [], baselines: [Double] = []
        starts.reserveCapacity(pieces.count)
        sizes.reserveCapacity(pieces.count)
        baselines.reserveCapacity(pieces.count)
        var offset = 0, firstEstimated = pieces.count
        for index in pieces.indices {
            let piece = pieces[index]
            starts.append(offset)
            offset += piece.length
            sizes.append(piece.size)
            baselines.append(piece.lines[0].baseline)
            if piece.isEstimated, firstEstimated == pieces.count { firstEstimated = index }
        }
        self.starts = starts
        self.sizes = sizes
        self.baselines = baselines
        self.firstEstimated = firstEstimated
        if style.wrapWidth != nil {
            var y = 0.0, minX = Double.infinity, maxX = -Double.infinity
            origins.reserveCapacity(pieces.count)
            for piece in pieces {
                origins.append(Point(x: 0, y: y))
                y += piece.size.height
                for line in piece.lines {
                    minX = min(minX, line.frame.minX)
                    maxX = max(maxX, line.frame.maxX)
                }
            }
            size = Size(width: max(0, maxX - minX), height: y)
            lineBaseline = pieces.first?.lines.first?.baseline ?? 0
            lineHeight = pieces.first?.lines.first?.frame.height ?? 0
        } else {
            placeFieldPieces()
        }
    }

    /// Puts a field's pieces side by side on one baseline, the tallest piece's.
    private func placeFieldPieces() {
        var ascent = 0.0, descent = 0.0, width = 0.0
        for index in sizes.indices {
            ascent = max(ascent, baselines[index])
            descent = max(descent, sizes[index].height - baselines[index])
            width += sizes[index].width
        }
        origins.removeAll(keepingCapacity: true)
        origins.reserveCapacity(sizes.count)
        var x = rightToLeft ? width : 0
        for index in sizes.indices {
            if rightToLeft { x -= sizes[index].width }
            origins.append(Point(x: x, y: ascent - baselines[index]))
            if !rightToLeft { x += sizes[index].width }
        }
        size = Size(width: width, height: ascent + descent)
        lineBaseline = ascent
        lineHeight = ascent + descent
    }

    /// Lays out a field's estimated pieces for about `seconds` (one at
    /// least), in order, and places the pieces again; first those laid out
    /// already because they were drawn or asked about, which show at their
    /// estimated places. The layout changes in place: its text does not.
    func measure(for seconds: Double) {
        let deadline = MonotonicClock.now() + seconds
        var changed = false
        func measure(_ index: Int) {
            let piece = pieces[index].measured()
            pieces[index] = piece
            sizes[index] = piece.size
            baselines[index] = piece.lines[0].baseline
            changed = true
        }
        for index in firstEstimated..<pieces.count where pieces[index].isEstimated && pieces[index].hasLayout {
            measure(index)
        }
        repeat {
            while firstEstimated < pieces.count, !pieces[firstEstimated].isEstimated { firstEstimated += 1 }
            guard firstEstimated < pieces.count else { break }
            measure(firstEstimated)
        } while MonotonicClock.now() < deadline
        if changed { placeFieldPieces() }
    }

    var length: Int { starts[starts.count - 1] + pieces[pieces.count - 1].length }

    var text: String {
        if let knownText { return knownText }
        var joined = ""
        joined.reserveCapacity(length)
        for piece in pieces { joined += Substring(piece.text.utf8.prefix(piece.length)) }
        knownText = joined
        return joined
    }

    /// Letters typed at the end of a left-to-right field's line grow its last
    /// piece (``PangoTextLayout/appending(_:)``), which alone is laid out again.
    func appending(_ suffix: String) -> ProvisionalTextLayout? {
        guard style.wrapWidth == nil, !rightToLeft, let grown = pieces[pieces.count - 1].layout.appending(suffix) else {
            return nil
        }
        return ProvisionalPiecewiseLayout(base: self, last: grown, appended: suffix)
    }

    /// The height of a field's line.
    var fieldLineHeight: Double { lineHeight }

    /// Every piece's own lines, in the layout's coordinates; a field's one line.
    var lines: [TextLine] {
        guard wraps else {
            return [
                TextLine(
                    range: 0..<length, frame: Rect(x: 0, y: 0, width: size.width, height: lineHeight),
                    baseline: lineBaseline, isRightToLeft: rightToLeft)
            ]
        }
        return wrappedLines
    }

    /// A wrapped paragraph's lines, gathered when first asked.
    private lazy var wrappedLines: [TextLine] = {
        var all: [TextLine] = []
        for (index, piece) in pieces.enumerated() {
            let start = starts[index], origin = origins[index]
            for line in piece.lines {
                all.append(
                    TextLine(
                        range: (line.range.lowerBound + start)..<(min(line.range.upperBound, piece.length) + start),
                        frame: line.frame.offsetBy(dx: origin.x, dy: origin.y), baseline: line.baseline + origin.y,
                        isRightToLeft: line.isRightToLeft))
            }
        }
        return all
    }()

    // MARK: Finding pieces

    /// The piece an offset belongs to: the last that starts at or before it
    /// (a cut belongs to the piece after it).
    func pieceIndex(containing offset: Int) -> Int {
        max(0, starts.partitionPoint { $0 <= offset } - 1)
    }

    /// The piece a point falls in: by its x on a field's line, by its y in a wrapped paragraph.
    private func pieceIndex(at point: Point) -> Int {
        if wraps { return max(0, origins.partitionPoint { $0.y <= point.y } - 1) }
        // Side by side: left to right in a left-to-right line, right to left otherwise.
        let past =
            rightToLeft
            ? origins.partitionPoint { $0.x > point.x } : origins.indices.partitionPoint { origins[$0].x + sizes[$0].width <= point.x }
        return min(past, pieces.count - 1)
    }

    /// A rectangle of a piece on a field's line, as tall as the line.
    private func onLine(_ rect: Rect, piece: Int) -> Rect {
        let origin = origins[piece]
        if wraps { return rect.offsetBy(dx: origin.x, dy: origin.y) }
        return Rect(x: rect.minX + origin.x, y: 0, width: rect.width, height: lineHeight)
    }

    // MARK: TextLayout

    func caretRect(at offset: Int) -> Rect {
        let offset = min(max(0, offset), length)
        let index = pieceIndex(containing: offset)
        // As tall as the run it is in (Pango's cursor), on the line's one baseline.
        return pieces[index].layout.caretRect(at: offset - starts[index]).offsetBy(dx: origins[index].x, dy: origins[index].y)
    }

    func offset(nearest point: Point) -> Int {
        let index = pieceIndex(at: point)
        let piece = pieces[index], origin = origins[index]
        var local = Point(x: point.x - origin.x, y: point.y - origin.y)
        if !wraps { local.y = min(max(local.y, 0), piece.size.height) }
        // Never on the next piece's line it lays out after its own.
        if wraps, index + 1 < pieces.count { local.y = min(local.y, piece.size.height - 0.01) }
        return starts[index] + min(piece.layout.offset(nearest: local), piece.length)
    }

    func offset(visuallyFrom offset: Int, direction: VisualDirection) -> Int? {
        if wraps { return wrappedOffset(visuallyFrom: min(max(0, offset), length), direction: direction) }
        var index = pieceIndex(containing: min(max(0, offset), length))
        var local = offset - starts[index]
        for _ in 0..<pieces.count {
            if let moved = pieces[index].layout.offset(visuallyFrom: local, direction: direction) {
                let global = starts[index] + moved
                if global != offset { return global }
            }
            // At the piece's visual end: on into the piece beside it on screen.
            let forward = (direction == .right) != rightToLeft
            if forward {
                guard index + 1 < pieces.count else { return nil }
                index += 1
                local = max(0, offset - starts[index])
            } else {
                guard index > 0 else { return nil }
                index -= 1
                local = min(pieces[index].length, offset - starts[index])
            }
        }
        return nil
    }

    /// A step on screen in a wrapped paragraph: the piece the offset is in
    /// answers; where it cannot (a step off its first line), the piece
    /// before does, which lays out that line after its own last one, as the
    /// whole paragraph has them.
    private func wrappedOffset(visuallyFrom offset: Int, direction: VisualDirection) -> Int? {
        let index = pieceIndex(containing: offset)
        if let moved = pieces[index].layout.offset(visuallyFrom: offset - starts[index], direction: direction) {
            return starts[index] + moved
        }
        guard index > 0, offset < starts[index] + pieces[index].firstLineLength else { return nil }
        let before = starts[index - 1]
        return pieces[index - 1].layout.offset(visuallyFrom: offset - before, direction: direction).map { before + $0 }
    }

    func selectionRects(for range: Range<Int>) -> [Rect] {
        let range = min(max(0, range.lowerBound), length)..<min(max(0, range.upperBound), length)
        guard !range.isEmpty else { return [] }
        var rects: [Rect] = []
        var first = pieceIndex(containing: range.lowerBound)
        // From a wrapped piece's start: the line before it, in the piece before, shows the run on past its end.
        if wraps, first > 0, starts[first] == range.lowerBound { first -= 1 }
        let last = pieceIndex(containing: max(range.lowerBound, range.upperBound - 1))
        for index in first...last {
            let piece = pieces[index], start = starts[index]
            if !wraps, index != first, index != last {
                // Selected whole: its box, with no need to lay it out (a selected paste may be megabytes).
                let placed = onLine(Rect(x: 0, y: 0, width: piece.size.width, height: lineHeight), piece: index)
                if let previous = rects.indices.first(where: { touches(rects[$0], placed) }) {
                    rects[previous] = rects[previous].union(placed)
                } else {
                    rects.append(placed)
                }
                continue
            }
            let lower = max(0, range.lowerBound - start)
            let upper = min(piece.text.utf8.count, range.upperBound - start)
            for rect in piece.layout.selectionRects(for: lower..<upper) {
                // Not the next piece's first line, which it lays out after its own.
                if wraps, index + 1 < pieces.count, rect.minY >= piece.size.height - 0.01 { continue }
                let placed = onLine(rect, piece: index)
                if !wraps, let previous = rects.indices.first(where: { touches(rects[$0], placed) }) {
                    rects[previous] = rects[previous].union(placed)
                } else {
                    rects.append(placed)
                }
            }
        }
        return wraps ? rects : rects.sorted { $0.minX < $1.minX }
    }

    /// Whether two pieces of selection on a field's line meet.
    private func touches(_ a: Rect, _ b: Rect) -> Bool {
        abs(a.maxX - b.minX) < 0.01 || abs(b.maxX - a.minX) < 0.01
    }

    func wordStart(before offset: Int) -> Int {
        let offset = min(max(0, offset), length)
        var index = pieceIndex(containing: max(0, offset - 1))
        var local = offset - starts[index]
        while true {
            let piece = pieces[index]
            let found = piece.layout.wordStart(before: min(local, piece.text.utf8.count))
            // A word may run on across the piece's start, unless a space is before it.
            if found > 0 || index == 0 || (piece.startsAfterSpace && piece.layout.startsWithWord) {
                return starts[index] + found
            }
            index -= 1
            local = pieces[index].length
        }
    }

    func wordEnd(after offset: Int) -> Int {
        let offset = min(max(0, offset), length)
        var index = pieceIndex(containing: offset)
        var local = offset - starts[index]
        while true {
            let found = pieces[index].layout.wordEnd(after: local)
            // The end of what a piece lays out is no word's end but the paragraph's: the next piece goes on.
            if found < pieces[index].text.utf8.count || index + 1 == pieces.count {
                return starts[index] + found
            }
            index += 1
            local = max(0, offset - starts[index])
        }
    }

    func draw(in canvas: Canvas, at origin: Point, color: Color) {
        draw(in: canvas, at: origin, color: color, lastPiece: nil)
    }

    /// Draws the pieces that reach into what is being drawn; `lastPiece`
    /// draws instead of the last one (a keystroke's provisional layout).
    func draw(in canvas: Canvas, at origin: Point, color: Color, lastPiece: TextLayout?) {
        guard let cairoCanvas = canvas as? CairoCanvas else {
            drawLinesAsText(in: canvas, at: origin, color: color)
            return
        }
        // Glyphs reach a little past their piece's box (italic overhangs, marks).
        let clip = cairoCanvas.clipBounds.insetBy(-2 * style.fontSize)
        for index in piecesReaching(clip.offsetBy(dx: -origin.x, dy: -origin.y)) {
            let piece = pieces[index]
            let at = Point(x: origin.x + origins[index].x, y: origin.y + origins[index].y)
            let box = Rect(x: at.x, y: at.y, width: max(sizes[index].width, style.wrapWidth ?? 0), height: sizes[index].height)
            guard box.intersects(clip) else { continue }
            if index == pieces.count - 1, let lastPiece {
                lastPiece.draw(in: canvas, at: at, color: color)
            } else if wraps {
                piece.layout.draw(in: cairoCanvas, at: at, color: color, lineCount: piece.lines.count)
            } else {
                piece.layout.draw(in: canvas, at: at, color: color)
            }
        }
    }
}

extension PiecewisePangoLayout {
    /// The pieces whose boxes may reach into `rect` (in the layout's
    /// coordinates), found by their places rather than by asking each piece.
    fileprivate func piecesReaching(_ rect: Rect) -> Range<Int> {
        if wraps {
            let first = max(0, origins.partitionPoint { $0.y <= rect.minY } - 1)
            return first..<max(first, origins.partitionPoint { $0.y < rect.maxY })
        }
        let count = origins.count
        if rightToLeft {
            // Right to left: the first pieces are furthest right.
            let first = origins.indices.partitionPoint { origins[$0].x >= rect.maxX }
            let end = origins.indices.partitionPoint { origins[$0].x + sizes[$0].width > rect.minX }
            return min(first, count)..<max(min(first, count), end)
        }
        let first = origins.indices.partitionPoint { origins[$0].x + sizes[$0].width <= rect.minX }
        let end = origins.indices.partitionPoint { origins[$0].x < rect.maxX }
        return first..<max(first, end)
    }
}

extension Rect {
    /// The rectangle grown by `amount` on every side (shrunk when negative).
    fileprivate func insetBy(_ amount: Double) -> Rect {
        Rect(x: minX + amount, y: minY + amount, width: max(0, width - 2 * amount), height: max(0, height - 2 * amount))
    }

    fileprivate func intersects(_ other: Rect) -> Bool {
        minX < other.maxX && other.minX < maxX && minY < other.maxY && other.minY < maxY
    }
}
