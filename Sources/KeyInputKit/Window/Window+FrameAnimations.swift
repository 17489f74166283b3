/// A step a view takes each frame on the window's clock; it returns whether it goes on.
@MainActor
final class FrameAnimation {
    /// Who runs it, so that one owner runs one at a time.
    let owner: ObjectIdentifier
    /// Moves to a time on the window's clock; `false` once it is over.
    let step: (Double) -> Bool

    init(owner: ObjectIdentifier, step: @escaping (Double) -> Bool) {
        self.owner = owner
        self.step = step
    }
}

extension Window {
    /// Whether a view moves by itself, a step each frame: a scroll view or a
    /// picker going on after a flick, or springing back from an edge.
    public var isAnimatingContent: Bool { !frameAnimations.isEmpty }

    /// Runs `step` at each frame from now on, until it returns `false` or
    /// `owner` starts another; the host's loop wakes every frame meanwhile.
    func startFrameAnimation(owner: AnyObject, _ step: @escaping @MainActor (Double) -> Bool) {
        let id = ObjectIdentifier(owner)
        frameAnimations.removeAll { $0.owner == id }
        frameAnimations.append(FrameAnimation(owner: id, step: step))
    }

    /// Stops `owner`'s animation, if it runs one.
    func stopFrameAnimation(owner: AnyObject) {
        let id = ObjectIdentifier(owner)
        frameAnimations.removeAll { $0.owner == id }
    }

    /// Whether `owner` runs an animation.
    func runsFrameAnimation(owner: AnyObject) -> Bool {
        let id = ObjectIdentifier(owner)
        return frameAnimations.contains { $0.owner == id }
    }

    /// Takes each running animation's step to `time`, dropping those that are over.
    func stepFrameAnimations(to time: Double) {
        guard !frameAnimations.isEmpty else { return }
        // A step may start or stop animations: only those that said they are over go.
        let over = frameAnimations.filter { !$0.step(time) }
        frameAnimations.removeAll { animation in over.contains { $0 === animation } }
    }
}
