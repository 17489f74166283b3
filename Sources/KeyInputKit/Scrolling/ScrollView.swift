/// A view that shows part of a larger content area and scrolls it: with the
/// wheel, by dragging, under a finger, and by itself to keep the first
/// responder above the keyboard.
///
/// Subviews keep their frames in content coordinates; the scroll view moves
/// them up and left by ``contentOffset`` and cuts them at its edges, for
/// drawing and for presses alike. `View.convert(_:from:)` and
/// ``PointerEvent/location(in:)`` account for the offset.
///
/// A finger scrolls the content as `UIScrollView` does, through
/// ``panGestureRecognizer``: once it moves past a few points the content
/// follows it, and a press it began on a control inside is cancelled; a
/// flick goes on with momentum, slowing at ``decelerationRate``; the content
/// rubber-bands past its edges and springs back; and a finger that comes down
/// on moving content stops it without pressing what is under it.
/// ``keyboardDismissMode`` lets a drag dismiss the keyboard.
///
/// While ``avoidsKeyboard`` is on (the default), the scroll view keeps the
/// first responder inside it ``keyboardAvoidanceMargin`` points above the
/// input views: when focus moves, when the keyboard appears or changes, and
/// when the first responder's caret moves. It scrolls on the keyboard's own
/// clock and curve, may scroll past the end of the content by as much as
/// the keyboard covers, and goes back to where it was when the keyboard hides.
///
/// ```swift
/// let form = ScrollView(frame: window.bounds)
/// form.contentSize = Size(width: 480, height: 900)
/// form.addSubview(nameField)
/// window.addSubview(form)
/// ```
@MainActor
open class ScrollView: View {
    /// The size of the content, in content coordinates from the origin.
    ///
    /// Changing it clamps ``contentOffset`` to the new size.
    open var contentSize: Size = .zero {
        didSet { if contentSize != oldValue { setOffset(clamped(contentOffset)) } }
    }

    /// How far the content is scrolled: the content point at the view's top-left corner.
    ///
    /// Between zero and ``maximumContentOffset``, but while a finger pulls
    /// the content past an edge or it springs back; a value set outside is
    /// clamped. Setting it stops a running scroll animation and momentum.
    open var contentOffset: Point {
        get { boundsOrigin }
        set {
            animation = nil
            stopDeceleration()
            setOffset(clamped(newValue))
        }
    }

    /// The largest ``contentOffset``: the content's far edges at the view's
    /// edges — farther down by as much as the input views cover the view
    /// (once they are in place), so the last field can rise above them.
    public var maximumContentOffset: Point {
        Point(
            x: max(0, contentSize.width - frame.width),
            y: max(0, contentSize.height + keyboardCoverage - frame.height))
    }

    /// Points scrolled per step of the wheel. 40 by default.
    open var wheelStep = 40.0

    /// Whether the scroll view keeps the first responder inside it above the keyboard. `true` by default.
    open var avoidsKeyboard = true {
        didSet { if avoidsKeyboard != oldValue { updateKeyboardObservation() } }
    }

    /// The space kept between the first responder and the input views, in points. 8 by default.
    open var keyboardAvoidanceMargin = 8.0

    /// The recognizer that scrolls the content under a finger (not the
    /// pointer, whose drags scroll as they always have): it delays the touch
    /// for the view under the finger and cancels it once the content scrolls.
    public let panGestureRecognizer: PanGestureRecognizer

    /// How quickly a flick slows down. ``DecelerationRate/normal`` by default.
    open var decelerationRate = DecelerationRate.normal

    /// Whether a finger's drag dismisses the keyboard. ``KeyboardDismissMode/none`` by default.
    open var keyboardDismissMode = KeyboardDismissMode.none

    /// Whether a finger is scrolling the content: from when the drag starts
    /// scrolling until the finger lifts.
    public internal(set) var isDragging = false

    /// Whether the content goes on by itself after a finger lifted: gliding
    /// after a flick, or springing back from an edge.
    public var isDecelerating: Bool { momentum != nil }

    /// The running scroll animation, if any.
    var animation: ScrollAnimation?
    /// The motion after a finger lifted, along each axis, if any.
    var momentum: (x: ScrollMomentum, y: ScrollMomentum)?
    /// The finger's offset (before the rubber band) when the drag started scrolling.
    var dragStart = Point.zero
    /// Whether the dragging finger reached into the input views (``KeyboardDismissMode/interactive``).
    var dragReachedKeyboard = false
    /// The offset before the keyboard moved the content, restored when it hides.
    var offsetBeforeKeyboard: Point?
    /// Where the last drag was, in window coordinates.
    private var lastDragLocation: Point?
    /// The window observations of keyboard avoidance.
    var observations: [ObservationToken] = []

    /// Creates a scroll view with a frame; its content size is zero until set.
    public override init(frame: Rect = .zero) {
        let pan = ScrollPanGestureRecognizer()
        pan.allowedTouchKinds = [.finger]
        pan.delaysTouchesBegan = true
        pan.cancelsTouchesInView = true
        panGestureRecognizer = pan
        super.init(frame: frame)
        clipsToBounds = true
        pan.addAction { [weak self] in self?.panGestureDidChange($0) }
        addGestureRecognizer(pan)
    }

