/// One finger on the screen — or the primary pointer button, as gesture
/// recognizers see it — at one moment: UIKit's `UITouch`, as a value.
///
/// A touch keeps its ``id`` from touch-down to lift-off, so a view told about
/// several touches at once tells them apart by it. Locations are in window
/// coordinates; ``location(in:)`` converts them.
public struct Touch: Hashable, Sendable {
    /// What the touch does in the event that reports it.
    public enum Phase: Hashable, Sendable {
        /// The finger came down.
        case began
        /// The finger moved.
        case moved
        /// The finger lifted.
        case ended
        /// The system took the touch away (a gesture took it over, or the compositor cancelled it).
        case cancelled
    }

    /// What made the touch.
    public enum Kind: Hashable, Sendable {
        /// A finger on a touch screen.
        case finger
        /// The primary button of a mouse or touchpad, seen by gesture recognizers.
        case pointer
    }

    /// The touch's identity, kept from touch-down to lift-off (a compositor's slot number).
    public var id: Int
    /// What it does in this event.
    public var phase: Phase
    /// What made it.
    public var kind: Kind
    /// Where it is, in window coordinates.
    public var location: Point
    /// Where it was in the event before (its touch-down location in the first).
    public var previousLocation: Point
    /// When, on the window's clock (``Window/currentTime``), in seconds.
    public var timestamp: Double
    /// 1 for a single tap, 2 for the second of a double tap…: touch-downs
    /// close together in time and place count on.
    public var tapCount: Int

    /// Creates a touch; the window fills in its tap count and previous location.
    public init(
        id: Int, phase: Phase, kind: Kind = .finger, location: Point, previousLocation: Point? = nil,
        timestamp: Double, tapCount: Int = 1
    ) {
        self.id = id
        self.phase = phase
        self.kind = kind
        self.location = location
        self.previousLocation = previousLocation ?? location
        self.timestamp = timestamp
        self.tapCount = tapCount
    }

    /// The location in `view`'s coordinates.
    @MainActor public func location(in view: View) -> Point { view.convert(location, from: nil) }

    /// The previous location in `view`'s coordinates.
    @MainActor public func previousLocation(in view: View) -> Point { view.convert(previousLocation, from: nil) }
}

/// The touches of one moment on a window: UIKit's `UIEvent` for touches.
public struct TouchEvent: Hashable, Sendable {
    /// When, on the window's clock, in seconds.
    public var timestamp: Double
    /// Every touch on the window now, the ones that did not change included.
    public var allTouches: [Touch]

    /// Creates an event of touches.
    public init(timestamp: Double, allTouches: [Touch]) {
        self.timestamp = timestamp
        self.allTouches = allTouches
    }
}

extension Point {
    /// The straight-line distance to `other`.
    func distance(to other: Point) -> Double { ((x - other.x) * (x - other.x) + (y - other.y) * (y - other.y)).squareRoot() }
}
