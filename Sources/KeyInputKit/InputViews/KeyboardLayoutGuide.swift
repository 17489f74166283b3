/// How much of a view the input views cover, following them frame by frame
/// on the window's clock and the input views' own curve.
///
/// Ask it for a bottom inset and lay out with that: a bottom bar rides on
/// top of the keyboard, in step with its animation. A form needs none of
/// this: put it in a ``ScrollView``, which keeps the focused field above the
/// keyboard by itself.
@MainActor
public final class KeyboardLayoutGuide {
    private weak var window: Window?
    private let observers = Observers<Void>()

    init(window: Window) {
        self.window = window
    }

    /// The input views' frame now, in window coordinates: zero height at
    /// the window's bottom edge when none is shown.
    public var frame: Rect { window?.keyboardFrame ?? .zero }

    /// How far the input views reach into `view` from its bottom edge, now.
    ///
    /// - Returns: 0 when they do not overlap the view.
    public func bottomInset(for view: View) -> Double {
        Self.inset(of: view.frameInWindow, coveredBy: frame)
    }

    /// How far `keyboard` reaches into `rect` from its bottom edge (both in window coordinates).
    static func inset(of rect: Rect, coveredBy keyboard: Rect) -> Double {
        guard keyboard.height > 0, rect.maxX > keyboard.minX, rect.minX < keyboard.maxX else { return 0 }
        return max(0, min(rect.height, rect.maxY - keyboard.minY))
    }

    /// How far `content` must move up so that `target` (inside it) sits
    /// `margin` above the input views at the end of their animation.
    ///
    /// A ``ScrollView`` does this, and the scrolling, by itself.
    ///
    /// - Parameters:
    ///   - target: The view to show, where it is now.
    ///   - margin: The space to leave above the input views, in points.
    /// - Returns: 0 when the target is already clear of them.
    public func scrollOffset(toReveal target: View, margin: Double = 8) -> Double {
        guard let window else { return 0 }
        return max(0, target.frameInWindow.maxY + margin - window.keyboardFinalFrame.minY)
    }

    /// Calls `body` each time the input views move (every clock tick of an animation).
    ///
    /// - Parameter body: Called on the main actor after each move.
    /// - Returns: A token that stops the calls when cancelled.
    @discardableResult
    public func observe(_ body: @escaping () -> Void) -> ObservationToken {
        observers.add(body)
    }

    func keyboardDidChange() {
        observers.notify(())
    }
}
