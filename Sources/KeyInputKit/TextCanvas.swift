/// A canvas that draws into a grid of characters: for terminals, the CLI,
/// and golden-file tests.
///
/// One cell is ``cellWidth`` × ``cellHeight`` points. Fills clear cells,
/// outlines become box-drawing lines (double lines for a focus ring, a
/// stroke 2 or more wide), and text goes into the cells it covers.
@MainActor
public final class TextCanvas: Canvas {
    /// Points per character cell, across.
    public let cellWidth: Double
    /// Points per character cell, down.
    public let cellHeight: Double
    public let size: Size
    private var cells: [[Character]]

    /// Creates a blank canvas for a drawing area of `size` points.
    public init(size: Size, cellWidth: Double = 8, cellHeight: Double = 16) {
        self.size = size
        self.cellWidth = cellWidth
        self.cellHeight = cellHeight
        let columns = max(1, Int((size.width / cellWidth).rounded(.up)))
        let rows = max(1, Int((size.height / cellHeight).rounded(.up)))
        cells = Array(repeating: Array(repeating: " ", count: columns), count: rows)
    }

    private var columns: Int { cells.first?.count ?? 0 }
    private var rows: Int { cells.count }

    private func column(_ x: Double) -> Int { Int((x / cellWidth).rounded(.down)) }
    private func row(_ y: Double) -> Int { Int((y / cellHeight).rounded(.down)) }

    private func set(_ r: Int, _ c: Int, _ character: Character) {
        guard r >= 0, r < rows, c >= 0, c < columns else { return }
        cells[r][c] = character
    }

    public func fill(_ rect: Rect, color: Color) {
        guard color.alpha > 0.5, !rect.isEmpty else { return }
        let pattern: Character = color == .selection ? "░" : " "
        for r in row(rect.minY)..<max(row(rect.minY) + 1, row(rect.maxY - 0.01) + 1) {
            for c in column(rect.minX)..<max(column(rect.minX) + 1, column(rect.maxX - 0.01) + 1) {
                set(r, c, pattern)
            }
        }
    }

    public func stroke(_ rect: Rect, color: Color, lineWidth: Double) {
        guard color.alpha > 0.5, !rect.isEmpty else { return }
        let double = lineWidth >= 2
        let (h, v, tl, tr, bl, br): (Character, Character, Character, Character, Character, Character) =
            double ? ("═", "║", "╔", "╗", "╚", "╝") : ("─", "│", "┌", "┐", "└", "┘")
        let top = row(rect.minY), bottom = max(top, row(rect.maxY - 0.01))
        let left = column(rect.minX), right = max(left, column(rect.maxX - 0.01))
        if top == bottom {
            for c in left...right { set(top, c, h) }
            return
        }
        for c in left...right {
            set(top, c, h)
            set(bottom, c, h)
        }
        for r in top...bottom {
            set(r, left, v)
            set(r, right, v)
        }
        set(top, left, tl)
        set(top, right, tr)
        set(bottom, left, bl)
        set(bottom, right, br)
    }

    public func line(from start: Point, to end: Point, color: Color, lineWidth: Double) {
        guard color.alpha > 0.5 else { return }
        if row(start.y) == row(end.y) {
            for c in min(column(start.x), column(end.x))...max(column(start.x), column(end.x)) {
                set(row(start.y), c, "─")
            }
        } else if column(start.x) == column(end.x) {
            for r in min(row(start.y), row(end.y))...max(row(start.y), row(end.y)) { set(r, column(start.x), "│") }
        }
    }

    public func text(_ string: String, in rect: Rect, color: Color, fontSize: Double, alignment: TextAlignment) {
        let first = column(rect.minX), last = column(rect.maxX - 0.01)
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
        let r = row(rect.midY)
        for (offset, character) in characters.enumerated() { set(r, start + offset, character) }
    }

    /// The grid as text: one line per row, trailing spaces trimmed.
    public var rendering: String {
        cells.map { row in
            var line = String(row)
            while line.last == " " { line.removeLast() }
            return line
        }.joined(separator: "\n") + "\n"
    }
}
