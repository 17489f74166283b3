/// Recognizes a finger held still for ``minimumPressDuration``: continuous,
/// it begins then, changes as the finger moves, and ends when it lifts.
@MainActor
open class LongPressGestureRecognizer: GestureRecognizer {
    /// How long the finger must stay down, in seconds. 0.5 by default.
    public var minimumPressDuration = 0.5
    /// How far it may move before the press begins, in points. 10 by default.
    public var allowableMovement = 10.0
    /// How many fingers the press takes. 1 by default.
    public var numberOfTouchesRequired = 1

    private var start: Point?
    private var beganAt: Double?

    open override func touchesBegan(_ touches: [Touch], with event: TouchEvent) {
        super.touchesBegan(touches, with: event)
        guard state == .possible else { return }
        if self.touches.count > numberOfTouchesRequired { return state = .failed }
        start = start ?? touches[0].location
        beganAt = event.timestamp
    }

    open override func touchesMoved(_ touches: [Touch], with event: TouchEvent) {
        super.touchesMoved(touches, with: event)
        switch state {
        case .possible:
            if touches.contains(where: { $0.location.distance(to: start ?? $0.location) > allowableMovement }) {
                state = .failed
            }
        case .began, .changed: state = .changed
        default: break
        }
    }

    open override func touchesEnded(_ touches: [Touch], with event: TouchEvent) {
        super.touchesEnded(touches, with: event)
        switch state {
        case .possible: state = .failed
        case .began, .changed: if self.touches.count == touches.count { state = .ended }
        default: break
        }
    }

    open override var nextDeadline: Double? {
        guard state == .possible, touches.count == numberOfTouchesRequired, let beganAt else { return nil }
        return beganAt + minimumPressDuration
    }

    open override func timeDidPass(_ time: Double) {
        if let due = nextDeadline, time >= due { state = .began }
    }

    open override func reset() {
        start = nil
        beganAt = nil
    }
}
