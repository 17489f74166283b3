/// When a press outside the first responder dismisses the keyboard.
public enum KeyboardDismissalPolicy: Hashable, Sendable {
    /// Never: only code, Return or Escape ends editing.
    case never
    /// A press that begins outside the first responder, in a view that
    /// cannot become first responder, resigns it. The pressed view still
    /// gets its press.
    case onPressOutside
}
