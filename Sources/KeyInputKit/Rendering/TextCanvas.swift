/// A canvas that draws into a grid of characters: for terminals, the CLI,
/// and golden-file tests.
///
/// One cell is ``cellWidth`` × ``cellHeight`` points. Outlines become
/// box-drawing lines (double lines for a focus ring, a stroke 2 or more
/// wide); where outlines meet in a cell they join (`┬`, `├`, `┼` …) rather
/// than overwrite each other, so a row of keys reads as a grid. Rectangles
/// snap to the nearest cell boundaries; text sits on the row midway between
/// a rectangle's top and bottom, between any borders already drawn there.
/// A fill narrower than half a cell — a text caret — draws nothing.
@MainActor
public final class TextCanvas: Canvas {
    /// Points per character cell, across.
    public let cellWidth: Double
    /// Points per character cell, down.
    public let cellHeight: Double
    public let size: Size
    private var cells: [[Cell]]
    /// The cells drawing may change, innermost clip last: rows and columns, half-open.
    private var clips: [(rows: Range<Int>, columns: Range<Int>)] = []

    /// What one cell holds: a character, or the line segments that leave its centre.
    private struct Cell {
        var character: Character = " "
        var lines: Lines = []
    }

    /// The directions box-drawing lines leave a cell in, and their weight.
    private struct Lines: OptionSet {
        let rawValue: UInt8
        static let up = Lines(rawValue: 1)
        static let down = Lines(rawValue: 2)
        static let left = Lines(rawValue: 4)
        static let right = Lines(rawValue: 8)
        static let double = Lines(rawValue: 16)
    }

    /// Creates a blank canvas for a drawing area of `size` points.
    public init(size: Size, cellWidth: Double = 8, cellHeight: Double = 16) {
        self.size = size
        self.cellWidth = cellWidth
        self.cellHeight = cellHeight
        let columns = max(1, Int((size.width / cellWidth).rounded(.up)))
        let rows = max(1, Int((size.height / cellHeight).rounded(.up)))
        cells = Array(repeating: Array(repeating: Cell(), count: columns), count: rows)
    }

    private var columns: Int { cells.first?.count ?? 0 }
    private var rows: Int { cells.count }

    /// The nearest cell boundary to `x` (across) and `y` (down): rectangles
    /// snap to these, so neighbours a few points apart share a border line.
    private func boundary(x: Double) -> Int { Int((x / cellWidth).rounded()) }
    private func boundary(y: Double) -> Int { Int((y / cellHeight).rounded()) }

    /// The cell boundaries of a rectangle: it covers rows `top..<bottom` and
    /// columns `left..<right`, at least one of each; its outline runs along
    /// rows `top` and `bottom` and columns `left` and `right` (see `outline(_:)`).
    private func snap(_ rect: Rect) -> (top: Int, bottom: Int, left: Int, right: Int) {
        // Widened by a quarter cell first, so the few points of gap between
        // neighbouring keys close into one shared border.
        let top = boundary(y: rect.minY - cellHeight / 8), left = boundary(x: rect.minX - cellWidth / 4)
        let bottom = max(top + 1, boundary(y: rect.maxY + cellHeight / 8))
        let right = max(left + 1, boundary(x: rect.maxX + cellWidth / 4))
        return (top, bottom, left, right)
    }

    /// The rows and columns a rectangle's outline runs along: its snapped
    /// boundaries, with a bottom or right edge past the canvas drawn on its last row or column.
    private func outline(_ rect: Rect) -> (top: Int, bottom: Int, left: Int, right: Int) {
        let box = snap(rect)
        return (box.top, max(box.top, min(box.bottom, rows - 1)), box.left, max(box.left, min(box.right, columns - 1)))
    }

    private func contains(_ r: Int, _ c: Int) -> Bool { r >= 0 && r < rows && c >= 0 && c < columns }

    /// Whether drawing may change a cell: on the canvas and inside the current clip.
    private func isDrawable(_ r: Int, _ c: Int) -> Bool {
        guard contains(r, c) else { return false }
        guard let clip = clips.last else { return true }
        return clip.rows.contains(r) && clip.columns.contains(c)
    }

    /// Cuts drawing to the cells whose centres lie in `rect`, inside the current clip.
    public func pushClip(_ rect: Rect) {
        let top = Int((rect.minY / cellHeight).rounded()), bottom = Int((rect.maxY / cellHeight).rounded())
        let left = Int((rect.minX / cellWidth).rounded()), right = Int((rect.maxX / cellWidth).rounded())
        var rowRange = top..<max(top, bottom), columnRange = left..<max(left, right)
        if let outer = clips.last {
            rowRange = rowRange.clamped(to: outer.rows)
            columnRange = columnRange.clamped(to: outer.columns)
        }
        clips.append((rowRange, columnRange))
    }

    /// Ends the clip the last ``pushClip(_:)`` began.
    public func popClip() {
        _ = clips.popLast()
    }

    private func set(_ r: Int, _ c: Int, _ character: Character) {
        guard isDrawable(r, c) else { return }
        cells[r][c] = Cell(character: character)
    }

    private func addLines(_ r: Int, _ c: Int, _ lines: Lines) {
        guard isDrawable(r, c) else { return }
        cells[r][c].lines.formUnion(lines)
    }

    private func hasLines(_ r: Int, _ c: Int) -> Bool { contains(r, c) && !cells[r][c].lines.isEmpty }

