/// A scroll view's pan: a finger drag, which begins at once — at
/// touch-down, without the slop — when the finger catches content still
/// moving by itself, so that touch-down stops it and taps nothing under it.
@MainActor
final class ScrollPanGestureRecognizer: PanGestureRecognizer {
    /// Whether the gesture began by catching moving content, and has not moved since.
    private(set) var caughtMovingContent = false

    override func touchesBegan(_ touches: [Touch], with event: TouchEvent) {
        super.touchesBegan(touches, with: event)
        guard state == .possible, self.touches.count == touches.count,
            let scroll = view as? ScrollView, scroll.isDecelerating
        else { return }
        // UIKit's rule: a finger on moving content stops it, and that touch presses nothing.
        scroll.stopDeceleration()
        caughtMovingContent = true
        state = .began
    }

    override func touchesMoved(_ touches: [Touch], with event: TouchEvent) {
        let moved = touches.contains { $0.location != $0.previousLocation }
        if moved, state == .began || state == .changed { caughtMovingContent = false }
        // Content that fits scrolls nowhere: the touch stays with the view under it.
        if state == .possible, let scroll = view as? ScrollView, !scroll.canScrollByFinger { state = .failed }
        super.touchesMoved(touches, with: event)
    }

    override func reset() {
        super.reset()
        caughtMovingContent = false
    }
}
