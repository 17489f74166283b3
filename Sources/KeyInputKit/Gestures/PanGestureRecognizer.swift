/// Recognizes a drag: continuous, it begins once the touches move past a
/// small distance, changes as they move, and ends when they lift — with the
/// ``translation(in:)`` since touch-down and the ``velocity(in:)`` a flick
/// leaves behind.
@MainActor
open class PanGestureRecognizer: GestureRecognizer {
    /// The fewest fingers that pan. 1 by default.
    public var minimumNumberOfTouches = 1
    /// The most fingers that pan. No limit by default.
    public var maximumNumberOfTouches = Int.max
    /// How far the touches move before the pan begins, in points: 10 for a finger, 3 for the pointer.
    public var minimumDistance: Double?

    /// Where the translation counts from, in window coordinates.
    private var origin: Point?
    /// Recent (time, centroid) samples, for the velocity.
    private var samples: [(time: Double, location: Point)] = []
    /// The centroid the last event left, to keep the translation steady when fingers come and go.
    private var lastCentroid: Point?
    /// The velocity when the touches lifted.
    private var finalVelocity: Point?

    /// How far the touches moved since touch-down, in `view`'s coordinates (the window's for `nil`).
    public func translation(in view: View?) -> Point {
        guard let origin else { return .zero }
        let now = centroid
        return Self.vector(from: origin, to: now, in: view)
    }

    /// Makes the translation `translation` from now on (`.zero` to measure from here).
    public func setTranslation(_ translation: Point, in view: View?) {
        let now = centroid
        let inWindow = Self.vector(from: .zero, to: translation, in: view, inverse: true)
        origin = Point(x: now.x - inWindow.x, y: now.y - inWindow.y)
    }

    /// How fast the touches moved over the last tenth of a second, in points per second in `view`'s coordinates.
    ///
    /// Once the touches lifted, it is the velocity they lifted with: zero when the finger stopped before it lifted.
    public func velocity(in view: View?) -> Point {
        let velocity = finalVelocity ?? sampledVelocity(at: samples.last?.time ?? 0)
        return Self.vector(from: .zero, to: velocity, in: view)
    }

    open override func touchesBegan(_ touches: [Touch], with event: TouchEvent) {
        super.touchesBegan(touches, with: event)
        if self.touches.count > maximumNumberOfTouches {
            if state == .possible { state = .failed }
            return
        }
        if origin == nil { origin = centroid }
        keepTranslationSteady()
        record(event.timestamp)
    }

    open override func touchesMoved(_ touches: [Touch], with event: TouchEvent) {
        super.touchesMoved(touches, with: event)
        lastCentroid = centroid
        record(event.timestamp)
        switch state {
        case .possible:
            guard self.touches.count >= minimumNumberOfTouches, let origin else { return }
            let slop = minimumDistance ?? (touches.contains { $0.kind == .finger } ? 10 : 3)
            if centroid.distance(to: origin) >= slop { state = .began }
        case .began, .changed: state = .changed
        default: break
        }
    }

    open override func touchesEnded(_ touches: [Touch], with event: TouchEvent) {
        let lifting = touches.count == self.touches.count
        if lifting { finalVelocity = sampledVelocity(at: event.timestamp) }
        super.touchesEnded(touches, with: event)
        if !lifting { return keepTranslationSteady() }
        switch state {
        case .possible: state = .failed
        case .began, .changed: state = .ended
        default: break
        }
    }

    open override func reset() {
        origin = nil
        samples = []
        lastCentroid = nil
        finalVelocity = nil
    }

    /// Moves the origin so that a finger coming or going does not jump the translation.
    private func keepTranslationSteady() {
        guard let last = lastCentroid, let origin else {
            lastCentroid = centroid
            return
        }
        let now = centroid
        self.origin = Point(x: origin.x + now.x - last.x, y: origin.y + now.y - last.y)
        lastCentroid = now
    }

    private func record(_ time: Double) {
        samples.append((time, centroid))
        samples.removeAll { $0.time < time - 0.1 }
    }

    /// Points per second from the oldest sample of the last 0.1 s to the newest, as of `time`.
    private func sampledVelocity(at time: Double) -> Point {
        let recent = samples.filter { $0.time >= time - 0.1 }
        guard let first = recent.first, let last = recent.last, last.time > first.time else { return .zero }
        let seconds = last.time - first.time
        return Point(x: (last.location.x - first.location.x) / seconds, y: (last.location.y - first.location.y) / seconds)
    }

    /// `to - from` as a vector in `view`'s coordinates (or back into the window's with `inverse`).
    private static func vector(from: Point, to: Point, in view: View?, inverse: Bool = false) -> Point {
        guard let view else { return Point(x: to.x - from.x, y: to.y - from.y) }
        let a = inverse ? view.convert(from, to: nil) : view.convert(from, from: nil)
        let b = inverse ? view.convert(to, to: nil) : view.convert(to, from: nil)
        return Point(x: b.x - a.x, y: b.y - a.y)
    }
}
