extension TextEditingControl: SurroundingTextInput {
    /// The caret's paragraph, up to ``SurroundingText/limit`` scalars around
    /// the caret, with the caret and the selection's other end in it; `nil`
    /// with secure entry. Marked text is not part of it.
    public var surroundingText: SurroundingText? {
        guard !textInputTraits.isSecureTextEntry else { return nil }
        let selection = editingEngine.selection
        let paragraph = editingEngine.paragraphs[selection.active.paragraph]
        let scalars = paragraph.unicodeScalars
        let caret = TextEditingEngine.range(in: paragraph, selection.active.offset, nil).lowerBound
        let half = SurroundingText.limit / 2
        let start = scalars.index(caret, offsetBy: -half, limitedBy: scalars.startIndex) ?? scalars.startIndex
        let cursor = scalars.distance(from: start, to: caret)
        let end =
            scalars.index(caret, offsetBy: SurroundingText.limit - cursor, limitedBy: scalars.endIndex)
            ?? scalars.endIndex
        var anchor = cursor
        if selection.anchor.paragraph < selection.active.paragraph {
            anchor = 0
        } else if selection.anchor.paragraph > selection.active.paragraph {
            anchor = scalars.distance(from: start, to: end)
        } else if selection.anchor != selection.active {
            let index = TextEditingEngine.range(in: paragraph, selection.anchor.offset, nil).lowerBound
            anchor = scalars.distance(from: start, to: min(max(index, start), end))
        }
        return SurroundingText(text: String(scalars[start..<end]), cursor: cursor, anchor: anchor)
    }

    /// Deletes `count` Unicode scalars from `offset` scalars after the caret
    /// (before it when negative), clamped to the text, as one undo step; sends
    /// ``Control/Event/editingChanged`` when the text changed.
    ///
    /// - Parameters:
    ///   - offset: Where the range starts, in scalars from the caret.
    ///   - count: How many scalars to delete.
    public func deleteSurroundingText(offset: Int, count: Int) {
        guard count > 0 else { return }
        let caret = editingEngine.selection.active
        let lower = editingEngine.position(caret, movedByScalars: offset)
        // From the caret, not from `lower`: a range starting before the text keeps its end.
        let (end, overflow) = offset.addingReportingOverflow(count)
        let upper = editingEngine.position(caret, movedByScalars: overflow ? .max : end)
        edit { editingEngine.deleteText(from: lower, to: upper) }
    }
}
