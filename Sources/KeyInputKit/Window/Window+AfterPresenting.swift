extension Window {
    /// Leaves `work` until the frame being drawn is on screen: a keystroke
    /// is drawn first, and what can wait (laying its line out again) after.
    ///
    /// - Parameter work: Runs at the next ``performWorkAfterPresenting()``.
    func afterPresenting(_ work: @escaping @MainActor () -> Void) {
        workAfterPresenting.append(work)
    }

    /// Whether work waits for the next frame to be on screen.
    public var hasWorkAfterPresenting: Bool { !workAfterPresenting.isEmpty }

    /// How long after a frame hosts leave its work: the display server
    /// draws the frame in well under this, and the work would take the CPU it needs.
    public static let delayOfWorkAfterPresenting = 0.002

    /// For a host's loop, after each turn's frame has gone out: does the
    /// work after presenting once ``delayOfWorkAfterPresenting`` has passed
    /// since the first frame that left some.
    ///
    /// - Parameter now: The host's clock, in seconds.
    /// - Returns: When the work falls due, for the loop's wait; `nil` when none waits.
    @discardableResult
    public func performWorkAfterPresentingIfDue(now: Double) -> Double? {
        guard hasWorkAfterPresenting else {
            workAfterPresentingDue = nil
            return nil
        }
        let due = workAfterPresentingDue ?? now + Self.delayOfWorkAfterPresenting
        guard now >= due else {
            workAfterPresentingDue = due
            return due
        }
        workAfterPresentingDue = nil
        performWorkAfterPresenting()
        // Work it left for the next frame (a long line laid out in steps) wakes the loop's wait in time.
        if hasWorkAfterPresenting { workAfterPresentingDue = now + Self.delayOfWorkAfterPresenting }
        return nil
    }

    /// Does the work left until a frame is on screen, such as laying out
    /// again the line a keystroke was drawn into at once. Hosts call it
    /// after they present a frame, and draw again if it marked anything
    /// (``needsDisplay``); pictures of the window (``renderSnapshot(to:)``)
    /// call it first.
    public func performWorkAfterPresenting() {
        guard !workAfterPresenting.isEmpty else { return }
        let work = workAfterPresenting
        workAfterPresenting = []
        for item in work { item() }
    }
}
