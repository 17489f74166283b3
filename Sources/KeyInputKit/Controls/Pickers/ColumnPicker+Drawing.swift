extension ColumnPicker {
    /// Draws each column's selected value in a box, the values a step above
    /// and below it, and a focus ring around the selected column; a column
    /// that turns under a finger has its values slid by the turn's offset.
    func drawColumns(in canvas: Canvas, rect: Rect) {
        for (column, box) in columnFrames.enumerated() {
            let frame = box.offsetBy(dx: rect.minX, dy: rect.minY)
            let offset = turningOffset(ofColumn: column)
            if offset != 0 {
                // The rows slide inside the column's band, from the value above to the value below.
                let top = rect.minY + ColumnMetrics.above.y
                let bottom = rect.minY + ColumnMetrics.below.y + ColumnMetrics.below.height
                canvas.pushClip(Rect(x: frame.minX, y: top, width: frame.width, height: bottom - top))
            }
            if let above = neighbourText(inColumn: column, step: 1) {
                let row = Rect(x: frame.minX, y: rect.minY + ColumnMetrics.above.y + offset, width: frame.width, height: ColumnMetrics.above.height)
                canvas.text(above, in: row, color: .secondaryText, fontSize: 14, alignment: .center)
            }
            if let below = neighbourText(inColumn: column, step: -1) {
                let row = Rect(x: frame.minX, y: rect.minY + ColumnMetrics.below.y + offset, width: frame.width, height: ColumnMetrics.below.height)
                canvas.text(below, in: row, color: .secondaryText, fontSize: 14, alignment: .center)
            }
            if offset != 0 { canvas.popClip() }
            let selected = column == selectedColumn
            canvas.fill(frame, color: .white)
            canvas.stroke(frame, color: selected ? .accent : .separator, lineWidth: selected ? 2 : 1)
            if offset != 0 { canvas.pushClip(frame) }
            canvas.text(
                selectedText(inColumn: column), in: frame.offsetBy(dx: 0, dy: offset), color: isEnabled ? .text : .secondaryText,
                fontSize: 16, alignment: .center)
            if offset != 0 { canvas.popClip() }
        }
    }
}
