/// A way the caret moves.
public enum TextMotion: Hashable, Sendable {
    /// One grapheme cluster left or right on screen (in visual order: in a
    /// right-to-left run, right goes back in the text).
    case left, right
    /// To the start of the word on the left, or the end of the word on the right.
    case wordLeft, wordRight
    /// To the start or end of the line on screen (a wrapped line's own ends).
    case lineStart, lineEnd
    /// To the start or end of the whole text.
    case documentStart, documentEnd
    /// One line up or down, keeping the caret's x position while repeated.
    case up, down
    /// One visible page up or down (``TextLayoutSource/pageHeight``).
    case pageUp, pageDown
}

extension TextEditingEngine {
    /// Moves the caret, or with `extending` moves the selection's active end.
    ///
    /// Without `extending`, Left and Right on a selection put the caret at
    /// its start or end, as every text editor does.
    ///
    /// - Parameters:
    ///   - motion: Where to.
    ///   - extending: Whether the selection is extended (Shift held).
    public func move(_ motion: TextMotion, extending: Bool = false) {
        let keepsGoal = [.up, .down, .pageUp, .pageDown].contains(motion)
        // Up and Down keep the x where the first of them started.
        goalX = keepsGoal ? (goalX ?? caretX(at: selection.active)) : nil
        var target: TextPosition
        if !extending, !selection.isEmpty, motion == .left || motion == .right {
            target = motion == .left ? selection.lowerBound : selection.upperBound
        } else {
            target = position(after: motion, from: selection.active)
        }
        target = clamp(target)
        canCoalesce = false
        setSelection(TextSelection(anchor: extending ? selection.anchor : target, active: target))
    }

    /// Where a motion takes the caret from `position`.
    ///
    /// - Parameters:
    ///   - motion: The motion.
    ///   - position: Where it starts.
    /// - Returns: The new position.
    public func position(after motion: TextMotion, from position: TextPosition) -> TextPosition {
        let paragraph = position.paragraph
        switch motion {
        case .left, .right:
            return visualStep(from: position, right: motion == .right)
        case .wordLeft, .wordRight:
            // In a right-to-left paragraph, the word on the left is the next one.
            let forward = (motion == .wordRight) != isRightToLeft(paragraph)
            return forward ? wordEnd(after: position) : wordStart(before: position)
        case .lineStart, .lineEnd:
            guard let layout = layoutSource?.layout(forParagraph: paragraph) else {
                return TextPosition(
                    paragraph: paragraph, offset: motion == .lineStart ? 0 : paragraphs[paragraph].utf8.count)
            }
            let line = layout.lines[layout.lineIndex(containing: layoutOffset(position))]
            let end = motion == .lineStart ? line.range.lowerBound : line.range.upperBound
            return TextPosition(paragraph: paragraph, offset: textOffset(end, in: paragraph))
        case .documentStart:
            return .start
        case .documentEnd:
            return endPosition
        case .up, .down:
            return verticalStep(from: position, down: motion == .down, lines: 1)
        case .pageUp, .pageDown:
            return pageStep(from: position, down: motion == .pageDown)
        }
    }

    // MARK: Deleting

    /// Deletes the selection, or else the grapheme cluster before the caret
    /// (at a paragraph's start, the line break before it).
    public func deleteBackward() {
        deleteSelectionOr(kind: .deleteBackward) { caret in
            if caret.offset > 0 {
                let start = TextBoundaries.graphemeStart(in: paragraphs[caret.paragraph], before: caret.offset)
                return TextPosition(paragraph: caret.paragraph, offset: start)
            }
            guard caret.paragraph > 0 else { return nil }
            return TextPosition(paragraph: caret.paragraph - 1, offset: paragraphs[caret.paragraph - 1].utf8.count)
        }
    }

