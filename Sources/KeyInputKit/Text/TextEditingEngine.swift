/// The editing engine behind ``TextField`` and ``TextView``: the text, the
/// selection, marked text, caret motions and undo.
///
/// The text is stored as paragraphs (``paragraphs``, split at `"\n"`);
/// positions are a paragraph and a UTF-8 offset in it (``TextPosition``).
/// A keystroke edits one paragraph in place, so its cost does not grow
/// with the length of the whole text: nothing counts the characters of
/// the text, and a view that keeps one layout per paragraph relays out
/// only the paragraph edited (``paragraphsDidChange``).
///
/// Motions that depend on how text is shown — visual left and right in
/// right-to-left runs, words, lines, Up and Down — ask the
/// ``layoutSource`` for the paragraph's ``TextLayout``.
///
/// Deleting works on whole grapheme clusters in both directions:
/// BackSpace after `e` + U+0301 removes both. (GTK removes only the last
/// code point on BackSpace for some scripts; one rule for every script is
/// easier to predict, and it is what UIKit and most editors do.)
@MainActor
public final class TextEditingEngine {
    /// The paragraphs, without their line breaks; an empty text has one empty paragraph.
    // `@exclusivity(unchecked)`: read and written on every keystroke (main actor only).
    @exclusivity(unchecked) public private(set) var paragraphs: [String] = [""]
    /// The selection, or the caret when it is empty.
    @exclusivity(unchecked) public private(set) var selection = TextSelection(caret: .start)
    /// The compose sequence (or input method text) in progress, shown at the caret.
    @exclusivity(unchecked) public private(set) var markedText: String?
    /// Counts the changes of the text (typing, deleting, pasting, undo, setting
    /// ``text``): a cheap way to tell whether the text changed since it was last read.
    @exclusivity(unchecked) public private(set) var textRevision = 0
    /// The length of the whole text in UTF-8 bytes, a line break counting one;
    /// kept up to date by each edit, so reading it costs nothing.
    @exclusivity(unchecked) public private(set) var utf8Count = 0
    /// Whether line breaks may be typed or pasted; `false` for a single-line field,
    /// which leaves them out.
    @exclusivity(unchecked) public var allowsLineBreaks: Bool
    /// Gives the layouts that motions use; without one, motions go by
    /// characters and paragraphs of the text itself.
    public weak var layoutSource: TextLayoutSource?

    /// Called after an edit with the range of paragraphs it replaced (old
    /// indices) and how many paragraphs stand there now.
    @exclusivity(unchecked) public var paragraphsDidChange: (@MainActor (_ replaced: Range<Int>, _ count: Int) -> Void)?
    /// Called instead of ``paragraphsDidChange`` when an edit only added
    /// text at the end of one paragraph (the common keystroke), with the
    /// paragraph and the text added; when it is `nil`, ``paragraphsDidChange`` is called.
    @exclusivity(unchecked) public var paragraphDidGrow: (@MainActor (_ paragraph: Int, _ appended: String) -> Void)?
    /// While ``paragraphsDidChange`` or ``paragraphDidGrow`` runs for an edit
    /// inside one paragraph: how many UTF-8 bytes at its start and at its end
    /// the edit left as they were (a view lays out again only what lies between).
    @exclusivity(unchecked) var inPlaceEdit: (unchangedPrefix: Int, unchangedSuffix: Int)?
    /// Called after the selection or the marked text changed, and after every edit.
    @exclusivity(unchecked) public var selectionDidChange: (@MainActor () -> Void)?
    /// Called after an edit, while someone observes accessibility, with where
    /// it happened (in Unicode scalars), the text it removed and the text it inserted.
    var textDidReplace: (@MainActor (_ scalarOffset: Int, _ removed: String, _ inserted: String) -> Void)?

    /// The x position Up and Down keep, while they repeat.
    var goalX: Double?
    /// Whether edits are kept for undo: `false` keeps none and forgets those kept (a secure
    /// field's text must not stay in memory, or come back with Undo, once it is deleted).
    @exclusivity(unchecked) public var keepsUndoHistory = true {
        didSet { if !keepsUndoHistory { forgetUndoHistory() } }
    }
    /// Undo and redo steps.
    @exclusivity(unchecked) var undoStack: [UndoStep] = []
    @exclusivity(unchecked) var redoStack: [UndoStep] = []
    /// Whether the next typing or deletion may join the last undo step.
    @exclusivity(unchecked) var canCoalesce = false
    /// Whether the last undo step is a run of typing whose text is still to be read (``sealTypingRun()``).
    @exclusivity(unchecked) var typingRunIsPending = false

    /// Creates an engine holding `text`, with the caret at its end.
    ///
    /// - Parameters:
    ///   - text: The text to start with.
    ///   - allowsLineBreaks: Whether the text may hold line breaks.
    public init(text: String = "", allowsLineBreaks: Bool = true) {
        self.allowsLineBreaks = allowsLineBreaks
        setText(text)
    }

