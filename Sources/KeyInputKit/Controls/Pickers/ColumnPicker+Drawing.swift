extension ColumnPicker {
    /// Draws each column's selected value in a box, the values a step above
    /// and below it, and a focus ring around the selected column.
    func drawColumns(in canvas: Canvas, rect: Rect) {
        for (column, box) in columnFrames.enumerated() {
            let frame = box.offsetBy(dx: rect.minX, dy: rect.minY)
            if let above = neighbourText(inColumn: column, step: 1) {
                let row = Rect(x: frame.minX, y: rect.minY + ColumnMetrics.above.y, width: frame.width, height: ColumnMetrics.above.height)
                canvas.text(above, in: row, color: .secondaryText, fontSize: 14, alignment: .center)
            }
            if let below = neighbourText(inColumn: column, step: -1) {
                let row = Rect(x: frame.minX, y: rect.minY + ColumnMetrics.below.y, width: frame.width, height: ColumnMetrics.below.height)
                canvas.text(below, in: row, color: .secondaryText, fontSize: 14, alignment: .center)
            }
            let selected = column == selectedColumn
            canvas.fill(frame, color: .white)
            canvas.stroke(frame, color: selected ? .accent : .separator, lineWidth: selected ? 2 : 1)
            canvas.text(
                selectedText(inColumn: column), in: frame, color: isEnabled ? .text : .secondaryText, fontSize: 16,
                alignment: .center)
        }
    }
}
