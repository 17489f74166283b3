/// The input views' frame over time: one animation at a time on its own
/// clock, with the will/did events that announce it.
///
/// It knows nothing of views. A window starts an animation when input views
/// appear, move or go, advances the clock as time passes, and posts the
/// events it gets back. Every will-event is paired with exactly one
/// did-event: an animation that is interrupted, finished early or due ends
/// with its did-event before anything else happens.
public struct KeyboardFrameAnimator: Hashable, Sendable {
    /// The time now, in seconds. It only moves forward.
    public private(set) var time: Double
    /// The will-kind of the running animation, or `nil` when none runs.
    public private(set) var kind: KeyboardFrameEvent.Kind?
    /// Where the running animation began (or the last one began).
    public private(set) var beginFrame: Rect
    /// Where the running animation ends (or the last one ended): the final frame.
    public private(set) var finalFrame: Rect
    private var start: Double
    private var duration: Double
    private var curve: AnimationCurve

    /// Creates an animator at rest at `frame`, at time `time`.
    ///
    /// - Parameters:
    ///   - frame: The frame before any animation.
    ///   - time: The clock's starting time, in seconds.
    public init(frame: Rect = .zero, time: Double = 0) {
        self.time = time
        kind = nil
        beginFrame = frame
        finalFrame = frame
        start = time
        duration = 0
        curve = .linear
    }

    /// Whether an animation is running.
    public var isAnimating: Bool { kind != nil }

    /// The frame at ``time``: on the curve between the begin and final
    /// frames while an animation runs, the final frame otherwise.
    public var frame: Rect {
        guard kind != nil, duration > 0 else { return finalFrame }
        let progress = curve.progress(at: (time - start) / duration)
        func mix(_ a: Double, _ b: Double) -> Double { a + (b - a) * progress }
        return Rect(
            x: mix(beginFrame.minX, finalFrame.minX), y: mix(beginFrame.minY, finalFrame.minY),
            width: mix(beginFrame.width, finalFrame.width), height: mix(beginFrame.height, finalFrame.height))
    }

    /// Starts an animation now, at ``time``.
    ///
    /// A running animation ends first, with its did-event. An animation
    /// without duration ends at once, with its did-event.
    ///
    /// - Parameters:
    ///   - kind: `.willShow`, `.willHide` or `.willChangeFrame`.
    ///   - begin: Where the input views start.
    ///   - end: Where they end.
    ///   - animation: The duration and curve.
    /// - Returns: The events to post, in order.
    public mutating func start(
        _ kind: KeyboardFrameEvent.Kind, from begin: Rect, to end: Rect, animation: InputViewAnimation
    ) -> [KeyboardFrameEvent] {
        precondition(kind.isWill, "an animation starts with a will-event")
        var events: [KeyboardFrameEvent] = []
        if let interrupted = finish() { events.append(interrupted) }
        self.kind = kind
        beginFrame = begin
        finalFrame = end
        start = time
        duration = animation.duration
        curve = animation.curve
        events.append(event(kind))
        if duration <= 0, let done = finish() { events.append(done) }
        return events
    }

    /// Moves the clock to `newTime`, ending the animation when it is due.
    ///
    /// A time earlier than ``time`` changes nothing.
    ///
    /// - Parameter newTime: The time now, in seconds.
    /// - Returns: The did-event of an animation that ended, if any.
    public mutating func advance(to newTime: Double) -> KeyboardFrameEvent? {
        guard newTime >= time else { return nil }
        time = newTime
        guard kind != nil, time >= start + duration else { return nil }
        return finish()
    }

    /// Ends the running animation now, at its final frame.
    ///
    /// - Returns: Its did-event, or `nil` when no animation was running.
    public mutating func finish() -> KeyboardFrameEvent? {
        guard let running = kind else { return nil }
        let done = event(running.completion)
        kind = nil
        return done
    }

    private func event(_ kind: KeyboardFrameEvent.Kind) -> KeyboardFrameEvent {
        KeyboardFrameEvent(
            kind: kind, beginFrame: beginFrame, endFrame: finalFrame, duration: duration, curve: curve, isLocal: true)
    }
}
