extension Window {
    /// How long a host's event loop may wait for events before it must move
    /// the clock: a frame while input views animate or a view scrolls or spins
    /// by itself; until the next key repeat, at most a frame, while a key
    /// repeats; else until the caret next blinks (``nextRedrawTime``) or a
    /// gesture's time comes (a long press), at most `idleTimeout`. A
    /// millisecond at least: a poll counts whole milliseconds.
    ///
    /// - Parameters:
    ///   - keyboard: The keyboard whose repeats the loop makes, if any.
    ///   - now: The time now, on the clock of ``advanceTime(to:)``.
    ///   - frameInterval: The wait while something moves, in seconds.
    ///   - idleTimeout: The longest wait, in seconds.
    /// - Returns: Seconds to wait.
    public func longestWait(
        keyboard: HardwareKeyboard?, now: Double, frameInterval: Double, idleTimeout: Double
    ) -> Double {
        if isAnimatingInputViews || !frameAnimations.isEmpty { return frameInterval }
        var wait = idleTimeout
        if let due = keyboard?.nextRepeatTime { wait = min(frameInterval, max(0.001, due - now)) }
        if let due = nextTouchDeadline { wait = min(wait, max(0.001, due - now)) }
        if let due = nextRedrawTime { wait = min(wait, max(0.001, due - now)) }
        return wait
    }
}
