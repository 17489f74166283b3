extension ScrollView {
    /// How a finger dragging the content dismisses the keyboard: UIKit's
    /// `UIScrollView.KeyboardDismissMode`.
    public enum KeyboardDismissMode: Hashable, Sendable {
        /// Dragging never dismisses it.
        case none
        /// The first responder resigns as soon as a drag starts scrolling.
        case onDrag
        /// The first responder resigns when the finger drags down into the
        /// input views and lifts there, or while still moving down; a finger
        /// that goes back up keeps the keyboard.
        case interactive
    }

    /// Below this speed, in points per second, a finger counts as still.
    private static let stillFingerSpeed = 50.0

    /// Notes a finger, at `location` in window coordinates, reaching into the input views.
    func trackInteractiveDismissal(at location: Point) {
        guard keyboardDismissMode == .interactive, let window else { return }
        if isInKeyboard(location, of: window) { dragReachedKeyboard = true }
    }

    /// Resigns the first responder when the finger that lifted at `location`,
    /// at `velocity` (window coordinates), dragged down into the input views and stays.
    func finishInteractiveDismissal(at location: Point, velocity: Point) {
        defer { dragReachedKeyboard = false }
        guard keyboardDismissMode == .interactive, dragReachedKeyboard, let window,
            let first = window.firstResponder
        else { return }
        let movingDown = velocity.y > Self.stillFingerSpeed
        let stays = isInKeyboard(location, of: window) && velocity.y > -Self.stillFingerSpeed
        if movingDown || stays { _ = first.resignFirstResponder() }
    }

    /// Whether `location` (window coordinates) is over input views on screen.
    private func isInKeyboard(_ location: Point, of window: Window) -> Bool {
        let keyboard = window.keyboardFrame
        return keyboard.height > 0 && location.y >= keyboard.minY && location.x >= keyboard.minX
            && location.x <= keyboard.maxX
    }
}
