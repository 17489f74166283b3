extension Window {
    /// How long a host's event loop may wait for events before it must move
    /// the clock: a frame while input views animate; until the next key
    /// repeat, at most a frame, while a key repeats; else until the caret
    /// next blinks (``nextRedrawTime``), at most `idleTimeout`. A millisecond
    /// at least: a poll counts whole milliseconds.
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
        if isAnimatingInputViews { return frameInterval }
        if let due = keyboard?.nextRepeatTime { return min(frameInterval, max(0.001, due - now)) }
        guard let due = nextRedrawTime else { return idleTimeout }
        return min(idleTimeout, max(0.001, due - now))
    }
}
