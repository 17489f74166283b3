/// When a responder that takes typing, with no input view of its own, gets
/// the on-screen keyboard.
public enum OnScreenKeyboardPolicy: Hashable, Sendable {
    /// Always.
    case always
    /// Only while no hardware keyboard is attached.
    case whenNoHardwareKeyboard
    /// Never.
    case never
}
