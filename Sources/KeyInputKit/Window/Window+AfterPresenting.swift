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
