/// The rows a column-based input view draws, top to bottom, in its own coordinates.
///
/// The standard height is 216 points (the on-screen keyboard's): a title
/// line, the value above, the selected value in a box, the value below, and
/// a line of key hints.
enum ColumnMetrics {
    /// The title line.
    static let title = (y: 8.0, height: 32.0)
    /// The neighbour drawn above the box.
    static let above = (y: 48.0, height: 32.0)
    /// The box with the selected value.
    static let box = (y: 80.0, height: 48.0)
    /// The neighbour drawn below the box.
    static let below = (y: 128.0, height: 32.0)
    /// The key hints.
    static let hints = (y: 176.0, height: 32.0)
    /// Space between columns.
    static let gap = 16.0
    /// Space at the left and right edges.
    static let margin = 8.0
    /// Points per character, for sizing columns to their text.
    static let characterWidth = 8.0

    /// Draws what every column picker has around its columns: its background,
    /// the separator along its top, `title` centred on the title line and
    /// the key `hints` along the bottom, both as paragraphs of `direction`.
    @MainActor
    static func drawPanel(
        in canvas: Canvas, rect: Rect, title: String, hints: String, direction: UserInterfaceLayoutDirection = .leftToRight
    ) {
        let title = paragraph(title, direction: direction), hints = paragraph(hints, direction: direction)
        canvas.fill(rect, color: .keyboardBackground)
        canvas.line(
            from: Point(x: rect.minX, y: rect.minY), to: Point(x: rect.maxX, y: rect.minY), color: .separator, lineWidth: 1)
        let titleRect = Rect(
            x: rect.minX + margin, y: rect.minY + Self.title.y,
            width: max(0, rect.width - 2 * margin), height: Self.title.height)
        canvas.text(title, in: titleRect, color: .text, fontSize: 16, alignment: .center)
        let hintRect = Rect(x: titleRect.minX, y: rect.minY + Self.hints.y, width: titleRect.width, height: Self.hints.height)
        canvas.text(hints, in: hintRect, color: .secondaryText, fontSize: 12, alignment: .center)
    }

    /// Box frames for columns of the given preferred widths, centred in
    /// `width` and shrunk in proportion when they do not fit. `extraGaps`
    /// adds space before a column (the date and the time of a date-and-time picker).
    static func boxes(preferredWidths: [Double], in width: Double, extraGapBefore: [Int: Double] = [:]) -> [Rect] {
        guard !preferredWidths.isEmpty else { return [] }
        let gaps = gap * Double(preferredWidths.count - 1) + extraGapBefore.values.reduce(0, +)
        let available = max(0, width - 2 * margin - gaps)
        let wanted = preferredWidths.reduce(0, +)
        let scale = wanted > available && wanted > 0 ? available / wanted : 1
        let total = wanted * scale + gaps
        var x = max(margin, (width - total) / 2)
        var frames: [Rect] = []
        for (index, preferred) in preferredWidths.enumerated() {
            if index > 0 { x += gap + (extraGapBefore[index] ?? 0) }
            let w = preferred * scale
            frames.append(Rect(x: x, y: box.y, width: w, height: box.height))
            x += w
        }
        return frames
    }

    /// Text that a canvas (Pango, which takes a paragraph's direction from
    /// its first letter) lays out as a right-to-left paragraph when
    /// `direction` says so: behind a right-to-left mark, which draws nothing.
    static func paragraph(_ text: String, direction: UserInterfaceLayoutDirection) -> String {
        direction == .rightToLeft && !text.isEmpty ? "\u{200F}" + text : text
    }

    /// Frames mirrored across a width: the leftmost becomes the rightmost.
    static func mirrored(_ frames: [Rect], in width: Double) -> [Rect] {
        frames.map { Rect(x: width - $0.maxX, y: $0.minY, width: $0.width, height: $0.height) }
    }

    /// The column whose box, widened by half a gap on each side, holds `x`.
    static func column(atX x: Double, boxes: [Rect]) -> Int? {
        boxes.firstIndex { x >= $0.minX - gap / 2 && x < $0.maxX + gap / 2 }
    }

    /// Where a press at `y` falls: -1 above the box, 0 on the box (or the
    /// title and hints), +1 below it.
    static func band(atY y: Double) -> Int {
        if y >= above.y && y < box.y { return -1 }
        if y >= box.y + box.height && y < below.y + below.height { return 1 }
        return 0
    }

    /// Scroll-wheel steps from an event's vertical delta, carrying fractions
    /// (touchpads) over to the next event. Negative `dy` (up) gives positive steps.
    static func wheelSteps(dy: Double, carry: inout Double) -> Int {
        carry -= dy
        let steps = carry.rounded(.towardZero)
        carry -= steps
        return Int(steps)
    }
}
