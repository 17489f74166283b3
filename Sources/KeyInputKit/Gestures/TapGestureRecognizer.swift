/// Recognizes taps: touch-downs that lift again without moving far, as many
/// as ``numberOfTapsRequired``, each soon after the one before. Discrete:
/// recognized once the last tap lifts.
@MainActor
open class TapGestureRecognizer: GestureRecognizer {
    /// How many taps make the gesture. 1 by default.
    public var numberOfTapsRequired = 1
    /// How many fingers each tap takes. 1 by default.
    public var numberOfTouchesRequired = 1
    /// How far a finger may move, in points, and still tap. 10 by default.
    public var allowableMovement = 10.0
    /// The longest wait between one tap's lift-off and the next touch-down, in seconds. 0.35 by default.
    public var maximumIntervalBetweenTaps = 0.35

    private var taps = 0
    private var start: Point?
    private var waitUntil: Double?
    private var mostTouches = 0

    open override func touchesBegan(_ touches: [Touch], with event: TouchEvent) {
        super.touchesBegan(touches, with: event)
        waitUntil = nil
        if start == nil { start = touches[0].location }
        mostTouches = max(mostTouches, self.touches.count)
        if let start, let touch = touches.first, touch.location.distance(to: start) > allowableMovement * 2 { state = .failed }
        if mostTouches > numberOfTouchesRequired { state = .failed }
    }

    open override func touchesMoved(_ touches: [Touch], with event: TouchEvent) {
        super.touchesMoved(touches, with: event)
        guard state == .possible else { return }
        for touch in touches where touch.location.distance(to: start ?? touch.location) > allowableMovement {
            state = .failed
            return
        }
    }

    open override func touchesEnded(_ touches: [Touch], with event: TouchEvent) {
        super.touchesEnded(touches, with: event)
        guard state == .possible, self.touches.count == touches.count else { return }
        guard mostTouches == numberOfTouchesRequired else {
            state = .failed
            return
        }
        taps += 1
        mostTouches = 0
        if taps >= numberOfTapsRequired {
            state = .recognized
        } else {
            waitUntil = event.timestamp + maximumIntervalBetweenTaps
        }
    }

    open override var nextDeadline: Double? { state == .possible ? waitUntil : nil }

    open override func timeDidPass(_ time: Double) {
        if state == .possible, let waitUntil, time >= waitUntil { state = .failed }
    }

    open override func reset() {
        taps = 0
        start = nil
        waitUntil = nil
        mostTouches = 0
    }

    /// Whether it has had some taps and waits for the next.
    var isBetweenTaps: Bool { waitUntil != nil }
}
