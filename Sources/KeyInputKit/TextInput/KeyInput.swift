/// Simple text entry for any responder (UIKit's `UIKeyInput`).
///
/// Adopt it in a responder that can become first responder, and typing
/// reaches it: text from the hardware keyboard (any layout, dead keys,
/// compose) or the on-screen keyboard arrives through ``insertText(_:)``
/// and ``deleteBackward()``.
@MainActor
public protocol KeyInput: AnyObject {
    /// Whether there is any text to delete.
    var hasText: Bool { get }
    /// Inserts text at the caret.
    func insertText(_ text: String)
    /// Deletes the character before the caret.
    func deleteBackward()
    /// The responder's traits: keyboard type, Return key, secure entry…
    var textInputTraits: TextInputTraits { get }
    /// The text before the caret, or `nil` when the responder does not say
    /// (UIKit's `documentContextBeforeInput`).
    ///
    /// Smart quotes and dashes (``TextInputTransformer``) and the on-screen
    /// keyboard's automatic Shift read it; the last few words are enough.
    /// A responder that returns `nil`, as the default does, gets typed text
    /// unchanged, and Shift only while it has no text.
    var documentContextBeforeInput: String? { get }
    /// Return was pressed on a field whose return key type performs an
    /// action (go, send, search, join…).
    func performReturnKeyAction()
}

extension KeyInput {
    /// UIKit's defaults.
    public var textInputTraits: TextInputTraits { TextInputTraits() }
    /// Does nothing.
    public func performReturnKeyAction() {}
    /// `nil`: typed text is not transformed.
    public var documentContextBeforeInput: String? { nil }
}

/// Text entry that shows a compose sequence in progress (UIKit's marked text).
///
/// A responder that adopts it sees the pending sequence — `´` after a dead
/// acute — through ``setMarkedText(_:)``. When the sequence completes,
/// ``setMarkedText(_:)`` is called with `nil` first (marked text ends), then
/// ``KeyInput/insertText(_:)`` with the result (commit). A cancelled
/// sequence ends with `setMarkedText(nil)` alone. A responder that adopts
/// only ``KeyInput`` receives just the final text.
///
/// An input method (``InputMethod``) shows its preedit the same way, through
/// ``setMarkedText(_:attributes:)``: with the parts it underlines or
/// highlights and the caret inside the preedit.
@MainActor
public protocol MarkedTextInput: KeyInput {
    /// The text of the sequence in progress, or `nil`.
    var markedText: String? { get }
    /// Shows `text` as the sequence in progress, or ends it with `nil`.
    func setMarkedText(_ text: String?)
    /// Shows an input method's preedit, styled, or ends it with `nil`.
    ///
    /// The default ignores the attributes and calls ``setMarkedText(_:)``.
    ///
    /// - Parameters:
    ///   - text: The preedit, or `nil` (empty counts as `nil`).
    ///   - attributes: Its underlined and highlighted parts and the caret inside it.
    func setMarkedText(_ text: String?, attributes: MarkedTextAttributes)
}

extension MarkedTextInput {
    /// Calls ``setMarkedText(_:)``: the attributes are not shown.
    public func setMarkedText(_ text: String?, attributes: MarkedTextAttributes) {
        setMarkedText(text)
    }
}
