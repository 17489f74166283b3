import Dispatch
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Ends `xcb_connect_to_fd`'s wait for the server's setup reply after a
/// time: it shuts the socket down (xcb then sees the end of the stream and
/// returns a failed connection), unless ``finish()`` came first.
///
/// One atomic word, not a `Mutex`: the thread sanitizer does not see the
/// standard library's `Mutex` order the timer before ``finish()``, and
/// reported a data race in one run of three of the silent-display tests.
final class SetupWatchdog: Sendable {
    private static let waiting: UInt8 = 0
    private static let finished: UInt8 = 1
    private static let firing: UInt8 = 2
    private static let fired: UInt8 = 3
    private let state = Atomic<UInt8>(SetupWatchdog.waiting)

    /// Starts the watch on `descriptor`, for `seconds`.
    init(descriptor: Int32, seconds: Double) {
        DispatchQueue.global().asyncAfter(deadline: .now() + seconds) { [self] in
            guard
                state.compareExchange(
                    expected: Self.waiting, desired: Self.firing, ordering: .acquiring
                ).exchanged
            else { return }
            shutdown(descriptor, Int32(SHUT_RDWR))
            state.store(Self.fired, ordering: .releasing)
        }
    }

    /// Ends the watch; after this the descriptor is never touched.
    ///
    /// - Returns: Whether the time ran out first (the connection is then broken).
    func finish() -> Bool {
        let (exchanged, seen) = state.compareExchange(
            expected: Self.waiting, desired: Self.finished, ordering: .acquiring)
        if exchanged { return false }
        if seen == Self.finished { return false }
        // The timer is inside `shutdown`: wait the few microseconds it takes.
        while state.load(ordering: .acquiring) == Self.firing { sched_yield() }
        return true
    }
}
