/// The caret, selection and marked text as last announced, in Unicode scalars.
struct AnnouncedTextState: Equatable {
    var caret: Int
    var selection: Range<Int>?
    var markedText: String?
}

extension TextEditingControl: AccessibleText {
    /// The text, or one bullet per character with secure entry: a reader never speaks a password.
    public var accessibilityTextContent: String {
        textInputTraits.isSecureTextEntry ? Self.hidden(text) : text
    }

    /// The caret, in Unicode scalars from the start.
    public var accessibilityCaretOffset: Int {
        accessibilityOffset(of: editingEngine.selection.active)
    }

    /// The selection, in Unicode scalars; `nil` for a plain caret.
    public var accessibilitySelection: Range<Int>? {
        let selection = editingEngine.selection
        guard !selection.isEmpty else { return nil }
        return accessibilityOffset(of: selection.lowerBound)..<accessibilityOffset(of: selection.upperBound)
    }

    /// The box of the character at a scalar offset, in window coordinates,
    /// from the paragraph's layout; a line break's box is the caret's there.
    public func accessibilityCharacterFrame(at offset: Int) -> Rect? {
        guard offset >= 0, offset < accessibilityLength else { return nil }
        let start = accessibilityPosition(offset)
        let origin = origin(ofParagraph: start.paragraph)
        let layout = layout(forParagraph: start.paragraph)
        let lower = layoutOffset(start.offset, inParagraph: start.paragraph)
        let end = editingEngine.position(start, movedByScalars: 1)
        var box = layout.caretRect(at: lower)
        if end.paragraph == start.paragraph {
            let upper = layoutOffset(end.offset, inParagraph: start.paragraph)
            let rects = layout.selectionRects(for: lower..<max(lower, upper))
            if let first = rects.first { box = rects.dropFirst().reduce(first) { $0.union($1) } }
        }
        let local = Rect(x: origin.x + box.minX, y: origin.y + box.minY, width: box.width, height: box.height)
        return convert(local, to: nil)
    }

    /// Moves the caret to a scalar offset (rounded to a character).
    public func accessibilitySetCaret(_ offset: Int) -> Bool {
        guard offset >= 0, offset <= accessibilityLength else { return false }
        editingEngine.select(TextSelection(caret: accessibilityPosition(offset)))
        return true
    }

    /// Selects a scalar range (rounded to characters).
    public func accessibilitySetSelection(_ range: Range<Int>) -> Bool {
        guard range.lowerBound >= 0, range.upperBound <= accessibilityLength else { return false }
        editingEngine.select(
            TextSelection(anchor: accessibilityPosition(range.lowerBound), active: accessibilityPosition(range.upperBound)))
        return true
    }

    /// Whether a reader may edit the text: while the control is enabled.
    public var accessibilityIsEditable: Bool { isEnabled }

    /// Inserts text at a scalar offset, as a paste there would.
    public func accessibilityInsert(_ text: String, at offset: Int) -> Bool {
        guard accessibilityIsEditable, offset >= 0, offset <= accessibilityLength else { return false }
        let position = accessibilityPosition(offset)
        edit { editingEngine.replace(from: position, to: position, with: text) }
        return true
    }

    /// Deletes a scalar range as one undo step.
    public func accessibilityDelete(_ range: Range<Int>) -> Bool {
        guard accessibilityIsEditable, range.lowerBound >= 0, range.upperBound <= accessibilityLength else { return false }
        edit { editingEngine.deleteText(from: accessibilityPosition(range.lowerBound), to: accessibilityPosition(range.upperBound)) }
        return true
    }

    /// Replaces the whole text as one undo step.
    public func accessibilitySetText(_ text: String) -> Bool {
        guard accessibilityIsEditable else { return false }
        edit { editingEngine.replace(from: .start, to: editingEngine.endPosition, with: text) }
        return true
    }

    // MARK: Offsets

    /// The text's length in scalars.
    private var accessibilityLength: Int { accessibilityOffset(of: editingEngine.endPosition) }

    private func accessibilityOffset(of position: TextPosition) -> Int { editingEngine.scalarOffset(of: position) }

    private func accessibilityPosition(_ offset: Int) -> TextPosition { editingEngine.position(scalarOffset: offset) }

    /// One bullet per scalar, so offsets stay those of the text.
    static func hidden(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.map { $0 == "\n" ? $0 : "•" }))
    }

    // MARK: Announcing

    /// Announces an edit the engine made: what it removed, then what it inserted.
    func announceReplacement(at offset: Int, removed: String, inserted: String) {
        guard let application = accessibilityObserver else { return }
        let secure = textInputTraits.isSecureTextEntry
        if !removed.isEmpty {
            application.postAccessibilityEvent(.textDeleted(self, offset: offset, text: secure ? Self.hidden(removed) : removed))
        }
        if !inserted.isEmpty {
            application.postAccessibilityEvent(.textInserted(self, offset: offset, text: secure ? Self.hidden(inserted) : inserted))
        }
    }

    /// Announces what changed of the caret, the selection and the marked text since last time.
    @inline(never)
    func announceSelection() {
        guard let application = accessibilityObserver else { return }
        let now = AnnouncedTextState(
            caret: accessibilityCaretOffset, selection: accessibilitySelection, markedText: editingEngine.markedText)
        let before = announcedTextState
        announcedTextState = now
        if now.markedText != before?.markedText { application.postAccessibilityEvent(.markedTextChanged(self)) }
        if now.selection != before?.selection { application.postAccessibilityEvent(.selectionChanged(self)) }
        if now.caret != before?.caret { application.postAccessibilityEvent(.caretMoved(self, offset: now.caret)) }
    }
}
