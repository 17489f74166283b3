/// Recognizes a gesture in the touches on a view — and in the primary
/// pointer button, which it sees as a touch of kind ``Touch/Kind/pointer`` —
/// with UIKit's names and state machine.
///
/// Attach one with ``View/addGestureRecognizer(_:)``. The window gives it
/// every touch that begins on its view or a view inside it, before the view
/// sees the touch. A discrete gesture (a tap) goes from ``State/possible`` to
/// ``State/ended`` (``State/recognized``) or ``State/failed``; a continuous
/// one (a pan, a long press) to ``State/began``, ``State/changed`` as it
/// goes, then ``State/ended`` or ``State/cancelled``. Its actions run on each
/// of those changes but ``State/failed``.
///
/// When a recognizer begins or recognizes, the others on the same touches
/// that are still possible fail, and — while ``cancelsTouchesInView`` is on —
/// the view under the finger gets ``View/touchesCancelled(_:with:)``: a drag
/// that scrolls is not a press on the button under it.
///
/// ```swift
/// let doubleTap = TapGestureRecognizer { _ in zoomIn() }
/// doubleTap.numberOfTapsRequired = 2
/// let tap = TapGestureRecognizer { _ in select() }
/// tap.require(toFail: doubleTap)
/// photo.addGestureRecognizer(doubleTap)
/// photo.addGestureRecognizer(tap)
/// ```
///
/// To write one, subclass it, override the touch methods (call `super`), set
/// ``state`` as the gesture goes, and override ``reset()`` to forget it.
@MainActor
open class GestureRecognizer {
    /// Where a recognizer is in recognizing its gesture.
    public enum State: Hashable, Sendable {
        /// Not recognized yet: the state it starts in and returns to.
        case possible
        /// A continuous gesture started.
        case began
        /// A continuous gesture moved on.
        case changed
        /// A continuous gesture ended, or a discrete one was recognized.
        case ended
        /// A continuous gesture was cancelled.
        case cancelled
        /// The touches were not this gesture.
        case failed

        /// A discrete gesture was recognized: the same as ``ended``.
        public static var recognized: State { .ended }

        /// Whether the gesture is over, recognized or not.
        var isFinal: Bool { self == .ended || self == .cancelled || self == .failed }
    }

    /// The view it is attached to.
    public internal(set) weak var view: View?

    /// Whether it takes part: turning it off mid-gesture cancels the gesture. `true` by default.
    public var isEnabled = true {
        didSet {
            guard !isEnabled, oldValue else { return }
            endGesture()
        }
    }

    /// Whether the view under the touches gets ``View/touchesCancelled(_:with:)``
    /// once the gesture begins or is recognized. `true` by default.
    public var cancelsTouchesInView = true

    /// Whether the view under a finger hears of it only once this recognizer
    /// cannot take it any more: after a short hold without moving, or at
    /// lift-off (a tap). A scroll view's pan does this, so a drag that
    /// scrolls never presses what it starts on. `false` by default.
    public var delaysTouchesBegan = false

    /// What it recognizes: fingers, the pointer, or both (the default).
    public var allowedTouchKinds: Set<Touch.Kind> = [.finger, .pointer]

    /// Where the gesture is, set by subclasses as it goes; the actions run on each change but to ``State/failed``.
    public var state: State = .possible {
        didSet {
            guard state != oldValue || state == .changed else { return }
            stateDidChange(from: oldValue)
        }
    }

    /// The touches it follows now, by identity.
    public private(set) var touches: [Touch] = []

    /// Called with each action of a closure-built recognizer, and those added since.
    private var actions: [(GestureRecognizer) -> Void] = []
    /// Recognizers that must fail before this one may leave ``State/possible``.
    private var requiredToFail: [WeakRecognizer] = []
    /// A state this recognizer reached while one it waits for could still recognize.
    private var heldState: State?

    /// Creates a recognizer; `action`, if given, runs on each change of state but to ``State/failed``.
    ///
    /// The recognizer keeps its actions and its view keeps it: an action reads
    /// the recognizer's ``view``, or captures its own view or controller
    /// weakly, or the two keep each other alive.
    public init(action: ((GestureRecognizer) -> Void)? = nil) {
        if let action { actions.append(action) }
    }

    /// Runs `action` too on each change of state but to ``State/failed``.
    public func addAction(_ action: @escaping (GestureRecognizer) -> Void) { actions.append(action) }

    /// Makes this recognizer wait until `other` fails, and fail if `other` is
    /// recognized: a single tap waits for a double tap to fail.
    public func require(toFail other: GestureRecognizer) {
        guard other !== self, !requiredToFail.contains(where: { $0.recognizer === other }) else { return }
        requiredToFail.append(WeakRecognizer(recognizer: other))
    }

    /// How many touches it follows.
    public var numberOfTouches: Int { touches.count }

    /// The middle of its touches (the last one's place once they lifted), in `view`'s coordinates, or the window's for `nil`.
    public func location(in view: View?) -> Point {
        let point = centroid
        guard let view else { return point }
        return view.convert(point, from: nil)
    }

