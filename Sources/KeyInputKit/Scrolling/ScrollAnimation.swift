/// A content offset moving from one point to another along a curve, on a window's clock.
struct ScrollAnimation: Hashable, Sendable {
    /// Where the offset starts.
    var from: Point
    /// Where it ends.
    var to: Point
    /// The clock time it starts at, in seconds.
    var start: Double
    /// How long it runs, in seconds.
    var duration: Double
    /// Its timing curve.
    var curve: AnimationCurve

    /// Whether the animation is over at `time`.
    func isFinished(at time: Double) -> Bool { duration <= 0 || time >= start + duration }

    /// The offset at `time`: `from` before the start, `to` once it is over.
    func offset(at time: Double) -> Point {
        guard !isFinished(at: time) else { return to }
        let progress = curve.progress(at: (time - start) / duration)
        return Point(x: from.x + (to.x - from.x) * progress, y: from.y + (to.y - from.y) * progress)
    }
}