    // MARK: Text

    /// The whole text, paragraphs joined by `"\n"`.
    ///
    /// Reading it joins the paragraphs (time grows with the text). Setting
    /// it replaces the text, puts the caret at the end, ends marked text,
    /// and forgets undo.
    public var text: String {
        get { paragraphs.count == 1 ? paragraphs[0] : paragraphs.joined(separator: "\n") }
        set { setText(newValue) }
    }

    private func setText(_ newValue: String) {
        let old = paragraphs.count
        let announced = accessibilityIsObserved && textDidReplace != nil ? text : nil
        paragraphs = Self.split(allowsLineBreaks ? newValue : Self.singleLine(newValue))
        textRevision &+= 1
        utf8Count = paragraphs.reduce(paragraphs.count - 1) { $0 + $1.utf8.count }
        if let announced, let textDidReplace { textDidReplace(0, announced, text) }
        undoStack.removeAll()
        redoStack.removeAll()
        typingRunIsPending = false
        markedText = nil
        goalX = nil
        canCoalesce = false
        paragraphsDidChange?(0..<old, paragraphs.count)
        setSelection(TextSelection(caret: endPosition), force: true)
    }

    /// Whether there is any text.
    public var hasText: Bool { paragraphs.count > 1 || !paragraphs[0].isEmpty }

    /// The end of the text.
    public var endPosition: TextPosition {
        TextPosition(paragraph: paragraphs.count - 1, offset: paragraphs[paragraphs.count - 1].utf8.count)
    }

    /// The text between two positions, line breaks included.
    ///
    /// - Parameters:
    ///   - lower: The first position.
    ///   - upper: The last position, not before `lower`.
    public func text(from lower: TextPosition, to upper: TextPosition) -> String {
        text(unroundedFrom: clamp(lower), to: clamp(upper))
    }

    /// The text between two positions on scalar boundaries inside the text, not rounded to characters.
    func text(unroundedFrom lower: TextPosition, to upper: TextPosition) -> String {
        guard lower < upper else { return "" }
        if lower.paragraph == upper.paragraph {
            return String(Self.slice(paragraphs[lower.paragraph], lower.offset, upper.offset))
        }
        var pieces = [String(Self.slice(paragraphs[lower.paragraph], lower.offset, nil))]
        for index in (lower.paragraph + 1)..<upper.paragraph { pieces.append(paragraphs[index]) }
        pieces.append(String(Self.slice(paragraphs[upper.paragraph], 0, upper.offset)))
        return pieces.joined(separator: "\n")
    }

    /// The selected text, or `nil` when nothing is selected.
    public var selectedText: String? {
        selection.isEmpty ? nil : text(from: selection.lowerBound, to: selection.upperBound)
    }

    // MARK: Offsets in the whole text

    /// The UTF-8 offset of a position in the whole text (line breaks count
    /// one byte); time grows with the paragraph's index, not the text.
    public func utf8Offset(of position: TextPosition) -> Int {
        var offset = 0
        for index in 0..<min(position.paragraph, paragraphs.count) { offset += paragraphs[index].utf8.count + 1 }
        return offset + position.offset
    }

    /// The position of a UTF-8 offset in the whole text, moved back to a
    /// grapheme boundary; offsets past the end give the end.
    public func position(utf8Offset offset: Int) -> TextPosition {
        var remaining = max(0, offset)
        for (index, paragraph) in paragraphs.enumerated() {
            let count = paragraph.utf8.count
            if remaining <= count { return clamp(TextPosition(paragraph: index, offset: remaining)) }
            remaining -= count + 1
        }
        return endPosition
    }

    /// A position inside the text, on a grapheme boundary (rounded down).
    public func clamp(_ position: TextPosition) -> TextPosition {
        let paragraph = min(max(0, position.paragraph), paragraphs.count - 1)
        let text = paragraphs[paragraph]
        let utf8 = text.utf8
        let offset = min(max(0, position.offset), utf8.count)
        if offset == 0 || offset == utf8.count { return TextPosition(paragraph: paragraph, offset: offset) }
        // Between two ASCII scalars other than CR and LF: always a boundary (no grapheme rule joins them).
        let after = utf8[utf8.index(utf8.startIndex, offsetBy: offset)]
        let before = utf8[utf8.index(utf8.startIndex, offsetBy: offset - 1)]
        if after < 0x80, before < 0x80, before != 0x0D { return TextPosition(paragraph: paragraph, offset: offset) }
        let index = TextBoundaries.characterIndex(in: text, utf8Offset: offset)
        return TextPosition(paragraph: paragraph, offset: text.utf8.distance(from: text.utf8.startIndex, to: index))
    }

