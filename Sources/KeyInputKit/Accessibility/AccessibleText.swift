/// The text of a node: its content, caret and selection, and — when it can
/// be edited — the edits a reader may make.
///
/// Offsets count Unicode scalars, as AT-SPI2 counts characters; a line
/// break counts one.
@MainActor
public protocol AccessibleText: AnyObject {
    /// The whole text (without marked text in progress).
    var accessibilityTextContent: String { get }
    /// Where the caret is, in scalars from the start.
    var accessibilityCaretOffset: Int { get }
    /// The selected range in scalars, or `nil` when nothing is selected.
    var accessibilitySelection: Range<Int>? { get }
    /// Where the character at `offset` shows, in window coordinates, or `nil` past the end.
    ///
    /// - Parameter offset: A scalar offset.
    /// - Returns: The character's box in window coordinates.
    func accessibilityCharacterFrame(at offset: Int) -> Rect?
    /// Moves the caret.
    ///
    /// - Parameter offset: The new caret, in scalars.
    /// - Returns: Whether the caret could move there.
    func accessibilitySetCaret(_ offset: Int) -> Bool
    /// Selects a range.
    ///
    /// - Parameter range: The range, in scalars.
    /// - Returns: Whether it could be selected.
    func accessibilitySetSelection(_ range: Range<Int>) -> Bool
    /// Whether the text can be edited (the EditableText interface applies).
    var accessibilityIsEditable: Bool { get }
    /// Inserts text.
    ///
    /// - Parameters:
    ///   - text: The text to insert.
    ///   - offset: Where, in scalars.
    /// - Returns: Whether the text was inserted.
    func accessibilityInsert(_ text: String, at offset: Int) -> Bool
    /// Deletes a range.
    ///
    /// - Parameter range: The range, in scalars.
    /// - Returns: Whether it was deleted.
    func accessibilityDelete(_ range: Range<Int>) -> Bool
    /// Replaces the whole text.
    ///
    /// - Parameter text: The new text.
    /// - Returns: Whether it was replaced.
    func accessibilitySetText(_ text: String) -> Bool
}
