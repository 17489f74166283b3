extension ColumnPicker {
    /// The frames of the column boxes (the selected values), in the picker's
    /// coordinates, for its current width; by column index, so that right to
    /// left (``columnLayoutDirection``) the first frame is the rightmost.
    public var columnFrames: [Rect] {
        let count = numberOfColumns
        guard count > 0 else { return [] }
        var extra: [Int: Double] = [:]
        for column in 1..<count {
            let space = extraSpace(beforeColumn: column)
            if space != 0 { extra[column] = space }
        }
        let widths = (0..<count).map { preferredWidth(ofColumn: $0) }
        let frames = ColumnMetrics.boxes(preferredWidths: widths, in: bounds.width, extraGapBefore: extra)
        return columnLayoutDirection == .rightToLeft ? ColumnMetrics.mirrored(frames, in: bounds.width) : frames
    }

    /// The index of the column that holds `point`, if any.
    ///
    /// - Parameter point: A point in the picker's coordinates.
    /// - Returns: The column's index, or `nil` between and beside the columns.
    public func columnIndex(at point: Point) -> Int? {
        ColumnMetrics.column(atX: point.x, boxes: columnFrames)
    }
}
