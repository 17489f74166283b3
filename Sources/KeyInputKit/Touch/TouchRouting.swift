/// What a window keeps about the touches on it: each touch's view and
/// recognizers from touch-down to lift-off, the recognizers in the middle of
/// a gesture, and the last touch-down, for tap counts.
struct TouchRouting {
    /// One touch from touch-down to lift-off.
    struct Record {
        /// The touch as last reported.
        var touch: Touch
        /// The view hit at touch-down.
        weak var view: View?
        /// The recognizers of that view and the views above it, nearest first.
        var recognizers: [GestureRecognizer]
        /// Where it came down.
        let start: Point
        /// Whether the view has heard of the touch.
        var deliveredToView = false
        /// Until when the view's hearing of it waits for a recognizer that delays it.
        var delayedUntil: Double?
        /// Whether a recognizer took the touch from the view.
        var cancelledInView = false
        /// Whether it is still a tap: it has not moved past the slop or been taken.
        var isTap = true
    }

    /// How far a finger moves before a touch stops being a tap, in points.
    static let tapSlop = 10.0
    /// How long a scroll view holds a touch before the view under it hears of it, in seconds (UIKit's 150 ms).
    static let contentTouchDelay = 0.15
    /// The longest time between touch-downs that count on as one multiple tap, in seconds.
    static let multipleTapInterval = 0.4
    /// How far apart touch-downs of one multiple tap may be, in points.
    static let multipleTapDistance = 24.0

    /// The touches down, by identity (the pointer's is ``pointerID``).
    var records: [Int: Record] = [:]
    /// Recognizers that saw a touch and have not returned to possible, or wait between taps.
    var active: [GestureRecognizer] = []
    /// The last finger touch-down: when, where, and its tap count.
    var lastTouchDown: (time: Double, location: Point, count: Int)?

    /// The identity the primary pointer button has as a touch.
    static let pointerID = Int.min

    /// The tap count of a touch-down at `location` at `time`, remembered for the next.
    mutating func tapCount(at location: Point, time: Double) -> Int {
        var count = 1
        if let last = lastTouchDown, time - last.time <= Self.multipleTapInterval,
            location.distance(to: last.location) <= Self.multipleTapDistance
        {
            count = last.count + 1
        }
        lastTouchDown = (time, location, count)
        return count
    }
}
