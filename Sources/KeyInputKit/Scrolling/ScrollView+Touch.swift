extension ScrollView {
    // MARK: The finger's pan

    /// Follows ``panGestureRecognizer`` through its gesture.
    func panGestureDidChange(_ pan: GestureRecognizer) {
        guard let pan = pan as? ScrollPanGestureRecognizer else { return }
        switch pan.state {
        case .began: beginDrag(pan)
        case .changed: continueDrag(pan)
        case .ended: endDrag(pan, velocity: pan.velocity(in: nil))
        case .cancelled: endDrag(pan, velocity: .zero)
        case .possible, .failed: break
        }
    }

    /// Whether a finger can scroll the content along some axis.
    var canScrollByFinger: Bool {
        let maximum = maximumContentOffset
        return maximum.x > 0 || maximum.y > 0
    }

    /// Takes the content from whatever moves it, and measures the drag from here.
    private func beginDrag(_ pan: ScrollPanGestureRecognizer) {
        dragReachedKeyboard = false
        // First, as dismissing the keyboard may start scrolling back.
        if !pan.caughtMovingContent { draggingDidBegin() }
        animation = nil
        stopDeceleration()
        pan.setTranslation(.zero, in: nil)
        dragStart = rawOffset(for: contentOffset)
    }

    /// Moves the content with the finger, point for point inside the limits and against a rubber band beyond.
    private func continueDrag(_ pan: ScrollPanGestureRecognizer) {
        // A finger that caught moving content starts dragging when it moves.
        if !isDragging { draggingDidBegin() }
        animation = nil
        offsetBeforeKeyboard = nil
        let translation = pan.translation(in: nil)
        let raw = Point(x: dragStart.x - translation.x, y: dragStart.y - translation.y)
        setOffset(rubberBanded(raw))
        trackInteractiveDismissal(at: pan.location(in: nil))
    }

    /// Lets the content go on with the finger's `velocity` (window coordinates), or spring back from an edge.
    private func endDrag(_ pan: ScrollPanGestureRecognizer, velocity: Point) {
        let wasDragging = isDragging
        isDragging = false
        if wasDragging { finishInteractiveDismissal(velocity: velocity) }
        // The content moves against the finger, slowed by the band where it is stretched.
        let raw = rawOffset(for: contentOffset)
        let limits = offsetLimits
        let give = Point(
            x: RubberBand.give(at: raw.x, limits: limits.x, dimension: frame.width),
            y: RubberBand.give(at: raw.y, limits: limits.y, dimension: frame.height))
        startDeceleration(velocity: Point(x: -velocity.x * give.x, y: -velocity.y * give.y))
    }

    /// The drag starts scrolling: it is a drag now, and may dismiss the keyboard.
    private func draggingDidBegin() {
        isDragging = true
        if keyboardDismissMode == .onDrag, let first = window?.firstResponder { _ = first.resignFirstResponder() }
    }

    // MARK: Offsets past the edges

    /// The offsets each axis may rest at: none but zero along an axis whose content fits.
    var offsetLimits: (x: ClosedRange<Double>, y: ClosedRange<Double>) {
        let maximum = maximumContentOffset
        return (0...maximum.x, 0...maximum.y)
    }

    /// The offset shown for `raw`, the finger's own: rubber-banded past the
    /// limits, and still along an axis whose content fits.
    func rubberBanded(_ raw: Point) -> Point {
        let limits = offsetLimits
        return Point(
            x: limits.x.upperBound > 0 ? RubberBand.offset(raw.x, limits: limits.x, dimension: frame.width) : 0,
            y: limits.y.upperBound > 0 ? RubberBand.offset(raw.y, limits: limits.y, dimension: frame.height) : 0)
    }

    /// The finger's offset that shows `offset`.
    func rawOffset(for offset: Point) -> Point {
        let limits = offsetLimits
        return Point(
            x: RubberBand.raw(offset.x, limits: limits.x, dimension: frame.width),
            y: RubberBand.raw(offset.y, limits: limits.y, dimension: frame.height))
    }
}