    /// The middle of the touches, in window coordinates.
    var centroid: Point {
        guard !touches.isEmpty else { return lastLocation }
        let sum = touches.reduce(Point.zero) { Point(x: $0.x + $1.location.x, y: $0.y + $1.location.y) }
        return Point(x: sum.x / Double(touches.count), y: sum.y / Double(touches.count))
    }
    /// Where the last touch was when it lifted.
    private var lastLocation = Point.zero

    // MARK: For subclasses

    /// Touches came down on the view (or inside it). The default follows them.
    open func touchesBegan(_ touches: [Touch], with event: TouchEvent) {}
    /// Touches it follows moved.
    open func touchesMoved(_ touches: [Touch], with event: TouchEvent) {}
    /// Touches it follows lifted.
    open func touchesEnded(_ touches: [Touch], with event: TouchEvent) {}
    /// Touches it follows were cancelled: the default cancels a gesture
    /// that began and fails one that had not.
    open func touchesCancelled(_ touches: [Touch], with event: TouchEvent) {
        endGesture()
    }

    /// When it next needs ``timeDidPass(_:)`` (a long press's hold, a tap's
    /// wait for the next tap), on the window's clock; `nil` for never.
    open var nextDeadline: Double? { nil }

    /// The window's clock reached `time`, at or past ``nextDeadline``.
    open func timeDidPass(_ time: Double) {}

    /// Forgets the gesture: called when it is over and its touches have lifted, before it returns to ``State/possible``.
    open func reset() {}

    // MARK: The window's side

    /// Takes touches of one phase from the window, keeping ``touches`` up to date around the subclass's handling.
    func receive(_ changed: [Touch], phase: Touch.Phase, event: TouchEvent) {
        let mine = changed.filter { allowedTouchKinds.contains($0.kind) }
        guard !mine.isEmpty else { return }
        guard isEnabled else {
            // Turned off mid-gesture: it hears nothing more, but forgets the touches that lift, to start afresh.
            if phase == .ended || phase == .cancelled { forget(mine) }
            return
        }
        for touch in mine {
            if let index = touches.firstIndex(where: { $0.id == touch.id }) { touches[index] = touch } else if phase == .began { touches.append(touch) }
        }
        switch phase {
        case .began: touchesBegan(mine, with: event)
        case .moved: touchesMoved(mine, with: event)
        case .ended: touchesEnded(mine, with: event)
        case .cancelled: touchesCancelled(mine, with: event)
        }
        if phase == .ended || phase == .cancelled { forget(mine) }
    }

    /// Lets go of touches that lifted, and returns to possible once the gesture is over and none is left.
    private func forget(_ lifted: [Touch]) {
        if let last = lifted.last { lastLocation = last.location }
        touches.removeAll { touch in lifted.contains { $0.id == touch.id } }
        resetIfOver()
    }

    /// Returns to ``State/possible`` once the gesture is over and no touch is left.
    func resetIfOver() {
        guard state.isFinal, touches.isEmpty else { return }
        reset()
        heldState = nil
        // Back to possible without running the actions.
        resetting = true
        state = .possible
        resetting = false
        view?.window?.gestureRecognizerDidReset(self)
    }
    private var resetting = false

    /// Whether a recognizer it waits for could still recognize.
    private var isWaiting: Bool {
        requiredToFail.contains { $0.recognizer?.state == .possible && $0.recognizer?.isEnabled == true }
    }

    private func stateDidChange(from old: State) {
        guard !resetting else { return }
        if old == .possible, state == .began || state == .ended {
            // Held until what it waits for fails; failed at once if that was recognized.
            if requiredToFail.contains(where: { $0.recognizer.map { $0.state == .ended || $0.state == .began || $0.state == .changed } ?? false }) {
                state = .failed
                return
            }
            if isWaiting {
                heldState = state
                resetting = true
                state = .possible
                resetting = false
                view?.window?.gestureRecognizerIsWaiting(self)
                return
            }
            view?.window?.gestureRecognizerDidRecognize(self)
        }
        if state != .failed { for action in actions { action(self) } }
        if state.isFinal { view?.window?.gestureRecognizerDidFinish(self) }
        resetIfOver()
    }

    /// A recognizer this one waits for failed or recognized: take or drop the held state.
    func requiredRecognizerFinished(_ other: GestureRecognizer) {
        guard requiredToFail.contains(where: { $0.recognizer === other }) else { return }
        guard let held = heldState else { return }
        if other.state == .failed || other.state == .possible {
            guard !isWaiting else { return }
            heldState = nil
            state = held
        } else {
            heldState = nil
            state = .failed
        }
    }

    /// Ends the gesture from outside: one that began is cancelled, one that had not fails.
    func endGesture() {
        if state == .began || state == .changed { state = .cancelled } else if state == .possible { state = .failed }
    }

    /// Whether nothing keeps it in the window's view: back to possible, no touch, no deadline, no held recognition.
    var isIdle: Bool { state == .possible && touches.isEmpty && nextDeadline == nil && heldState == nil }

    /// Whether it waits on `other`.
    func waits(on other: GestureRecognizer) -> Bool { requiredToFail.contains { $0.recognizer === other } }

    /// Whether it holds a recognized state until another fails.
    var isHoldingRecognition: Bool { heldState != nil }
}

/// A recognizer held weakly.
struct WeakRecognizer {
    weak var recognizer: GestureRecognizer?
}
