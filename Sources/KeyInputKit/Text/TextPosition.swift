/// A place in editable text: a paragraph and a UTF-8 offset inside it.
///
/// Text is kept as paragraphs (split at `"\n"`), so that an edit touches
/// one paragraph and a position is found without walking the whole text.
/// Offsets are on grapheme-cluster boundaries. Positions order as they
/// appear in the text.
public struct TextPosition: Hashable, Comparable, Sendable {
    /// The paragraph's index, from 0.
    public var paragraph: Int
    /// The UTF-8 offset inside the paragraph's text.
    public var offset: Int

    /// Creates a position.
    ///
    /// - Parameters:
    ///   - paragraph: The paragraph's index.
    ///   - offset: A UTF-8 offset in that paragraph.
    public init(paragraph: Int, offset: Int) {
        self.paragraph = paragraph
        self.offset = offset
    }

    /// The start of the text.
    public static let start = TextPosition(paragraph: 0, offset: 0)

    public static func < (lhs: TextPosition, rhs: TextPosition) -> Bool {
        (lhs.paragraph, lhs.offset) < (rhs.paragraph, rhs.offset)
    }
}

/// The selection: where it started (``anchor``) and the end that moves
/// (``active``, where the caret is drawn). Equal ends are a plain caret.
///
/// Shift with a motion moves ``active`` and keeps ``anchor``; a motion
/// without Shift puts both at the new place.
public struct TextSelection: Hashable, Sendable {
    /// The end that stays when the selection is extended.
    public var anchor: TextPosition
    /// The end that moves, where the caret is.
    public var active: TextPosition

    /// Creates a selection from `anchor` to `active`.
    public init(anchor: TextPosition, active: TextPosition) {
        self.anchor = anchor
        self.active = active
    }

    /// A caret at `position`, nothing selected.
    public init(caret position: TextPosition) {
        self.init(anchor: position, active: position)
    }

    /// The earlier end.
    public var lowerBound: TextPosition { min(anchor, active) }
    /// The later end.
    public var upperBound: TextPosition { max(anchor, active) }
    /// Whether nothing is selected (just a caret).
    public var isEmpty: Bool { anchor == active }
}