    public func fill(_ rect: Rect, color: Color) {
        // A bar narrower than half a cell (a text caret) would blank the whole cell it touches: left out.
        guard color.alpha > 0.5, !rect.isEmpty, rect.width >= cellWidth / 2 else { return }
        let pattern: Character = color == .selection ? "░" : " "
        let box = snap(rect)
        for r in box.top..<box.bottom {
            for c in box.left..<box.right where isDrawable(r, c) {
                // The first row and column hold the border a neighbour shares
                // with this rectangle: keep its lines, clear anything else.
                let keepsLines = r == box.top || c == box.left
                cells[r][c] = Cell(character: pattern, lines: keepsLines ? cells[r][c].lines : [])
            }
        }
    }

    public func stroke(_ rect: Rect, color: Color, lineWidth: Double) {
        guard color.alpha > 0.5, !rect.isEmpty else { return }
        let weight: Lines = lineWidth >= 2 ? .double : []
        let box = outline(rect)
        horizontal(row: box.top, from: box.left, to: box.right, weight: weight)
        horizontal(row: box.bottom, from: box.left, to: box.right, weight: weight)
        vertical(column: box.left, from: box.top, to: box.bottom, weight: weight)
        vertical(column: box.right, from: box.top, to: box.bottom, weight: weight)
    }

    private func horizontal(row r: Int, from first: Int, to last: Int, weight: Lines) {
        segment(from: first, to: last, weight: weight, back: .left, forward: .right) { addLines(r, $0, $1) }
    }

    private func vertical(column c: Int, from first: Int, to last: Int, weight: Lines) {
        segment(from: first, to: last, weight: weight, back: .up, forward: .down) { addLines($0, c, $1) }
    }

    /// Lines along cells `first...last` of a row or column: each cell joins
    /// its neighbours (`back`, `forward`); a single cell is a short full line.
    private func segment(
        from first: Int, to last: Int, weight: Lines, back: Lines, forward: Lines, add: (Int, Lines) -> Void
    ) {
        guard first < last else { return add(first, back.union(forward).union(weight)) }
        for index in first...last {
            var lines = weight
            if index > first { lines.formUnion(back) }
            if index < last { lines.formUnion(forward) }
            add(index, lines)
        }
    }

    public func line(from start: Point, to end: Point, color: Color, lineWidth: Double) {
        guard color.alpha > 0.5 else { return }
        let weight: Lines = lineWidth >= 2 ? .double : []
        let (startRow, endRow) = (boundary(y: start.y), boundary(y: end.y))
        let (startColumn, endColumn) = (boundary(x: start.x), boundary(x: end.x))
        if startRow == endRow {
            horizontal(row: min(startRow, rows - 1), from: min(startColumn, endColumn), to: min(max(startColumn, endColumn), columns - 1), weight: weight)
        } else if startColumn == endColumn {
            vertical(column: min(startColumn, columns - 1), from: min(startRow, endRow), to: min(max(startRow, endRow), rows - 1), weight: weight)
        }
    }

    public func text(_ string: String, in rect: Rect, color: Color, fontSize: Double, alignment: TextAlignment) {
        let box = outline(rect)
        // The row midway between the rectangle's top and bottom borders.
        let r = (box.top + box.bottom) / 2
        var first = box.left, last = box.right
        // Text sits between the borders already drawn on its row, never over them.
        while first <= last, hasLines(r, first) { first += 1 }
        while last >= first, hasLines(r, last) { last -= 1 }
        let width = last - first + 1
        guard width > 0 else { return }
        var characters = Array(string)
        if characters.count > width { characters = Array(characters.prefix(max(0, width - 1))) + ["…"] }
        let start: Int =
            switch alignment {
            case .leading: first
            case .center: first + (width - characters.count) / 2
            case .trailing: last - characters.count + 1
            }
        for (offset, character) in characters.enumerated() { set(r, start + offset, character) }
    }

    /// The grid as text: one line per row, trailing spaces trimmed.
    public var rendering: String {
        cells.map { row in
            var line = String(row.map { $0.lines.isEmpty ? $0.character : Self.boxCharacter($0.lines) })
            while line.last == " " { line.removeLast() }
            return line
        }.joined(separator: "\n") + "\n"
    }

    /// The box-drawing character for the segments leaving a cell.
    private static func boxCharacter(_ lines: Lines) -> Character {
        let double = lines.contains(.double)
        var key = lines
        key.remove(.double)
        // A lone stub reads as a full line in its direction.
        if key == .left || key == .right { key = [.left, .right] }
        if key == .up || key == .down { key = [.up, .down] }
        let glyphs: [UInt8: (single: Character, double: Character)] = [
            Lines([.left, .right]).rawValue: ("─", "═"), Lines([.up, .down]).rawValue: ("│", "║"),
            Lines([.down, .right]).rawValue: ("┌", "╔"), Lines([.down, .left]).rawValue: ("┐", "╗"),
            Lines([.up, .right]).rawValue: ("└", "╚"), Lines([.up, .left]).rawValue: ("┘", "╝"),
            Lines([.up, .down, .right]).rawValue: ("├", "╠"), Lines([.up, .down, .left]).rawValue: ("┤", "╣"),
            Lines([.left, .right, .down]).rawValue: ("┬", "╦"), Lines([.left, .right, .up]).rawValue: ("┴", "╩"),
            Lines([.up, .down, .left, .right]).rawValue: ("┼", "╬"),
        ]
        guard let glyph = glyphs[key.rawValue] else { return " " }
        return double ? glyph.double : glyph.single
    }
}
