extension ScrollView {
    /// How a finger dragging the content dismisses the keyboard: UIKit's
    /// `UIScrollView.KeyboardDismissMode`.
    public enum KeyboardDismissMode: Hashable, Sendable {
        /// Dragging never dismisses it.
        case none
        /// The first responder resigns as soon as a drag starts scrolling.
        case onDrag
        /// The input views follow a finger that drags down into them, and
        /// back up. When it lifts moving down, or with them more than half
        /// hidden, they slide away and the first responder resigns; otherwise
        /// they slide back up.
        case interactive
    }

    /// Below this speed, in points per second, a finger counts as still.
    private static let stillFingerSpeed = 50.0

    /// Notes a finger, at `location` in window coordinates, reaching into
    /// the input views, and from then on moves them down with it.
    func trackInteractiveDismissal(at location: Point) {
        guard keyboardDismissMode == .interactive, let rest = window?.restingInputViewsFrame, rest.height > 0
        else { return }
        if location.y >= rest.minY && location.x >= rest.minX && location.x <= rest.maxX { dragReachedKeyboard = true }
        if dragReachedKeyboard { window?.setInteractiveKeyboardOffset(location.y - rest.minY) }
    }

    /// Lets go of the input views when the finger that dragged into them
    /// lifts, at `velocity` (window coordinates): dismissed when it moves
    /// down or they are more than half hidden, back up otherwise.
    func finishInteractiveDismissal(velocity: Point) {
        defer { dragReachedKeyboard = false }
        guard keyboardDismissMode == .interactive, dragReachedKeyboard, let window,
            let rest = window.restingInputViewsFrame
        else { return }
        let movingDown = velocity.y > Self.stillFingerSpeed
        let mostlyHidden = window.keyboardFrame.minY - rest.minY > rest.height / 2
        window.endInteractiveKeyboardDrag(dismiss: movingDown || mostlyHidden)
    }
}
