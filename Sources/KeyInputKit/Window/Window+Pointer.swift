extension Window {
    /// Delivers a pointer event: dismissal policy, then focus, then the view under the pointer.
    ///
    /// A press is never swallowed: focus moves or the keyboard is dismissed,
    /// and then the pressed view still gets the press. Drags and the release
    /// go to the view that got the press — unless a gesture recognizer takes
    /// the press (the view then gets a release with ``PointerEvent/isCancelled``
    /// set, and nothing more of it). While keys wait for the
    /// ``inputMethod``'s answer, pointer events wait behind them, in order.
    ///
    /// - Parameter event: The event, in window coordinates.
    public func sendPointerEvent(_ event: PointerEvent) {
        if inputStateUpdateIsPending { deliverPendingInputStateUpdate() }
        // A click after a paste that has not landed yet must not move where it lands.
        if _slowPath(pastesPending > 0), inputMethodRouter?.isRouting != true, holdsForPaste(.pointer(event)) { return }
        // Keys still with the input method go first: a click never overtakes them.
        if let router = inputMethodRouter, router.defers(event) { return }
        // Hit testing reads frames: lay out first, as drawing does.
        if hasPendingLayout { layoutIfNeeded() }
        switch event.kind {
        case .down:
            // A press outside an open menu closes it and goes no further.
            if _slowPath(!presentedPopups.isEmpty), routePressAroundPopups(at: event.location) { return }
            let target = hitTest(event.location) ?? self
            if _slowPath(event.button == 3), openEditMenu(forSecondaryClickOn: target, at: event.location) { return }
            pointerTarget = target
            inputMethodRouter?.pointerWillPress(in: target)
            applyPressFocusRules(to: target)
            routePointerToRecognizers(event)
            if pointerTarget === target, target.window === self { target.pointerDown(event) }
        case .up:
            let taken = pointerPressWasTaken
            routePointerToRecognizers(event)
            let target = taken ? nil : pointerTarget ?? hitTest(event.location)
            pointerTarget = nil
            if let target, target.window === self { target.pointerUp(event) }
        case .dragged:
            routePointerToRecognizers(event)
            if let target = pointerTarget, target.window === self { target.pointerDragged(event) }
        case .scroll:
            if let target = hitTest(event.location), target.window === self { target.scrollWheel(event) }
        }
    }
}