    /// Whether the scroll view is moving by itself.
    public var isAnimatingScroll: Bool { animation != nil }

    /// Scrolls to `offset` (clamped).
    ///
    /// - Parameters:
    ///   - offset: The new ``contentOffset``.
    ///   - animated: Move there with the window's ``Window/inputViewAnimation``
    ///     on its clock, rather than at once.
    public func setContentOffset(_ offset: Point, animated: Bool) {
        guard animated, let window else { return contentOffset = offset }
        animate(to: offset, duration: window.inputViewAnimation.duration, curve: window.inputViewAnimation.curve)
    }

    /// Scrolls the least distance that shows `rect` whole — or its top-left
    /// part, when it is larger than the view.
    ///
    /// - Parameters:
    ///   - rect: A rectangle in content coordinates.
    ///   - animated: Move there with the window's ``Window/inputViewAnimation``
    ///     on its clock, rather than at once.
    public func scrollRectToVisible(_ rect: Rect, animated: Bool) {
        let target = offset(revealing: rect, in: Rect(origin: .zero, size: frame.size), from: destinationOffset)
        setContentOffset(target, animated: animated)
    }

    // MARK: Offsets

    /// Where the offset is going: the end of the running animation, or where it is.
    var destinationOffset: Point { animation?.to ?? contentOffset }

    /// `offset` kept between zero and ``maximumContentOffset``.
    func clamped(_ offset: Point) -> Point {
        let maximum = maximumContentOffset
        return Point(x: min(max(0, offset.x), maximum.x), y: min(max(0, offset.y), maximum.y))
    }

    /// The offset nearest `start` at which `rect` (content coordinates) lies
    /// inside `visible` (the view's coordinates at offset zero), clamped.
    func offset(revealing rect: Rect, in visible: Rect, from start: Point) -> Point {
        func axis(_ low: Double, _ high: Double, _ visibleLow: Double, _ visibleHigh: Double, _ current: Double)
            -> Double
        {
            // The far edge first, then the near edge, so a rect too big for the view shows its start.
            var value = current
            if high - value > visibleHigh { value = high - visibleHigh }
            if low - value < visibleLow { value = low - visibleLow }
            return value
        }
        return clamped(
            Point(
                x: axis(rect.minX, rect.maxX, visible.minX, visible.maxX, start.x),
                y: axis(rect.minY, rect.maxY, visible.minY, visible.maxY, start.y)))
    }

    /// Moves the content without touching the animation.
    func setOffset(_ offset: Point) {
        guard offset != boundsOrigin else { return }
        boundsOrigin = offset
        setNeedsDisplay()
    }

    /// Starts moving the offset to `target` (clamped) now, on the window's clock.
    func animate(to target: Point, duration: Double, curve: AnimationCurve) {
        let end = clamped(target)
        stopDeceleration()
        guard let window, duration > 0, end != contentOffset else {
            animation = nil
            return setOffset(end)
        }
        if animation?.to == end { return }
        animation = ScrollAnimation(from: contentOffset, to: end, start: window.currentTime, duration: duration, curve: curve)
    }

    /// Moves a running animation to the window's time now.
    func stepAnimation() {
        guard let running = animation, let window else { return }
        setOffset(running.offset(at: window.currentTime))
        if running.isFinished(at: window.currentTime) { animation = nil }
    }

    // MARK: Wheel and drag

    /// ``AccessibilityRole/scrollPane``.
    open override var accessibilityRole: AccessibilityRole { .scrollPane }

    /// Scrolls by ``wheelStep`` points for each step of the wheel.
    open override func scrollWheel(_ event: PointerEvent) {
        guard case .scroll(let dx, let dy) = event.kind else { return super.scrollWheel(event) }
        let start = destinationOffset
        contentOffset = Point(x: start.x + dx * wheelStep, y: start.y + dy * wheelStep)
        offsetBeforeKeyboard = nil
    }

    /// Starts a drag that moves the content with the pointer (a finger scrolls through ``panGestureRecognizer``).
    open override func pointerDown(_ event: PointerEvent) {
        lastDragLocation = event.isTouch ? nil : event.location
        super.pointerDown(event)
    }

    /// Moves the content with the pointer: dragging up scrolls down.
    open override func pointerDragged(_ event: PointerEvent) {
        guard let last = lastDragLocation else { return super.pointerDragged(event) }
        lastDragLocation = event.location
        let start = contentOffset
        contentOffset = Point(x: start.x - (event.location.x - last.x), y: start.y - (event.location.y - last.y))
        offsetBeforeKeyboard = nil
    }

    /// Ends the drag.
    open override func pointerUp(_ event: PointerEvent) {
        lastDragLocation = nil
        super.pointerUp(event)
    }

    /// Watches the new window's focus and keyboard, and stops watching the old one's.
    open override func didMoveToWindow() {
        super.didMoveToWindow()
        animation = nil
        momentum = nil
        isDragging = false
        offsetBeforeKeyboard = nil
        updateKeyboardObservation()
    }
}
