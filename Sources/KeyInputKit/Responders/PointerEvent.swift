/// A pointer (mouse, touchpad, touch) event in window coordinates.
public struct PointerEvent: Hashable, Sendable {
    /// What happened.
    public enum Kind: Hashable, Sendable {
        case down, up, dragged
        /// The wheel turned: positive `dy` scrolls down.
        case scroll(dx: Double, dy: Double)
    }

    /// Whether a button went down, came up, moved while held, or the wheel turned.
    public var kind: Kind
    /// Where, in window coordinates.
    public var location: Point
    /// The button (1 = primary).
    public var button: Int
    /// 1 for a single click, 2 for a double click…
    public var clickCount: Int
    /// Whether a finger made it: a view that handles only the pointer gets one touch as the pointer.
    public var isTouch = false
    /// Whether this release ends a press that was taken away (a scroll took the finger over):
    /// nothing should act on it.
    public var isCancelled = false

    /// Creates a pointer event at `location` in window coordinates.
    public init(_ kind: Kind, at location: Point, button: Int = 1, clickCount: Int = 1) {
        self.kind = kind
        self.location = location
        self.button = button
        self.clickCount = clickCount
    }

    /// The location in `view`'s coordinates.
    @MainActor public func location(in view: View) -> Point { view.convert(location, from: nil) }
}
