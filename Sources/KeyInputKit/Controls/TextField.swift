/// A single-line text field: the reference control that shows custom-control
/// authors how to use first responder, ``KeyInput``, marked text and traits.
///
/// Editing — caret, selection, motions, undo, the pointer, the clipboard —
/// comes from ``TextEditingControl``; a field keeps its text on one line
/// and scrolls it sideways to keep the caret in view.
///
/// - Typing reaches it from any hardware layout (dead keys and compose shown
///   as marked text) or from the on-screen keyboard its traits choose.
/// - Return does what ``TextInputTraits/returnKeyType`` says: the next
///   field, resign (``Control/Event/editingDidEndOnExit``), or
///   ``Control/Event/primaryActionTriggered``. Line breaks pasted in are left out.
/// - A click places the caret and sends ``Control/Event/pointerUpInside``,
///   never ``Control/Event/primaryActionTriggered``: clicking into a search
///   field does not search.
/// - Secure entry shows one bullet per character and refuses copy and cut.
/// - A double click selects a word and never dismisses the keyboard; a
///   triple click selects all.
@MainActor
open class TextField: TextEditingControl {
    /// Creates a text field.
    ///
    /// - Parameters:
    ///   - frame: The field's frame.
    ///   - placeholder: Shown in grey while the field is empty.
    ///   - traits: Keyboard type, Return key, secure entry…
    public init(frame: Rect = .zero, placeholder: String = "", traits: TextInputTraits = TextInputTraits()) {
        super.init(frame: frame, allowsLineBreaks: false)
        self.placeholder = placeholder
        self.textInputTraits = traits
    }

    /// Inserts text at the caret, replacing the selection; line breaks are
    /// left out, and Return alone triggers ``Control/Event/primaryActionTriggered``.
    ///
    /// - Parameter inserted: The text typed or pasted.
    open override func insertText(_ inserted: String) {
        if inserted == "\n" {
            // A single line: Return never inserts; it triggers the field's action.
            sendActions(for: .primaryActionTriggered)
            return
        }
        super.insertText(inserted)
    }
}