    /// Deletes the selection, or else the grapheme cluster after the caret.
    public func deleteForward() {
        deleteSelectionOr(kind: .deleteForward) { caret in
            let text = paragraphs[caret.paragraph]
            if caret.offset < text.utf8.count {
                return TextPosition(
                    paragraph: caret.paragraph, offset: TextBoundaries.graphemeEnd(in: text, after: caret.offset))
            }
            return caret.paragraph + 1 < paragraphs.count
                ? TextPosition(paragraph: caret.paragraph + 1, offset: 0) : nil
        }
    }

    /// Deletes the selection, or else back to the start of the word before the caret.
    public func deleteWordBackward() {
        deleteSelectionOr(kind: .deleteBackward) { caret in
            let start = wordStart(before: caret)
            return start == caret ? nil : start
        }
    }

    /// Deletes the selection, or else on to the end of the word after the caret.
    public func deleteWordForward() {
        deleteSelectionOr(kind: .deleteForward) { caret in
            let end = wordEnd(after: caret)
            return end == caret ? nil : end
        }
    }

    /// Deletes the selection, or the text between the caret and the position `other` gives.
    private func deleteSelectionOr(kind: EditKind, _ other: (TextPosition) -> TextPosition?) {
        if !selection.isEmpty {
            replace(from: selection.lowerBound, to: selection.upperBound, with: "", kind: .other)
            return
        }
        let caret = selection.active
        guard let end = other(caret) else { return }
        replace(from: min(caret, end), to: max(caret, end), with: "", kind: kind)
    }

    // MARK: Words, lines and pages

    /// The word around a position: its start and end, or the one cluster
    /// there when it is not part of a word.
    public func wordRange(at position: TextPosition) -> (TextPosition, TextPosition) {
        let paragraph = position.paragraph
        let text = paragraphs[paragraph]
        guard !text.isEmpty else { return (position, position) }
        let offset = min(position.offset, TextBoundaries.graphemeStart(in: text, before: text.utf8.count))
        let index = TextBoundaries.characterIndex(in: text, utf8Offset: offset)
        let next = TextBoundaries.graphemeEnd(in: text, after: offset)
        guard TextBoundaries.isWordCharacter(text[index]) else {
            return (
                TextPosition(paragraph: paragraph, offset: offset), TextPosition(paragraph: paragraph, offset: next)
            )
        }
        let start = wordStart(before: TextPosition(paragraph: paragraph, offset: next))
        let end = wordEnd(after: TextPosition(paragraph: paragraph, offset: offset))
        return (start, end)
    }

    func wordStart(before position: TextPosition) -> TextPosition {
        let paragraph = position.paragraph
        if position.offset == 0 {
            guard paragraph > 0 else { return position }
            return TextPosition(paragraph: paragraph - 1, offset: paragraphs[paragraph - 1].utf8.count)
        }
        let start =
            layoutSource.map {
                textOffset($0.layout(forParagraph: paragraph).wordStart(before: layoutOffset(position)), in: paragraph)
            }
            ?? TextBoundaries.wordStart(in: paragraphs[paragraph], before: position.offset)
        return TextPosition(paragraph: paragraph, offset: start)
    }

    func wordEnd(after position: TextPosition) -> TextPosition {
        let paragraph = position.paragraph
        if position.offset >= paragraphs[paragraph].utf8.count {
            guard paragraph + 1 < paragraphs.count else { return position }
            return TextPosition(paragraph: paragraph + 1, offset: 0)
        }
        let end =
            layoutSource.map {
                textOffset($0.layout(forParagraph: paragraph).wordEnd(after: layoutOffset(position)), in: paragraph)
            }
            ?? TextBoundaries.wordEnd(in: paragraphs[paragraph], after: position.offset)
        return TextPosition(paragraph: paragraph, offset: end)
    }

    private func isRightToLeft(_ paragraph: Int) -> Bool {
        layoutSource?.layout(forParagraph: paragraph).lines.first?.isRightToLeft ?? false
    }

