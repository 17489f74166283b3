import XKB

/// The text of a plain text field, changed by `TextAction` values.
///
/// `deleteBackward` removes the last Unicode scalar: one BackSpace undoes
/// one key's worth of typing, including a combining mark typed on its own
/// key, as Qt's line edit and terminals do.
public struct TextBuffer: Hashable, Sendable {
    /// The text so far.
    public private(set) var text: String = ""

    /// Creates an empty buffer.
    public init() {}

    /// Applies what a key did.
    public mutating func apply(_ action: TextAction) {
        switch action {
        case .insertText(let inserted): text += inserted
        case .deleteBackward:
            if !text.unicodeScalars.isEmpty { text.unicodeScalars.removeLast() }
        case .none, .composing, .composeCancelled: break
        }
    }
}
