/// What a text field does in answer to a key event.
public enum TextAction: Hashable, Sendable, CustomStringConvertible {
    /// Nothing: a release, a modifier, a key with no text, or a control character.
    case none
    /// Insert this text (`insertText(_:)`).
    case insertText(String)
    /// Delete the character before the caret (`deleteBackward()`).
    case deleteBackward
    /// A compose sequence started or went on; the key typed nothing yet.
    /// The keysyms are those of the sequence so far, such as `[dead_acute]`.
    case composing([Keysym])
    /// A compose sequence was abandoned; the key that ended it typed nothing.
    case composeCancelled

    /// A short name for the action: `none`, `insertText`, `deleteBackward`,
    /// `composing`, `composeCancelled`.
    public var name: String {
        switch self {
        case .none: "none"
        case .insertText: "insertText"
        case .deleteBackward: "deleteBackward"
        case .composing: "composing"
        case .composeCancelled: "composeCancelled"
        }
    }

    public var description: String {
        switch self {
        case .insertText(let text): "insertText(\(text.debugDescription))"
        case .composing(let keysyms): "composing(\(keysyms.map(\.name).joined(separator: " ")))"
        default: name
        }
    }
}