    private func layoutOffset(_ position: TextPosition) -> Int {
        layoutSource?.layoutOffset(position.offset, inParagraph: position.paragraph) ?? position.offset
    }

    private func textOffset(_ offset: Int, in paragraph: Int) -> Int {
        layoutSource?.textOffset(offset, inParagraph: paragraph) ?? offset
    }

    /// The caret's x in its paragraph's layout.
    func caretX(at position: TextPosition) -> Double? {
        layoutSource?.layout(forParagraph: position.paragraph).caretRect(at: layoutOffset(position)).minX
    }

    /// One grapheme left or right on screen; past a paragraph's visual end, into the next or previous paragraph.
    private func visualStep(from position: TextPosition, right: Bool) -> TextPosition {
        let paragraph = position.paragraph
        if let layout = layoutSource?.layout(forParagraph: paragraph) {
            if let next = layout.offset(visuallyFrom: layoutOffset(position), direction: right ? .right : .left) {
                return TextPosition(paragraph: paragraph, offset: textOffset(next, in: paragraph))
            }
        } else {
            let text = paragraphs[paragraph]
            if right, position.offset < text.utf8.count {
                return TextPosition(
                    paragraph: paragraph, offset: TextBoundaries.graphemeEnd(in: text, after: position.offset))
            }
            if !right, position.offset > 0 {
                return TextPosition(
                    paragraph: paragraph, offset: TextBoundaries.graphemeStart(in: text, before: position.offset))
            }
        }
        // Past the paragraph's end on screen: forward in the text is right for a left-to-right paragraph.
        if right != isRightToLeft(paragraph) {
            return paragraph + 1 < paragraphs.count ? TextPosition(paragraph: paragraph + 1, offset: 0) : position
        }
        return paragraph > 0
            ? TextPosition(paragraph: paragraph - 1, offset: paragraphs[paragraph - 1].utf8.count) : position
    }

    /// `lines` lines up or down at the goal x; past the first or last line, the start or end of the text.
    private func verticalStep(from position: TextPosition, down: Bool, lines: Int) -> TextPosition {
        guard let source = layoutSource else { return down ? endPosition : .start }
        let x = goalX ?? caretX(at: position) ?? 0
        var paragraph = position.paragraph
        var layout = source.layout(forParagraph: paragraph)
        var line = layout.lineIndex(containing: layoutOffset(position))
        for _ in 0..<max(1, lines) {
            if down {
                if line + 1 < layout.lines.count {
                    line += 1
                } else if paragraph + 1 < paragraphs.count {
                    paragraph += 1
                    layout = source.layout(forParagraph: paragraph)
                    line = 0
                } else {
                    return endPosition
                }
            } else {
                if line > 0 {
                    line -= 1
                } else if paragraph > 0 {
                    paragraph -= 1
                    layout = source.layout(forParagraph: paragraph)
                    line = layout.lines.count - 1
                } else {
                    return .start
                }
            }
        }
        let frame = layout.lines[line].frame
        var offset = layout.offset(nearest: Point(x: x, y: frame.midY))
        // A wrapped line's end is the next line's start: stay on this line.
        if offset == layout.lines[line].range.upperBound, line + 1 < layout.lines.count,
            !layout.lines[line].range.isEmpty
        {
            offset =
                layout.offset(visuallyFrom: offset, direction: layout.lines[line].isRightToLeft ? .right : .left)
                ?? offset
        }
        return TextPosition(paragraph: paragraph, offset: textOffset(offset, in: paragraph))
    }

    /// As many lines as fit in a page, up or down.
    private func pageStep(from position: TextPosition, down: Bool) -> TextPosition {
        guard let source = layoutSource else { return down ? endPosition : .start }
        let layout = source.layout(forParagraph: position.paragraph)
        let lineHeight = max(1, layout.lines.first?.frame.height ?? 16)
        let lines = max(1, Int(source.pageHeight / lineHeight) - 1)
        return verticalStep(from: position, down: down, lines: lines)
    }
}
