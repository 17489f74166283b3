extension TextEditingEngine {
    /// The position `count` Unicode scalars after `position` (before it when
    /// negative), a line break counting one, stopped at the text's ends.
    /// It may fall inside a grapheme cluster: input methods count scalars.
    ///
    /// - Parameters:
    ///   - position: Where to start, on a scalar boundary.
    ///   - count: How many scalars to move.
    /// - Returns: The position reached.
    public func position(_ position: TextPosition, movedByScalars count: Int) -> TextPosition {
        var paragraph = min(max(0, position.paragraph), paragraphs.count - 1)
        var scalars = paragraphs[paragraph].unicodeScalars
        var index = Self.range(in: paragraphs[paragraph], position.offset, position.offset).lowerBound
        // An offset inside a scalar's UTF-8 bytes: back to the scalar's start.
        while String.Index(index, within: scalars) == nil { index = paragraphs[paragraph].utf8.index(before: index) }
        var remaining = count
        while true {
            let limit = remaining >= 0 ? scalars.endIndex : scalars.startIndex
            if let reached = scalars.index(index, offsetBy: remaining, limitedBy: limit) {
                index = reached
                break
            }
            remaining -= scalars.distance(from: index, to: limit)
            if remaining > 0, paragraph + 1 < paragraphs.count {
                remaining -= 1  // the line break
                paragraph += 1
                scalars = paragraphs[paragraph].unicodeScalars
                index = scalars.startIndex
            } else if remaining < 0, paragraph > 0 {
                remaining += 1
                paragraph -= 1
                scalars = paragraphs[paragraph].unicodeScalars
                index = scalars.endIndex
            } else {
                index = limit
                break
            }
        }
        let utf8 = paragraphs[paragraph].utf8
        return TextPosition(paragraph: paragraph, offset: utf8.distance(from: utf8.startIndex, to: index))
    }

    /// How many Unicode scalars come before a position, a line break counting
    /// one: the offset assistive technology and input methods count in.
    ///
    /// - Parameter position: A position in the text.
    /// - Returns: Its offset in scalars from the start.
    public func scalarOffset(of position: TextPosition) -> Int {
        let position = self.position(position, movedByScalars: 0)  // on a scalar boundary inside the text
        var count = 0
        for index in 0..<position.paragraph { count += paragraphs[index].unicodeScalars.count + 1 }
        let paragraph = paragraphs[position.paragraph]
        let end = paragraph.utf8.index(paragraph.utf8.startIndex, offsetBy: position.offset)
        return count + paragraph.unicodeScalars[..<end].count
    }

    /// The position a scalar offset from the start names, stopped at the text's ends.
    ///
    /// - Parameter offset: An offset in Unicode scalars, a line break counting one.
    /// - Returns: The position there, which may fall inside a grapheme cluster.
    public func position(scalarOffset offset: Int) -> TextPosition {
        position(.start, movedByScalars: max(0, offset))
    }

    /// Deletes the text between two positions as one undo step, the caret
    /// keeping its place in the text around it (at `lower` when it was inside).
    ///
    /// - Parameters:
    ///   - lower: Where the deleted text starts (clamped to the text, not rounded).
    ///   - upper: Where it ends.
    public func deleteText(from lower: TextPosition, to upper: TextPosition) {
        let lower = position(lower, movedByScalars: 0)
        let upper = max(lower, position(upper, movedByScalars: 0))
        guard lower < upper else { return }
        if typingRunIsPending { sealTypingRun() }
        let before = selection
        let caret = before.active
        let removed = text(unroundedFrom: lower, to: upper)
        var after = caret
        if caret >= upper {
            after.paragraph -= upper.paragraph - lower.paragraph
            if caret.paragraph == upper.paragraph { after.offset = lower.offset + caret.offset - upper.offset }
        } else if caret > lower {
            after = lower
        }
        apply(from: lower, to: upper, with: "", hasLineBreak: false)
        after = clamp(after)
        record(
            UndoStep(
                start: lower, removed: removed, inserted: "", selectionBefore: before,
                selectionAfter: TextSelection(caret: after), kind: .other),
            insertsLineBreak: false)
        goalX = nil
        setSelection(TextSelection(caret: after), force: true)
    }
}
