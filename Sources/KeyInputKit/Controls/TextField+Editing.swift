extension TextField {
    /// What the field shows: the text (bullets for secure entry) with the
    /// marked text at the caret.
    public var displayText: String {
        let visible = textInputTraits.isSecureTextEntry ? String(repeating: "•", count: text.count) : text
        guard let markedText else { return visible }
        let index = visible.index(visible.startIndex, offsetBy: min(caret, visible.count))
        return String(visible[..<index]) + markedText + String(visible[index...])
    }

    /// Up to 64 characters before the caret, which smart quotes and dashes
    /// and the on-screen keyboard's automatic Shift read; `nil` while text
    /// is selected (typing replaces it), so that nothing is transformed then.
    public var documentContextBeforeInput: String? {
        guard selection?.isEmpty ?? true else { return nil }
        let text = self.text
        let end = caret >= characterCount ? text.endIndex : text.index(text.startIndex, offsetBy: caret)
        let start = text.index(end, offsetBy: -min(caret, 64), limitedBy: text.startIndex) ?? text.startIndex
        return String(text[start..<end])
    }

    /// The selected text, or `nil`.
    public var selectedText: String? {
        guard let selection, !selection.isEmpty else { return nil }
        return String(Array(text)[selection])
    }

    /// Selects all text.
    public func selectAll() {
        selection = text.isEmpty ? nil : 0..<text.count
        caret = text.count
        setNeedsDisplay()
    }

    /// The character position nearest to a point in the field.
    ///
    /// - Parameter point: A point in the field's coordinates.
    /// - Returns: A position from 0 to the text's character count.
    public func characterIndex(at point: Point) -> Int {
        let index = Int((point.x - 4) / characterWidth + 0.5)
        return min(max(index, 0), text.count)
    }

    /// Selects the word around a character position (or the one character
    /// there, when it is not part of a word).
    ///
    /// - Parameter position: A character position.
    public func selectWord(at position: Int) {
        let characters = Array(text)
        guard !characters.isEmpty else { return }
        var start = min(position, characters.count - 1)
        var end = start
        let isWord: (Character) -> Bool = { $0.isLetter || $0.isNumber }
        guard isWord(characters[start]) else {
            selection = start..<(start + 1)
            setNeedsDisplay()
            return
        }
        while start > 0, isWord(characters[start - 1]) { start -= 1 }
        while end < characters.count, isWord(characters[end]) { end += 1 }
        selection = start..<end
        caret = end
        setNeedsDisplay()
    }

    /// Puts the caret at a position (clamped to the text) and clears the selection.
    func moveCaret(to position: Int) {
        caret = min(max(position, 0), text.count)
        selection = nil
        setNeedsDisplay()
    }

    /// Replaces the selection, or inserts at the caret when there is none.
    func replaceSelection(with string: String) {
        if let selection, !selection.isEmpty {
            replace(selection, with: string)
        } else {
            replace(caret..<caret, with: string)
        }
    }

    /// Replaces a range of characters and puts the caret after the new ones.
    func replace(_ range: Range<Int>, with string: String) {
        if range.upperBound >= characterCount, range.lowerBound >= 0 {
            replaceEnd(from: min(range.lowerBound, characterCount), with: string)
            return
        }
        var characters = Array(text)
        let lower = min(range.lowerBound, characters.count), upper = min(range.upperBound, characters.count)
        characters.replaceSubrange(lower..<upper, with: Array(string))
        let newCaret = lower + string.count
        // The caret moves first, so the window sees it in place when the text changes.
        caret = newCaret
        text = String(characters)
        caret = min(newCaret, text.count)
        selection = nil
        sendActions(for: .editingChanged)
    }

    /// Replaces the characters from `lower` to the end — typing and
    /// BackSpace at the end of the text — in place, in time that does not
    /// grow with the text: the same result as ``replace(_:with:)``'s general
    /// path, which copies the whole text.
    private func replaceEnd(from lower: Int, with string: String) {
        // `text` read once (each read is a dynamic call), and let go before the
        // edit so that the edit happens in place.
        let (start, count, inserted) = Self.endEdit(of: text, characterCount: characterCount, from: lower, with: string)
        editedCharacterCount = count
        caret = min(lower + inserted, count)
        if lower == characterCount {
            text.append(string)
        } else {
            text.replaceSubrange(start..., with: string)
        }
        caret = min(lower + inserted, count)
        selection = nil
        sendActions(for: .editingChanged)
    }

    /// Where an edit replacing the characters of `text` from `lower` to the
    /// end starts, how many characters the text has after it, and how many
    /// `string` has.
    private static func endEdit(
        of text: String, characterCount: Int, from lower: Int, with string: String
    ) -> (start: String.Index, count: Int, inserted: Int) {
        let start = lower == characterCount ? text.endIndex : text.index(text.endIndex, offsetBy: lower - characterCount)
        guard !string.isEmpty else { return (start, lower, 0) }
        // The common keystroke, without counting graphemes: one ASCII scalar
        // other than CR and LF, after an ASCII scalar or at the start. No
        // grapheme rule joins two such scalars (only CR × LF joins two ASCII
        // ones), so it adds exactly one character.
        let utf8 = string.utf8
        if utf8.count == 1, let byte = utf8.first, byte < 0x80, byte != 0x0D, byte != 0x0A,
            lower == 0 || text.utf8[text.utf8.index(before: start)] < 0x80
        {
            return (start, lower + 1, 1)
        }
        let inserted = string.count
        // Appending can join the last character kept with the first one
        // added (e + U+0301 → é): count the seam, not the whole text.
        let added = lower > 0 ? (String(text[text.index(before: start)]) + string).count - 1 : inserted
        return (start, lower + added, inserted)
    }
}
