/// Turns a display server's event timestamps (milliseconds, wrapping after
/// 49.7 days: X11's `Time`, Wayland's `time` arguments) into times on the
/// host's clock.
///
/// A key event is stamped with when it happened, not with when the loop got
/// to it: a release read after a slow turn (a large paste, a long redraw)
/// must not look like a key held past the repeat delay, which would repeat it.
///
/// The server's clock and the host's run at the same rate; what is unknown is
/// how far apart they are. The first event sets the distance; an event that
/// would then land after the host's `now` arrived sooner than any before it,
/// and sets a shorter distance. So the mapping keeps the smallest delay seen,
/// and never gives a time after `now`.
package struct EventTimestamps {
    private var reference: (server: UInt32, host: Double)?

    package init() {}

    /// The host-clock time of a server timestamp, at most `now`.
    ///
    /// - Parameters:
    ///   - time: The event's timestamp; `0` (X11's `CurrentTime`) reads as `now`.
    ///   - now: The host's clock as the event is handled.
    package mutating func hostTime(of time: UInt32, now: Double) -> Double {
        guard time != 0 else { return now }
        guard let reference else {
            self.reference = (time, now)
            return now
        }
        // Wrapping difference: timestamps are 32-bit milliseconds.
        let elapsed = Double(Int32(bitPattern: time &- reference.server)) / 1000
        let mapped = reference.host + elapsed
        if mapped > now {
            self.reference = (time, now)
            return now
        }
        return mapped
    }
}
