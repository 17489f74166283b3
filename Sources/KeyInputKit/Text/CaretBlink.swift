/// When a caret shows: on and off by turns, each half a second, starting
/// visible at the last edit or caret move, so it holds steady while the
/// person types; after ten seconds without either it stays on (as GTK's
/// caret stops blinking), and the host can sleep.
struct CaretBlink {
    /// How long the caret is on, then off.
    static let interval = 0.5
    /// How long after the last activity it blinks.
    static let timeout = 10.0

    /// The last edit or caret move, on the window's clock.
    var lastActivity = 0.0

    /// Whether the caret shows at `time`.
    func isVisible(at time: Double) -> Bool {
        let elapsed = time - lastActivity
        guard elapsed >= 0, elapsed < Self.timeout else { return true }
        return Int(elapsed / Self.interval) % 2 == 0
    }

    /// When it next turns on or off after `time`, or `nil` when it holds still.
    func nextChange(after time: Double) -> Double? {
        let elapsed = max(0, time - lastActivity)
        guard elapsed < Self.timeout else { return nil }
        return lastActivity + (Double(Int(elapsed / Self.interval)) + 1) * Self.interval
    }
}

/// A view whose drawing changes with time alone: the first responder's caret.
@MainActor
protocol CaretBlinking: AnyObject {
    /// When the caret next turns on or off after `time`, or `nil`.
    func nextCaretBlink(after time: Double) -> Double?
}
