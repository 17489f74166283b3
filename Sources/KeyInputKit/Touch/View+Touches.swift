extension View {
    // MARK: Gesture recognizers

    /// The gesture recognizers attached to the view, in the order they were added.
    public var gestureRecognizers: [GestureRecognizer] { attachedGestureRecognizers }

    /// Attaches `recognizer`: it sees every touch — and the pointer's primary
    /// button — that begins on this view or inside it, before the view under it.
    ///
    /// A recognizer attached to another view moves here.
    public func addGestureRecognizer(_ recognizer: GestureRecognizer) {
        if recognizer.view === self { return }
        recognizer.view?.removeGestureRecognizer(recognizer)
        recognizer.view = self
        attachedGestureRecognizers.append(recognizer)
    }

    /// Detaches `recognizer`, cancelling a gesture it is in the middle of.
    public func removeGestureRecognizer(_ recognizer: GestureRecognizer) {
        guard recognizer.view === self else { return }
        window?.gestureRecognizerWillDetach(recognizer)
        attachedGestureRecognizers.removeAll { $0 === recognizer }
        recognizer.view = nil
    }
}

extension PointerEvent {
    /// The pointer event a touch stands for, for a view that handles only the pointer.
    init(touch: Touch, kind: Kind) {
        self.init(kind, at: touch.location, clickCount: touch.tapCount)
        isTouch = touch.kind == .finger
    }
}
