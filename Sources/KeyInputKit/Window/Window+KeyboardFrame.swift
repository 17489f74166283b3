extension Window {
    /// The window's clock, in seconds; hosts and tests move it forward with
    /// ``advanceTime(to:)``.
    public var currentTime: Double { keyboardAnimator.time }

    /// Moves the window's clock forward, finishing animations that are due.
    ///
    /// - Parameter time: The time now, in seconds; an earlier time than ``currentTime`` is ignored.
    public func advanceTime(to time: Double) {
        guard time >= currentTime else { return }
        inputMethodRouter?.expire(at: time)
        redrawCaretIfDue(from: currentTime, to: time)
        if let done = keyboardAnimator.advance(to: time) { deliver(done) }
        layoutKeyboardContainer()
        advanceTouches(to: time)
        stepFrameAnimations(to: time)
    }

    /// Moves the clock forward by `seconds`.
    ///
    /// - Parameter seconds: How far; a negative value counts as zero.
    public func advanceTime(by seconds: Double) { advanceTime(to: currentTime + max(0, seconds)) }

    /// Ends a running input view animation at once, with its did-event.
    func finishInputViewAnimation() {
        if let done = keyboardAnimator.finish() { deliver(done) }
    }

    /// Whether an input view animation is running.
    public var isAnimatingInputViews: Bool { keyboardAnimator.isAnimating }

    /// Where the input views are now, in window coordinates — mid-animation too.
    ///
    /// When no input view is shown — before the first one, and once one has
    /// hidden — it is the system's on-screen keyboard's frame while the host
    /// reports one (``systemKeyboardFrame``), else zero height at the
    /// window's bottom edge, as wide as the window:
    /// `Rect(x: 0, y: frame.height, width: frame.width, height: 0)`,
    /// following the window's size. A bar placed at its `minY` sits on the
    /// bottom edge then.
    public var keyboardFrame: Rect { showsInputViews ? keyboardAnimator.frame : restingKeyboardFrame }

    /// Where the input views will be when the running animation ends.
    ///
    /// A hide ends just below the bottom edge, with the input views' height
    /// (the did-hide event's end frame); with nothing shown, it is
    /// ``keyboardFrame``.
    public var keyboardFinalFrame: Rect { showsInputViews ? keyboardAnimator.finalFrame : restingKeyboardFrame }

    /// Whether the window's own input views are on screen or moving in or out.
    var showsInputViews: Bool {
        keyboardAnimator.isAnimating || presentedInputView != nil || presentedAccessoryView != nil
    }

    /// The keyboard frame with no input view shown: the system's keyboard, or zero height at the bottom edge.
    private var restingKeyboardFrame: Rect { systemKeyboardFrame ?? frameBelowWindow(height: 0) }

    /// A frame of `height`, as wide as the window, resting on its bottom edge.
    func frameOnBottomEdge(height: Double) -> Rect {
        Rect(x: 0, y: frame.height - height, width: frame.width, height: height)
    }

    /// A frame of `height`, as wide as the window, just below its bottom edge.
    func frameBelowWindow(height: Double) -> Rect {
        Rect(x: 0, y: frame.height, width: frame.width, height: height)
    }

    /// Calls `observer` with every keyboard frame event of this window, and
    /// with those of the application's other windows (marked not local).
    ///
    /// - Parameter observer: Called on the main actor with each event.
    /// - Returns: A token that stops the calls when cancelled.
    @discardableResult
    public func observeKeyboardFrame(_ observer: @escaping (KeyboardFrameEvent) -> Void) -> ObservationToken {
        keyboardObservers.add(observer)
    }

    /// Hands an event from another window of the application to this window's observers.
    func receiveRelayed(_ event: KeyboardFrameEvent) {
        var relayed = event
        relayed.isLocal = false
        keyboardObservers.notify(relayed)
    }

    /// Starts moving the input views from `begin` to `end` with `animation`
    /// (``inputViewAnimation`` when `nil`).
    func animateKeyboard(
        _ kind: KeyboardFrameEvent.Kind, from begin: Rect, to end: Rect, animation: InputViewAnimation? = nil
    ) {
        for event in keyboardAnimator.start(kind, from: begin, to: end, animation: animation ?? inputViewAnimation) {
            deliver(event)
        }
        layoutKeyboardContainer()
    }

    /// Tells the observers, the application's other windows and the layout
    /// guide of an event that moves no input view of the window's own.
    func postKeyboardFrameEvent(_ event: KeyboardFrameEvent) {
        keyboardObservers.notify(event)
        application?.relayKeyboardFrameEvent(event, from: self)
        keyboardLayoutGuide.keyboardDidChange()
    }

    /// Does what an event of the animator asks and tells the observers: a
    /// will-event shows the container, a did-hide takes the input views away.
    private func deliver(_ event: KeyboardFrameEvent) {
        if event.kind.isWill {
            inputViewContainer.isHidden = false
        } else if event.kind == .didHide {
            removeInputViews()
        }
        keyboardObservers.notify(event)
        application?.relayKeyboardFrameEvent(event, from: self)
        keyboardLayoutGuide.keyboardDidChange()
        if !event.kind.isWill { layoutKeyboardContainer() }
    }

    /// Puts the input views' container where the animation says they are now.
    private func layoutKeyboardContainer() {
        let frame = keyboardFrame
        keyboardLayoutGuide.keyboardDidChange()
        // Still input views draw nothing new: a tick with no animation marks nothing.
        let old = inputViewContainer.frame
        guard old != frame else { return }
        inputViewContainer.frame = frame
        // A container off the window, before and after (at rest after a resize), changes no pixel.
        if !old.intersection(bounds).isEmpty || !frame.intersection(bounds).isEmpty { needsDisplay = true }
    }
}
