extension ScrollView {
    /// Lets the content go on at `velocity` (content points per second) on
    /// the window's clock, slowing at ``decelerationRate`` and springing back
    /// to an edge it passes — or just springs back when it is past one.
    func startDeceleration(velocity: Point) {
        animation = nil
        stopDeceleration()
        guard let window else { return setOffset(clamped(contentOffset)) }
        let limits = offsetLimits
        let time = window.currentTime
        let rate = decelerationRate.rawValue
        var motion = (
            x: ScrollMomentum(
                position: contentOffset.x, velocity: limits.x.upperBound > 0 ? velocity.x : 0, limits: limits.x,
                rate: rate, time: time),
            y: ScrollMomentum(
                position: contentOffset.y, velocity: limits.y.upperBound > 0 ? velocity.y : 0, limits: limits.y,
                rate: rate, time: time)
        )
        guard !motion.x.isFinished || !motion.y.isFinished else {
            return setOffset(Point(x: motion.x.position(at: time), y: motion.y.position(at: time)))
        }
        momentum = motion
        window.startFrameAnimation(owner: self) { [weak self, weak window] time in
            guard let self, let window, self.window === window, var motion = self.momentum else {
                self?.momentum = nil
                return false
            }
            let offset = Point(x: motion.x.position(at: time), y: motion.y.position(at: time))
            let over = motion.x.isFinished && motion.y.isFinished
            self.momentum = over ? nil : motion
            self.setOffset(offset)
            return !over
        }
    }

    /// Stops the content where it is, if it moves by itself after a flick.
    func stopDeceleration() {
        guard momentum != nil else { return }
        momentum = nil
        window?.stopFrameAnimation(owner: self)
    }
}
