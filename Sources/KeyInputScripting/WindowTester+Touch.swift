import KeyInputKit

extension WindowTester {
    // MARK: Touch, on the tester's clock

    /// Taps the middle of a view with one finger: down, ``clickInterval``, up, ``clickInterval``.
    ///
    /// - Throws: ``WindowTesterError`` as ``click(_:)`` does.
    public func tap(_ view: View) throws(WindowTesterError) {
        tap(at: try aimPoint(for: view, doing: "tap"))
    }

    /// Taps the view whose `View.identifier` is `identifier`.
    ///
    /// - Throws: ``WindowTesterError`` as ``click(identifier:)`` does.
    public func tap(identifier: String) throws(WindowTesterError) { try tap(view(identifier: identifier)) }

    /// Taps a point in window coordinates with one finger.
    public func tap(at point: Point) {
        let finger = touchDown(at: point)
        advance(by: clickInterval)
        touchUp(finger)
        advance(by: clickInterval)
    }

    /// Taps the middle of a view twice, quickly: a double tap.
    ///
    /// - Throws: ``WindowTesterError`` as ``click(_:)`` does.
    public func doubleTap(_ view: View) throws(WindowTesterError) {
        doubleTap(at: try aimPoint(for: view, doing: "double-tap"))
    }

    /// Taps a point twice, quickly.
    public func doubleTap(at point: Point) {
        tap(at: point)
        tap(at: point)
    }

    /// Presses the middle of a view and holds the finger still for `duration` seconds before lifting it.
    ///
    /// - Throws: ``WindowTesterError`` as ``click(_:)`` does.
    public func longPress(_ view: View, duration: Double = 0.8) throws(WindowTesterError) {
        longPress(at: try aimPoint(for: view, doing: "long-press"), duration: duration)
    }

    /// Presses a point and holds the finger still for `duration` seconds before lifting it.
    public func longPress(at point: Point, duration: Double = 0.8) {
        let finger = touchDown(at: point)
        advance(by: duration)
        touchUp(finger)
        advance(by: clickInterval)
    }

    /// Drags a finger from one point to another over `duration` seconds, a
    /// move every ``tickInterval``, and holds it still a moment before
    /// lifting it: a drag that leaves no momentum.
    public func drag(from start: Point, to end: Point, duration: Double = 0.3) {
        let finger = touchDown(at: start)
        move(finger, from: start, to: end, duration: duration)
        advance(by: 0.15)
        touchUp(finger)
        advance(by: clickInterval)
    }

    /// Flicks a finger: it moves from `start` at `velocity` (points per
    /// second, in window coordinates) for 0.1 s and lifts while still
    /// moving, so what it touched goes on with momentum. The clock is not
    /// moved on after: ``settle()`` lets the momentum run out.
    public func flick(from start: Point, velocity: Point) {
        let duration = 0.1
        let end = Point(x: start.x + velocity.x * duration, y: start.y + velocity.y * duration)
        let finger = touchDown(at: start)
        move(finger, from: start, to: end, duration: duration)
        touchUp(finger)
    }

    /// Flicks a finger from the middle of a view at `velocity` points per second.
    ///
    /// - Throws: ``WindowTesterError`` as ``click(_:)`` does.
    public func flick(_ view: View, velocity: Point) throws(WindowTesterError) {
        flick(from: try aimPoint(for: view, doing: "flick"), velocity: velocity)
    }

    // MARK: Single fingers

    /// Puts a finger down at a point; returns its identity, for ``touchMove(_:to:)`` and ``touchUp(_:)``.
    @discardableResult
    public func touchDown(at point: Point) -> Int {
        let finger = (window.activeTouches.map(\.id).max() ?? -1) + 1
        fingerLocations[finger] = point
        window.sendTouch(.began, id: finger, at: point)
        return finger
    }

    /// Moves a finger that is down.
    public func touchMove(_ finger: Int, to point: Point) {
        fingerLocations[finger] = point
        window.sendTouch(.moved, id: finger, at: point)
    }

    /// Lifts a finger where it last was.
    public func touchUp(_ finger: Int) {
        let point = fingerLocations.removeValue(forKey: finger) ?? .zero
        window.sendTouch(.ended, id: finger, at: point)
    }

    /// Moves a finger in a straight line, a step every ``tickInterval``.
    private func move(_ finger: Int, from start: Point, to end: Point, duration: Double) {
        let steps = max(1, Int((duration / max(tickInterval, 0.001)).rounded(.up)))
        for step in 1...steps {
            advance(by: duration / Double(steps))
            let progress = Double(step) / Double(steps)
            touchMove(finger, to: Point(x: start.x + (end.x - start.x) * progress, y: start.y + (end.y - start.y) * progress))
        }
    }
}