    // MARK: Selection

    /// Selects from `anchor` to `active` (each clamped to the text), ending
    /// a run of typing for undo and forgetting the column Up and Down keep.
    ///
    /// - Parameter selection: The new selection.
    public func select(_ selection: TextSelection) {
        goalX = nil
        canCoalesce = false
        setSelection(TextSelection(anchor: clamp(selection.anchor), active: clamp(selection.active)))
    }

    /// Selects the whole text.
    public func selectAll() { select(TextSelection(anchor: .start, active: endPosition)) }

    /// Sets the selection and tells ``selectionDidChange``; after an edit (`force`) even when it stayed.
    func setSelection(_ new: TextSelection, force: Bool = false) {
        guard force || new != selection else { return }
        selection = new
        selectionDidChange?()
    }

    /// Shows `text` as marked text at the caret, or ends it with `nil`.
    ///
    /// - Parameter text: The compose sequence or input method text; empty counts as `nil`.
    public func setMarkedText(_ text: String?) {
        let new = text?.isEmpty == true ? nil : text
        guard new != markedText else { return }
        markedText = new
        selectionDidChange?()
    }

    // MARK: Editing

    /// What kind of edit a change is, for undo: runs of typing and of
    /// deleting in one direction are one step each.
    public enum EditKind: Hashable, Sendable {
        /// Typed text: a run of it, without moving the caret between, is one step.
        case typing
        /// BackSpace: a run of it is one step.
        case deleteBackward
        /// Delete: a run of it is one step.
        case deleteForward
        /// Cut, paste, drop, or a change from code: always a step of its own.
        case other
    }

    /// Inserts text at the caret, replacing the selection.
    ///
    /// - Parameters:
    ///   - string: The text typed or pasted; line breaks are left out when
    ///     ``allowsLineBreaks`` is `false`.
    ///   - kind: `.typing` (the default) joins a run of typing for undo;
    ///     `.other` makes a step of its own (a paste).
    public func insertText(_ string: String, kind: EditKind = .typing) {
        replace(from: selection.lowerBound, to: selection.upperBound, with: string, kind: kind)
    }

    /// Replaces the text between two positions and puts the caret after the new text.
    ///
    /// - Parameters:
    ///   - lower: Where the replaced text starts.
    ///   - upper: Where it ends.
    ///   - string: The new text.
    ///   - kind: What kind of edit it is, for undo.
    public func replace(from lower: TextPosition, to upper: TextPosition, with string: String, kind: EditKind = .other)
    {
        let isCaret = lower == upper  // typing: one clamp
        let lower = clamp(lower)
        let upper = isCaret ? lower : max(lower, clamp(upper))
        let breaks = Self.hasLineBreak(string)
        let string = !breaks ? string : allowsLineBreaks ? Self.normalizedLineBreaks(string) : Self.singleLine(string)
        guard lower != upper || !string.isEmpty else { return }
        let before = selection
        let removed = lower == upper ? "" : text(from: lower, to: upper)
        if typingRunIsPending, !keepsTypingRun(from: lower, to: upper) { sealTypingRun() }
        let end = apply(from: lower, to: upper, with: string, hasLineBreak: breaks && allowsLineBreaks)
        record(
            UndoStep(
                start: lower, removed: removed, inserted: string, selectionBefore: before,
                selectionAfter: TextSelection(caret: end), kind: kind),
            insertsLineBreak: breaks && allowsLineBreaks)
        goalX = nil
        setSelection(TextSelection(caret: end), force: true)
    }

    /// Replaces text without recording undo; returns the caret after the new text.
    @discardableResult
    func apply(
        from lower: TextPosition, to upper: TextPosition, with string: String, hasLineBreak: Bool? = nil
    ) -> TextPosition {
        if _slowPath(accessibilityIsObserved) {
            return announcingApply(from: lower, to: upper, with: string, hasLineBreak: hasLineBreak)
        }
        return replaceParagraphs(from: lower, to: upper, with: string, hasLineBreak: hasLineBreak)
    }

    /// ``apply(from:to:with:hasLineBreak:)`` while someone observes accessibility:
    /// kept apart so that typing without an observer pays one test.
    @inline(never)
    private func announcingApply(
        from lower: TextPosition, to upper: TextPosition, with string: String, hasLineBreak: Bool?
    ) -> TextPosition {
        guard let textDidReplace else {
            return replaceParagraphs(from: lower, to: upper, with: string, hasLineBreak: hasLineBreak)
        }
        let offset = scalarOffset(of: lower)
        let removed = text(unroundedFrom: lower, to: upper)
        let end = replaceParagraphs(from: lower, to: upper, with: string, hasLineBreak: hasLineBreak)
        textDidReplace(offset, removed, string)
        return end
    }

