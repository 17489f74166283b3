/// Lays text out on a grid: every grapheme cluster one ``advance`` wide,
/// every line ``lineHeight`` tall, left to right in text order.
///
/// What a character-grid ``TextCanvas`` shows, and the default for a
/// window with no host that draws pixels; tests get metrics they can
/// reason about. It does no shaping and no bidirectional reordering:
/// drawing real scripts is the cairo module's Pango engine's job.
@MainActor
public final class MonospaceTextLayoutEngine: TextLayoutEngine {
    /// The width of one grapheme cluster, in points.
    public let advance: Double
    /// The height of one line, in points.
    public let lineHeight: Double

    /// Creates an engine; the defaults match a ``TextCanvas`` cell.
    public init(advance: Double = 8, lineHeight: Double = 16) {
        self.advance = advance
        self.lineHeight = lineHeight
    }

    public func makeLayout(for text: String, style: TextStyle) -> TextLayout {
        MonospaceTextLayout(text: text, style: style, advance: advance, lineHeight: lineHeight)
    }
}

/// A ``TextLayout`` on a grid, made by ``MonospaceTextLayoutEngine``.
@MainActor
public final class MonospaceTextLayout: TextLayout {
    public let text: String
    public let style: TextStyle
    public let lines: [TextLine]
    public let size: Size
    private let advance: Double
    private let lineHeight: Double
    /// Each line's grapheme boundaries, as UTF-8 offsets (the line's start and end included).
    private let boundaries: [[Int]]

    init(text: String, style: TextStyle, advance: Double, lineHeight: Double) {
        self.text = text
        self.style = style
        self.advance = advance
        self.lineHeight = lineHeight
        let columns = style.wrapWidth.map { max(1, Int($0 / advance)) }
        var lines: [TextLine] = []
        var boundaries: [[Int]] = []
        func addLine(_ cuts: [Int]) {
            let y = Double(lines.count) * lineHeight
            let width = Double(cuts.count - 1) * advance
            lines.append(
                TextLine(
                    range: cuts[0]..<cuts[cuts.count - 1], frame: Rect(x: 0, y: y, width: width, height: lineHeight),
                    baseline: y + lineHeight * 0.75))
            boundaries.append(cuts)
        }
        var offset = 0
        var cuts = [0]
        var lastSpace: Int?  // index in `cuts` after the last space, where a wrap may go
        for character in text {
            let length = character.utf8.count
            if character.isNewline {
                addLine(cuts)
                offset += length
                cuts = [offset]
                lastSpace = nil
                continue
            }
            offset += length
            cuts.append(offset)
            if character.isWhitespace { lastSpace = cuts.count - 1 }
            if let columns, cuts.count - 1 > columns, !character.isWhitespace {
                // Wrap after the last space, or inside a word longer than a line.
                let cut = lastSpace ?? (cuts.count - 2)
                addLine(Array(cuts[...cut]))
                cuts = Array(cuts[cut...])
                lastSpace = nil
            }
        }
        addLine(cuts)
        self.lines = lines
        self.boundaries = boundaries
        self.size = Size(width: lines.map(\.frame.width).max() ?? 0, height: Double(lines.count) * lineHeight)
    }

    /// The line and column of an offset (the end of a wrapped line is the next line's start).
    private func position(of offset: Int) -> (line: Int, column: Int) {
        let line = lineIndex(containing: offset)
        let cuts = boundaries[line]
        var low = 0, high = cuts.count - 1
        while low < high {
            let mid = (low + high) / 2
            if cuts[mid] < offset { low = mid + 1 } else { high = mid }
        }
        return (line, low)
    }

    public func caretRect(at offset: Int) -> Rect {
        let (line, column) = position(of: min(max(0, offset), text.utf8.count))
        return Rect(x: Double(column) * advance, y: Double(line) * lineHeight, width: 0, height: lineHeight)
    }

    public func offset(nearest point: Point) -> Int {
        let line = min(max(0, Int(point.y / lineHeight)), lines.count - 1)
        let cuts = boundaries[line]
        let column = min(max(0, Int((point.x / advance).rounded())), cuts.count - 1)
        return cuts[column]
    }

    public func offset(visuallyFrom offset: Int, direction: VisualDirection) -> Int? {
        let (line, column) = position(of: offset)
        let cuts = boundaries[line]
        switch direction {
        case .right:
            if column + 1 < cuts.count { return cuts[column + 1] }
            // The next line starts after the line break (or where a wrap cut).
            return line + 1 < lines.count ? boundaries[line + 1][0] : nil
        case .left:
            if column > 0 { return cuts[column - 1] }
            return line > 0 ? boundaries[line - 1].last : nil
        }
    }

    public func selectionRects(for range: Range<Int>) -> [Rect] {
        lines.compactMap { line in
            let lower = max(range.lowerBound, line.range.lowerBound), upper = min(range.upperBound, line.range.upperBound)
            guard lower < upper || (range.upperBound > line.range.upperBound && range.lowerBound <= line.range.upperBound)
            else { return nil }
            let start = caretRect(at: lower).minX
            // A selection running on past a line's end covers one more cell there, for the line break.
            let end = upper < range.upperBound && upper == line.range.upperBound ? line.frame.maxX + advance : caretRect(at: upper).minX
            return Rect(x: start, y: line.frame.minY, width: max(0, end - start), height: lineHeight)
        }
    }

    public func wordStart(before offset: Int) -> Int { TextBoundaries.wordStart(in: text, before: offset) }
    public func wordEnd(after offset: Int) -> Int { TextBoundaries.wordEnd(in: text, after: offset) }

    public func draw(in canvas: Canvas, at origin: Point, color: Color) {
        drawLinesAsText(in: canvas, at: origin, color: color)
    }
}
