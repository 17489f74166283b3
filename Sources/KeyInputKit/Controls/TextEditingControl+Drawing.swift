extension TextEditingControl {
    /// How wide the caret is drawn, in points.
    static let caretWidth = 2.0

    func drawText(in canvas: Canvas, rect: Rect) {
        canvas.fill(rect, color: .white)
        // A keystroke redraws a part inside the frame, which the border (with its antialiasing) does not reach.
        if !rect.inset(by: EdgeInsets(top: 2, left: 2, bottom: 2, right: 2)).contains(canvas.clipBounds) {
            canvas.stroke(rect, color: isFirstResponder ? .accent : .separator, lineWidth: isFirstResponder ? 2 : 1)
        }
        let text = textRect.offsetBy(dx: rect.minX, dy: rect.minY)
        if !hasText && markedText == nil {
            let line =
                wrapsLines ? Rect(x: text.minX, y: text.minY, width: text.width, height: paragraphHeight(0)) : text
            canvas.text(placeholder, in: line, color: .secondaryText, fontSize: fontSize, alignment: .leading)
            if activeSpellChecker != nil, spelling == nil { _ = spellingState() }  // what is typed next is typed
            if isCaretVisible, let caret = caretRect {
                fillCaret(caret.offsetBy(dx: rect.minX, dy: rect.minY), in: canvas)
            }
            return
        }
        canvas.pushClip(Rect(x: text.minX, y: rect.minY + 1, width: text.width, height: rect.height - 2))
        defer { canvas.popClip() }
        let first = paragraph(atY: textRect.minY)
        let last = paragraph(atY: textRect.maxY)
        for paragraph in first...last {
            let origin = origin(ofParagraph: paragraph)
            drawParagraph(paragraph, in: canvas, at: Point(x: rect.minX + origin.x, y: rect.minY + origin.y))
        }
        drawSelectionHandles(in: canvas, offset: rect.origin)
    }

    private func drawParagraph(_ paragraph: Int, in canvas: Canvas, at origin: Point) {
        let layout = drawnLayout(forParagraph: paragraph)
        let selection = editingEngine.selection
        if isFirstResponder, !selection.isEmpty,
            selection.lowerBound.paragraph <= paragraph, selection.upperBound.paragraph >= paragraph
        {
            let lower =
                selection.lowerBound.paragraph == paragraph
                ? layoutOffset(selection.lowerBound.offset, inParagraph: paragraph) : 0
            let upper =
                selection.upperBound.paragraph == paragraph
                ? layoutOffset(selection.upperBound.offset, inParagraph: paragraph) : layout.text.utf8.count
            for piece in layout.selectionRects(for: lower..<max(lower, upper)) {
                canvas.fill(piece.offsetBy(dx: origin.x, dy: origin.y), color: .selection)
            }
        }
        let active = selection.active
        let markedLength = markedText?.utf8.count ?? 0
        // The underline goes under the text: on a character grid, the text keeps its cells.
        if markedLength > 0, paragraph == active.paragraph {
            let start = layoutOffset(active.offset, inParagraph: paragraph)
            for segment in markedTextAttributes.segments where segment.style == .highlight {
                let range = min(segment.range.lowerBound, markedLength)..<min(segment.range.upperBound, markedLength)
                for piece in layout.selectionRects(for: (start + range.lowerBound)..<(start + range.upperBound)) {
                    canvas.fill(piece.offsetBy(dx: origin.x, dy: origin.y), color: .selection)
                }
            }
            for piece in layout.selectionRects(for: start..<(start + markedLength)) {
                let y = origin.y + piece.maxY - 1
                canvas.line(
                    from: Point(x: origin.x + piece.minX, y: y), to: Point(x: origin.x + piece.maxX, y: y),
                    color: .text,
                    lineWidth: 1)
            }
        }
        layout.draw(in: canvas, at: origin, color: isEnabled ? .text : .secondaryText)
        drawMisspellings(ofParagraph: paragraph, layout: layout, in: canvas, at: origin)
        // The caret goes over the text, as GTK draws it.
        if paragraph == active.paragraph, selection.isEmpty || markedLength > 0, isCaretVisible {
            let caret = layout.caretRect(at: layoutOffset(active.offset, inParagraph: paragraph) + markedCaretOffset)
            fillCaret(
                Rect(x: origin.x + caret.minX, y: origin.y + caret.minY, width: Self.caretWidth, height: caret.height),
                in: canvas)
        }
    }

    /// Fills the caret with its edges on whole points: crisp, and a plain rectangle to draw.
    private func fillCaret(_ caret: Rect, in canvas: Canvas) {
        let x = caret.minX.rounded(), top = caret.minY.rounded(), bottom = caret.maxY.rounded()
        canvas.fill(Rect(x: x, y: top, width: caret.width, height: bottom - top), color: .accent)
    }
}
