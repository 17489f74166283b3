import KeyInputKit

/// What the compositor's input method sent between two `done` events of
/// text-input-v3, and the window events it makes, in the protocol's order.
package struct TextInputBatch: Sendable {
    /// The new preedit (`preedit_string`); empty for none.
    package var preedit = ""
    /// The preedit's caret or highlighted part, in UTF-8 bytes; `-1, -1` hides the caret.
    package var preeditCursor: (begin: Int32, end: Int32) = (0, 0)
    /// The text to insert (`commit_string`).
    package var commit = ""
    /// Bytes to delete before and after the caret (`delete_surrounding_text`).
    package var delete: (before: UInt32, after: UInt32) = (0, 0)

    /// Creates an empty batch: what `done` applies when nothing else came.
    package init() {}

    /// The events for the window, in the order `done` requires: the shown
    /// preedit goes (when text is deleted or committed), the surrounding
    /// text is deleted, the commit is inserted, then the new preedit is shown.
    ///
    /// - Parameters:
    ///   - showsPreedit: Whether a preedit is shown now.
    ///   - surroundingText: The text last sent, which the deletion's byte counts refer to.
    /// - Returns: The events; empty when the batch changes nothing.
    package func events(showsPreedit: Bool, surroundingText: TextInputSurroundingText?) -> [InputMethodEvent] {
        var events: [InputMethodEvent] = []
        var preeditShown = showsPreedit
        let deletes = delete.before > 0 || delete.after > 0
        if preeditShown, deletes || !commit.isEmpty {
            events.append(.preedit("", MarkedTextAttributes()))
            preeditShown = false
        }
        if deletes {
            if let surroundingText {
                let count = surroundingText.scalars(before: Int(delete.before), after: Int(delete.after))
                if count.before + count.after > 0 {
                    events.append(.deleteSurrounding(offset: -count.before, count: count.before + count.after))
                }
            } else {
                WaylandTextInput.logger.warning(
                    "the input method asked to delete text around the caret before it was told any; ignored",
                    metadata: ["before": "\(delete.before)", "after": "\(delete.after)"])
            }
        }
        if !commit.isEmpty { events.append(.commit(commit)) }
        if !preedit.isEmpty || preeditShown { events.append(.preedit(preedit, preeditAttributes)) }
        return events
    }

    /// The preedit's caret (`begin == end`) or highlighted part (`begin < end`),
    /// clamped to the text; a hidden caret is shown at the end.
    package var preeditAttributes: MarkedTextAttributes {
        let length = preedit.utf8.count
        guard preeditCursor.begin >= 0, preeditCursor.end >= 0 else { return MarkedTextAttributes() }
        let begin = min(Int(preeditCursor.begin), length)
        let end = min(max(Int(preeditCursor.end), begin), length)
        guard begin < end else { return MarkedTextAttributes(caret: begin) }
        return MarkedTextAttributes(segments: [.init(range: begin..<end, style: .highlight)], caret: end)
    }
}
