extension Window {
    /// Delivers a finger's touch from the window system: gesture recognizers
    /// first, then the view it came down on.
    ///
    /// A touch-down is hit-tested once; its view and the recognizers of that
    /// view and the views above it keep the touch until it lifts. A touch
    /// that lifts as a tap — not moved past a few points, not taken by a
    /// gesture — then moves focus as a press does
    /// (``keyboardDismissalPolicy`` included): a drag that scrolls is not a
    /// tap, and a tap inside the first responder never dismisses. Like a
    /// click, a touch waits behind keys still with the ``inputMethod`` and
    /// behind a paste on its way.
    ///
    /// - Parameters:
    ///   - phase: What the finger did.
    ///   - id: The touch's identity, the same from touch-down to lift-off (a compositor's slot).
    ///   - location: Where, in window coordinates.
    public func sendTouch(_ phase: Touch.Phase, id: Int, at location: Point) {
        if inputStateUpdateIsPending { deliverPendingInputStateUpdate() }
        // A tap after a paste that has not landed, or after keys still with the input method, waits behind them.
        if _slowPath(pastesPending > 0), inputMethodRouter?.isRouting != true,
            holdsForPaste(.touch(phase, id: id, location: location))
        {
            return
        }
        if let router = inputMethodRouter, router.defersTouch(phase, id: id, at: location) { return }
        if hasPendingLayout { layoutIfNeeded() }
        if phase == .began {
            // A touch outside an open menu closes it and goes no further.
            if _slowPath(!presentedPopups.isEmpty), routeTouchAroundPopups(at: location) { return }
            // A touch-down for an identity still down ends the old touch first.
            if touchRouting.records[id] != nil { sendTouch(.cancelled, id: id, at: location) }
            beginTouch(id: id, kind: .finger, at: location, tapCount: touchRouting.tapCount(at: location, time: currentTime))
        } else {
            continueTouch(id: id, phase: phase, at: location)
        }
    }

    /// Cancels every finger on the window (the compositor took them, `wl_touch.cancel`).
    public func cancelAllTouches() {
        for (id, record) in touchRouting.records where id != TouchRouting.pointerID {
            continueTouch(id: id, phase: .cancelled, at: record.touch.location)
        }
    }

    /// The fingers on the window now.
    public var activeTouches: [Touch] {
        touchRouting.records.values.map(\.touch).filter { $0.kind == .finger }.sorted { $0.id < $1.id }
    }

    // MARK: Routing

    /// Starts following a touch: its view and recognizers, then tells them.
    func beginTouch(id: Int, kind: Touch.Kind, at location: Point, tapCount: Int) {
        let target = hitTest(location) ?? self
        let touch = Touch(id: id, phase: .began, kind: kind, location: location, timestamp: currentTime, tapCount: tapCount)
        let recognizers = gestureRecognizers(from: target, for: kind)
        // Recognizers waiting between taps elsewhere lose their gesture.
        for recognizer in touchRouting.active where recognizer.state == .possible && recognizer.touches.isEmpty
            && !recognizers.contains(where: { $0 === recognizer }) && !recognizer.isHoldingRecognition
        {
            recognizer.state = .failed
        }
        if kind == .finger { inputMethodRouter?.pointerWillPress(in: target) }
        touchRouting.records[id] = TouchRouting.Record(touch: touch, view: target, recognizers: recognizers, start: location)
        for recognizer in recognizers where !touchRouting.active.contains(where: { $0 === recognizer }) {
            touchRouting.active.append(recognizer)
        }
        let event = touchEvent()
        for recognizer in recognizers { recognizer.receive([touch], phase: .began, event: event) }
        guard kind == .finger, var record = touchRouting.records[id], !record.cancelledInView else { return }
        if recognizers.contains(where: { $0.delaysTouchesBegan && $0.state == .possible }) {
            record.delayedUntil = currentTime + TouchRouting.contentTouchDelay
            touchRouting.records[id] = record
        } else {
            deliverToView(id: id, .began)
        }
    }

    /// Moves, lifts or cancels a touch being followed.
    func continueTouch(id: Int, phase: Touch.Phase, at location: Point) {
        guard var record = touchRouting.records[id] else { return }
        record.touch.previousLocation = record.touch.location
        record.touch.location = location
        record.touch.phase = phase
        record.touch.timestamp = currentTime
        if location.distance(to: record.start) > TouchRouting.tapSlop || phase == .cancelled { record.isTap = false }
        touchRouting.records[id] = record
        let event = touchEvent()
        for recognizer in record.recognizers { recognizer.receive([record.touch], phase: phase, event: event) }
        guard let current = touchRouting.records[id] else { return }
        if phase == .moved {
            if current.deliveredToView, !current.cancelledInView { deliverToView(id: id, .moved) }
            return
        }
        if record.touch.kind == .finger, !current.cancelledInView {
            if current.delayedUntil != nil, phase == .ended { deliverToView(id: id, .began) }
            if phase == .ended, current.isTap, let view = current.view, view.window === self {
                applyPressFocusRules(to: view)
            }
            if touchRouting.records[id]?.deliveredToView == true { deliverToView(id: id, phase) }
        }
        touchRouting.records[id] = nil
        if let view = current.view, view.pointerTouchID == id { view.pointerTouchID = nil }
        pruneRecognizers()
    }

    /// Tells the touch's view of it, in `phase`, with the touch as it is now.
    private func deliverToView(id: Int, _ phase: Touch.Phase) {
        guard var record = touchRouting.records[id], let view = record.view, view.window === self else { return }
        record.delayedUntil = nil
        record.deliveredToView = true
        touchRouting.records[id] = record
        var touch = record.touch
        touch.phase = phase
        let event = touchEvent()
        switch phase {
        case .began: view.touchesBegan([touch], with: event)
        case .moved: view.touchesMoved([touch], with: event)
        case .ended: view.touchesEnded([touch], with: event)
        case .cancelled: view.touchesCancelled([touch], with: event)
        }
    }

