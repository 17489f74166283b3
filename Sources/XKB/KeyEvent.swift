/// One key event as a keyboard reports it.
public struct KeyEvent: Hashable, Sendable {
    /// What happened to the key.
    public enum Kind: String, Hashable, Sendable {
        /// The key went down.
        case down
        /// The key went up.
        case up
        /// The key is held and auto-repeated.
        case `repeat`
    }

    /// The key.
    public var keycode: Keycode
    /// What happened to it.
    public var kind: Kind

    /// Creates a key event.
    public init(_ keycode: Keycode, _ kind: Kind) {
        self.keycode = keycode
        self.kind = kind
    }
}
