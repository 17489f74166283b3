/// What an ``InputMethod`` does to the text of the first responder.
public enum InputMethodEvent: Hashable, Sendable {
    /// Shows the text being composed at the caret as marked text, or ends it
    /// when `text` is empty.
    case preedit(String, MarkedTextAttributes)
    /// Types finished text: the marked text ends, then the text is inserted.
    case commit(String)
    /// A key the input method passes on: it takes the window's normal
    /// route, and is never offered to the input method again.
    case forwardKey(InputMethodKey)
    /// Deletes text around the caret: `count` Unicode scalars from `offset`
    /// scalars after it (negative: before it), through
    /// ``SurroundingTextInput/deleteSurroundingText(offset:count:)``; a
    /// responder that is only a ``KeyInput`` deletes only a range ending at the caret.
    case deleteSurrounding(offset: Int, count: Int)
    /// The engine wants the text around the caret (``InputMethod/setSurroundingText(_:)``),
    /// now and whenever it changes.
    case surroundingTextRequested
    /// The input method lost (`false`) or regained (`true`) its daemon.
    case availabilityChanged(Bool)
}
