extension TextEditingControl {
    func handlePointerDown(_ event: PointerEvent) {
        guard isEnabled else { return }
        let position = position(at: event.location(in: self))
        if event.button == 2 {
            editingEngine.select(TextSelection(caret: position))
            paste(from: .selection)
            return
        }
        switch event.clickCount {
        case 1:
            editingEngine.select(TextSelection(caret: position))
        case 2:
            let (start, end) = editingEngine.wordRange(at: position)
            editingEngine.select(TextSelection(anchor: start, active: end))
        default:
            if wrapsLines {
                let paragraph = position.paragraph
                let end = TextPosition(paragraph: paragraph, offset: editingEngine.paragraphs[paragraph].utf8.count)
                editingEngine.select(TextSelection(anchor: TextPosition(paragraph: paragraph, offset: 0), active: end))
            } else {
                editingEngine.selectAll()
            }
        }
        dragAnchor = event.clickCount == 1 ? position : nil
    }

    func handlePointerDragged(_ event: PointerEvent) {
        guard let anchor = dragAnchor else { return }
        editingEngine.select(TextSelection(anchor: anchor, active: position(at: event.location(in: self))))
    }
}
