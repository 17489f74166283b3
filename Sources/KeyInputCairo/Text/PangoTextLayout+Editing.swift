import CPango
import KeyInputKit

extension PangoTextLayout {
    /// The strong cursor's rectangle at `offset` (`pango_layout_get_cursor_pos`),
    /// zero wide, as tall as its line.
    ///
    /// - Parameter offset: A UTF-8 offset; offsets past the end are the end.
    /// - Returns: The caret's rectangle in layout coordinates.
    public func caretRect(at offset: Int) -> Rect {
        var strong = PangoRectangle(), weak = PangoRectangle()
        pango_layout_get_cursor_pos(handle.pointer, Int32(clamped(offset)), &strong, &weak)
        return Rect(x: points(strong.x), y: points(strong.y), width: 0, height: points(strong.height))
    }

    /// The cursor position nearest a point (`pango_layout_xy_to_index`): the
    /// start of the cluster the point is in, or its end when the point is in
    /// the cluster's trailing half (its right half in left-to-right text,
    /// its left half in right-to-left text).
    ///
    /// - Parameter point: A point in layout coordinates; points outside the
    ///   text give the nearest end of the nearest line.
    /// - Returns: A UTF-8 offset.
    public func offset(nearest point: Point) -> Int {
        var index: Int32 = 0, trailing: Int32 = 0
        pango_layout_xy_to_index(handle.pointer, pangoUnits(point.x), pangoUnits(point.y), &index, &trailing)
        let offset = advance(Int(index), byScalars: Int(trailing))
        // Never past the end of the line the point is on (its line break belongs to no line).
        // By the point's height: a line's start is also the end of the line before.
        let line = lines[lineIndex(atY: point.y)]
        return min(max(offset, line.range.lowerBound), line.range.upperBound)
    }

    /// The line a height falls on, as Pango finds it: the first line that
    /// ends below it, or the last.
    private func lineIndex(atY y: Double) -> Int {
        max(0, min(lines.count - 1, lines.partitionPoint { $0.frame.maxY <= y }))
    }

    /// The cursor position one step left or right on screen
    /// (`pango_layout_move_cursor_visually`, strong cursor): through a
    /// right-to-left run, right goes backwards in the text; at a line's
    /// visual end it goes on to the next or previous line.
    ///
    /// - Parameters:
    ///   - offset: Where the caret is.
    ///   - direction: Which way on screen.
    /// - Returns: The new offset, or `nil` at the visual start or end of the text.
    public func offset(visuallyFrom offset: Int, direction: VisualDirection) -> Int? {
        var index = Int32(clamped(offset)), trailing: Int32 = 0
        let step: Int32 = direction == .right ? 1 : -1
        // A step can name the same offset from the other side (the end of a
        // wrapped line is the next line's start); step again from there.
        for _ in 0..<3 {
            var newIndex: Int32 = 0, newTrailing: Int32 = 0
            pango_layout_move_cursor_visually(handle.pointer, 1, index, trailing, step, &newIndex, &newTrailing)
            guard newIndex >= 0, newIndex != Int32.max else { return nil }
            let moved = advance(Int(newIndex), byScalars: Int(newTrailing))
            if moved != offset { return moved }
            (index, trailing) = (newIndex, newTrailing)
        }
        return nil
    }

    /// The rectangles a selection of `range` covers: for each line it
    /// touches, one per visual run (`pango_layout_line_get_x_ranges`), so a
    /// range across left-to-right and right-to-left text may be several
    /// pieces. A range that runs on past a line's end reaches the layout's
    /// edge on that line.
    ///
    /// - Parameter range: UTF-8 offsets.
    /// - Returns: Rectangles in layout coordinates, top to bottom.
    public func selectionRects(for range: Range<Int>) -> [Rect] {
        let range = clamped(range.lowerBound)..<clamped(range.upperBound)
        guard !range.isEmpty else { return [] }
        var rects: [Rect] = []
        for (number, line) in lines.enumerated() {
            let runsOn = range.upperBound > line.range.upperBound && range.lowerBound <= line.range.upperBound
            guard max(range.lowerBound, line.range.lowerBound) < min(range.upperBound, line.range.upperBound) || runsOn,
                let pangoLine = pango_layout_get_line_readonly(handle.pointer, Int32(number))
            else { continue }
            var ranges: UnsafeMutablePointer<Int32>?
            var count: Int32 = 0
            pango_layout_line_get_x_ranges(
                pangoLine, Int32(range.lowerBound), Int32(range.upperBound), &ranges, &count)
            guard let ranges else { continue }
            defer { g_free(ranges) }
            var pieces: [(start: Double, end: Double)] = []
            for piece in 0..<Int(count) {
                let start = points(ranges[2 * piece]), end = points(ranges[2 * piece + 1])
                guard end > start else { continue }
                // Runs that touch on screen (Latin beside a selected Hebrew run's edge) make one piece.
                if let last = pieces.last, abs(last.end - start) < 0.01 {
                    pieces[pieces.count - 1].end = end
                } else {
                    pieces.append((start, end))
                }
            }
            rects += pieces.map { Rect(x: $0.start, y: line.frame.minY, width: $0.end - $0.start, height: line.frame.height) }
        }
        return rects
    }

    /// The start of the word before `offset`, or of the word it is in, by
    /// Pango's word boundaries (`is_word_start`); 0 when there is none.
    public func wordStart(before offset: Int) -> Int {
        let attributes = logAttributes()
        var index = scalarIndex(atOffset: clamped(offset))
        if scalarOffsets[index] < offset { index += 1 }  // inside a scalar: from just after it
        index = min(index, attributes.count)
        while index > 0 {
            index -= 1
            if attributes[index].is_word_start != 0 { return scalarOffsets[index] }
        }
        return 0
    }

    /// The end of the word after `offset`, or of the word it is in, by
    /// Pango's word boundaries (`is_word_end`); the text's length when there is none.
    public func wordEnd(after offset: Int) -> Int {
        let attributes = logAttributes()
        var index = scalarIndex(atOffset: clamped(offset))
        while index < attributes.count - 1 {
            index += 1
            if attributes[index].is_word_end != 0 { return scalarOffsets[index] }
        }
        return scalarOffsets[scalarOffsets.count - 1]
    }

    /// Pango's boundaries, one per scalar and one for the end.
    private func logAttributes() -> UnsafeBufferPointer<PangoLogAttr> {
        var count: Int32 = 0
        let attributes = pango_layout_get_log_attrs_readonly(handle.pointer, &count)
        // As many as `scalarOffsets`: one per scalar and one for the end.
        return UnsafeBufferPointer(start: attributes, count: min(Int(count), scalarOffsets.count))
    }

    /// The offset `scalars` Unicode scalars after `offset` (Pango's trailing count), within the text.
    private func advance(_ offset: Int, byScalars scalars: Int) -> Int {
        let index = scalarIndex(atOffset: clamped(offset)) + max(0, scalars)
        return scalarOffsets[min(index, scalarOffsets.count - 1)]
    }
}