    /// The touches down now, as an event at the window's time.
    private func touchEvent() -> TouchEvent {
        TouchEvent(timestamp: currentTime, allTouches: activeTouches)
    }

    /// The enabled recognizers of `view` and the views above it that take `kind`, nearest first.
    private func gestureRecognizers(from view: View, for kind: Touch.Kind) -> [GestureRecognizer] {
        var found: [GestureRecognizer] = []
        var current: View? = view
        while let each = current {
            for recognizer in each.attachedGestureRecognizers
            where recognizer.isEnabled && recognizer.allowedTouchKinds.contains(kind) {
                found.append(recognizer)
            }
            current = each.superview
        }
        return found
    }

    /// Forgets recognizers that are back to possible with no touch and nothing to wait for.
    private func pruneRecognizers() {
        touchRouting.active.removeAll(where: \.isIdle)
    }

    // MARK: Recognizers' news

    /// `recognizer` began or was recognized: the others on its touches fail,
    /// and the views under them lose the touches when it cancels them.
    func gestureRecognizerDidRecognize(_ recognizer: GestureRecognizer) {
        for (id, record) in touchRouting.records where record.recognizers.contains(where: { $0 === recognizer }) {
            for other in record.recognizers
            where other !== recognizer && other.state == .possible && !other.waits(on: recognizer) {
                other.state = .failed
            }
            guard recognizer.cancelsTouchesInView, var current = touchRouting.records[id], !current.cancelledInView
            else { continue }
            current.cancelledInView = true
            current.isTap = false
            let delivered = current.deliveredToView
            current.delayedUntil = nil
            touchRouting.records[id] = current
            if id == TouchRouting.pointerID {
                cancelPointerPress(at: current.touch.location)
            } else if delivered {
                deliverToView(id: id, .cancelled)
            }
        }
    }

    /// `recognizer`'s gesture is over: recognizers waiting for it to fail hear of it.
    func gestureRecognizerDidFinish(_ recognizer: GestureRecognizer) {
        for other in touchRouting.active where other !== recognizer && other.waits(on: recognizer) {
            other.requiredRecognizerFinished(recognizer)
        }
    }

    /// `recognizer` holds a recognition until another fails: keep it in view.
    func gestureRecognizerIsWaiting(_ recognizer: GestureRecognizer) {
        if !touchRouting.active.contains(where: { $0 === recognizer }) { touchRouting.active.append(recognizer) }
    }

    /// `recognizer` went back to possible.
    func gestureRecognizerDidReset(_ recognizer: GestureRecognizer) {
        guard recognizer.isIdle else { return }
        touchRouting.active.removeAll { $0 === recognizer }
    }

    /// `recognizer` leaves its view: its gesture ends and no touch reaches it any more.
    func gestureRecognizerWillDetach(_ recognizer: GestureRecognizer) {
        for (id, var record) in touchRouting.records {
            record.recognizers.removeAll { $0 === recognizer }
            touchRouting.records[id] = record
        }
        recognizer.endGesture()
        touchRouting.active.removeAll { $0 === recognizer }
    }

    // MARK: Time

    /// When a recognizer or a held touch next needs the clock, if ever.
    var nextTouchDeadline: Double? {
        var due = touchRouting.active.compactMap(\.nextDeadline).min()
        for record in touchRouting.records.values {
            if let until = record.delayedUntil { due = min(due ?? until, until) }
            if let until = record.view?.heldPressDeadline { due = min(due ?? until, until) }
        }
        return due
    }

    /// Lets recognizers and held touches whose time came act.
    func advanceTouches(to time: Double) {
        guard !touchRouting.active.isEmpty || !touchRouting.records.isEmpty else { return }
        for recognizer in touchRouting.active {
            if let due = recognizer.nextDeadline, due <= time { recognizer.timeDidPass(time) }
        }
        var woken: Set<ObjectIdentifier> = []
        for (id, record) in touchRouting.records {
            if let until = record.delayedUntil, until <= time, !record.cancelledInView { deliverToView(id: id, .began) }
            if let view = record.view, let due = view.heldPressDeadline, due <= time,
                woken.insert(ObjectIdentifier(view)).inserted
            {
                view.heldPressTimeDidPass(time)
            }
        }
        pruneRecognizers()
    }

    // MARK: The pointer as a touch

    /// Shows the primary pointer button to gesture recognizers as a touch of kind ``Touch/Kind/pointer``.
    func routePointerToRecognizers(_ event: PointerEvent) {
        guard event.button == 1 else { return }
        let id = TouchRouting.pointerID
        switch event.kind {
        case .down:
            if touchRouting.records[id] != nil { continueTouch(id: id, phase: .cancelled, at: event.location) }
            beginTouch(id: id, kind: .pointer, at: event.location, tapCount: event.clickCount)
        case .dragged: continueTouch(id: id, phase: .moved, at: event.location)
        case .up: continueTouch(id: id, phase: .ended, at: event.location)
        case .scroll: break
        }
    }

    /// A recognizer took the pointer's press: the pressed view gets a cancelled release, and no more of it.
    private func cancelPointerPress(at location: Point) {
        guard let target = pointerTarget else { return }
        pointerTarget = nil
        var release = PointerEvent(.up, at: location)
        release.isCancelled = true
        if target.window === self { target.pointerUp(release) }
    }

    /// Whether the pointer's press was taken by a recognizer (its drags and release go nowhere).
    var pointerPressWasTaken: Bool { touchRouting.records[TouchRouting.pointerID]?.cancelledInView == true }
}
