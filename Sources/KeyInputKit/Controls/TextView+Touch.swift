import Foundation

extension TextView {
    /// Points per second below which a flick's momentum stops.
    static let momentumFloor = 20.0

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

    /// Scrolls on at `velocity` points per second, slowing as UIKit's normal deceleration does, until it stops or meets an end.
    private func startMomentum(velocity start: Double) {
        guard let window, abs(start) > Self.momentumFloor else { return }
        var velocity = start
        var last = window.currentTime
        window.startFrameAnimation(owner: self) { [weak self] time in
            guard let self else { return false }
            let elapsed = time - last
            last = time
            let before = scrolledOffset
            setContentOffset(Point(x: before.x, y: before.y + velocity * elapsed))
            velocity *= pow(0.998, elapsed * 1000)
            return abs(velocity) > Self.momentumFloor && scrolledOffset != before
        }
    }
}
