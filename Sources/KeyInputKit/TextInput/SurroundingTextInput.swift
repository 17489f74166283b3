/// The text around the caret that an input method reads, with the caret
/// and the selection's other end in it, in Unicode scalars (code points).
public struct SurroundingText: Hashable, Sendable {
    /// The caret's paragraph, or the part of it around the caret when it is long.
    public var text: String
    /// Where the caret is in ``text``, in Unicode scalars.
    public var cursor: Int
    /// Where the selection's other end is in ``text`` (equal to ``cursor``
    /// when nothing is selected), in Unicode scalars; a selection reaching
    /// outside ``text`` is cut at its ends.
    public var anchor: Int

    /// Creates surrounding text.
    ///
    /// - Parameters:
    ///   - text: The text around the caret.
    ///   - cursor: The caret's position in `text`, in Unicode scalars.
    ///   - anchor: The selection's other end, in Unicode scalars; the caret's position when omitted.
    public init(text: String, cursor: Int, anchor: Int? = nil) {
        self.text = text
        self.cursor = cursor
        self.anchor = anchor ?? cursor
    }

    /// How many Unicode scalars a responder gives at most: about half before the caret, half after.
    public static let limit = 4000
}

/// Text entry that lets an input method read and delete the text around
/// the caret, as Thai, Vietnamese and some Indic engines do.
///
/// An input method counts in Unicode scalars (code points), not in the
/// characters (grapheme clusters) that ``KeyInput/deleteBackward()`` removes:
/// an engine that typed `e` and then U+0302 may take back the U+0302 alone.
/// A responder that adopts only ``KeyInput`` gives the text before the
/// caret (``KeyInput/documentContextBeforeInput``) and can delete only text
/// that ends at the caret, one ``KeyInput/deleteBackward()`` per scalar.
/// ``TextField`` and ``TextView`` adopt it.
@MainActor
public protocol SurroundingTextInput: KeyInput {
    /// The caret's paragraph, up to ``SurroundingText/limit`` scalars around
    /// the caret, without any marked text; `nil` when it must not be read (secure entry).
    var surroundingText: SurroundingText? { get }
    /// Deletes `count` Unicode scalars starting `offset` scalars after the
    /// caret (before it when negative), as one undo step.
    ///
    /// The range is clamped to the text; a line break counts one scalar.
    /// Text after the range keeps its place relative to the caret: deleting
    /// before the caret moves the caret back with the text.
    ///
    /// - Parameters:
    ///   - offset: Where the range starts, in scalars from the caret.
    ///   - count: How many scalars to delete.
    func deleteSurroundingText(offset: Int, count: Int)
}