    /// Replaces the text between two positions in the paragraphs; returns the caret after the new text.
    private func replaceParagraphs(
        from lower: TextPosition, to upper: TextPosition, with string: String, hasLineBreak: Bool?
    ) -> TextPosition {
        let first = lower.paragraph
        textRevision &+= 1
        if lower.paragraph == upper.paragraph, !(hasLineBreak ?? Self.hasLineBreak(string)) {
            let added = string.utf8.count
            utf8Count = utf8Count &+ added &- (upper.offset &- lower.offset)
            let length = paragraphs[first].utf8.count
            inPlaceEdit = (lower.offset, length &- upper.offset)
            defer { inPlaceEdit = nil }
            // The common keystroke: in place, in one paragraph; at its end, an append (half the cost).
            if lower.offset == upper.offset, lower.offset == length {
                paragraphs[first] += string
                if let paragraphDidGrow {
                    paragraphDidGrow(first, string)
                } else {
                    paragraphsDidChange?(first..<(first + 1), 1)
                }
            } else {
                let range = Self.range(in: paragraphs[first], lower.offset, upper.offset)
                paragraphs[first].replaceSubrange(range, with: string)
                paragraphsDidChange?(first..<(first + 1), 1)
            }
            let caret = TextPosition(paragraph: first, offset: lower.offset + added)
            return clamp(caret)
        }
        let prefix = Self.slice(paragraphs[first], 0, lower.offset)
        let suffix = Self.slice(paragraphs[upper.paragraph], upper.offset, nil)
        var pieces = Self.split(string)
        let lastLength = pieces[pieces.count - 1].utf8.count + (pieces.count == 1 ? lower.offset : 0)
        pieces[0] = String(prefix) + pieces[0]
        pieces[pieces.count - 1] += suffix
        // As long as the edit: the paragraphs replaced and those replacing them, with their breaks.
        let removedLength = paragraphs[first...upper.paragraph].reduce(upper.paragraph - first) { $0 + $1.utf8.count }
        utf8Count += pieces.reduce(pieces.count - 1) { $0 + $1.utf8.count } - removedLength
        paragraphs.replaceSubrange(first...upper.paragraph, with: pieces)
        paragraphsDidChange?(first..<(upper.paragraph + 1), pieces.count)
        return clamp(TextPosition(paragraph: first + pieces.count - 1, offset: lastLength))
    }

    /// Where text ends when inserted at `start`.
    nonisolated static func end(of string: String, insertedAt start: TextPosition) -> TextPosition {
        var breaks = 0
        var afterLastBreak = 0
        for byte in string.utf8 {
            if byte == UInt8(ascii: "\n") {
                breaks += 1
                afterLastBreak = 0
            } else {
                afterLastBreak += 1
            }
        }
        return breaks == 0
            ? TextPosition(paragraph: start.paragraph, offset: start.offset + afterLastBreak)
            : TextPosition(paragraph: start.paragraph + breaks, offset: afterLastBreak)
    }

    // MARK: String helpers
    // `nonisolated`, like `end(of:insertedAt:)` above: plain string work, whose closures would
    // otherwise check on every call that they run on the main actor (~220 instructions a keystroke each).

    nonisolated static func hasLineBreak(_ string: String) -> Bool {
        string.utf8.contains { $0 == UInt8(ascii: "\n") || $0 == UInt8(ascii: "\r") }
    }

    nonisolated static func isLineBreak(_ character: Character) -> Bool {
        character == "\n" || character == "\r\n" || character == "\r"
    }

    /// `"\r\n"` and `"\r"` as `"\n"`.
    nonisolated static func normalizedLineBreaks(_ string: String) -> String {
        guard string.utf8.contains(UInt8(ascii: "\r")) else { return string }
        return String(string.map { isLineBreak($0) ? "\n" : $0 })
    }

    /// Paragraphs of a text: split at `"\n"`, `"\r\n"` and `"\r"`.
    nonisolated static func split(_ string: String) -> [String] {
        guard hasLineBreak(string) else { return [string] }
        return string.split(omittingEmptySubsequences: false, whereSeparator: isLineBreak).map(String.init)
    }

    /// The text with its line breaks left out.
    nonisolated static func singleLine(_ string: String) -> String {
        hasLineBreak(string) ? String(string.filter { !isLineBreak($0) }) : string
    }

    nonisolated static func range(in text: String, _ lower: Int, _ upper: Int?) -> Range<String.Index> {
        let utf8 = text.utf8
        let start = utf8.index(utf8.startIndex, offsetBy: min(lower, utf8.count))
        let end = upper.map { utf8.index(utf8.startIndex, offsetBy: min($0, utf8.count)) } ?? text.endIndex
        return start..<max(start, end)
    }

    nonisolated static func slice(_ text: String, _ lower: Int, _ upper: Int?) -> Substring {
        text[range(in: text, lower, upper)]
    }
}
