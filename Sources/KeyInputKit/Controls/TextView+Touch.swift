extension TextView {
    /// A finger dragging the text scrolls it; lifted while moving, the text goes on and slows down.
    func scrollingPanChanged(_ pan: PanGestureRecognizer) {
        switch pan.state {
        case .began:
            window?.stopFrameAnimation(owner: self)
            offsetAtPanStart = contentOffset
        case .changed:
            let moved = pan.translation(in: self)
            setContentOffset(Point(x: offsetAtPanStart.x, y: offsetAtPanStart.y - moved.y))
        case .ended:
            startMomentum(velocity: -pan.velocity(in: self).y)
        default:
            break
        }
    }

    /// Scrolls on at `velocity` points per second, slowing as a scroll view's normal deceleration does, until it stops at rest or an end.
    private func startMomentum(velocity: Double) {
        guard let window else { return }
        let limit = max(0, contentHeight - textRect.height)
        var momentum = ScrollMomentum(
            position: scrolledOffset.y, velocity: velocity, limits: 0...limit,
            rate: ScrollView.DecelerationRate.normal.rawValue, time: window.currentTime)
        guard !momentum.isFinished else { return }
        window.startFrameAnimation(owner: self) { [weak self] time in
            guard let self else { return false }
            setContentOffset(Point(x: scrolledOffset.x, y: momentum.position(at: time)))
            return !momentum.isFinished
        }
    }
}
