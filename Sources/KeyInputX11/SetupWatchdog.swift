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
final class SetupWatchdog: Sendable {
    private enum State { case waiting, finished, fired }
    private let state = Mutex(State.waiting)

    /// Starts the watch on `descriptor`, for `seconds`.
    init(descriptor: Int32, seconds: Double) {
        DispatchQueue.global().asyncAfter(deadline: .now() + seconds) { [self] in
            state.withLock { state in
                guard state == .waiting else { return }
                state = .fired
                shutdown(descriptor, Int32(SHUT_RDWR))
            }
        }
    }

    /// Ends the watch; after this the descriptor is never touched.
    ///
    /// - Returns: Whether the time ran out first (the connection is then broken).
    func finish() -> Bool {
        state.withLock { state in
            guard state == .waiting else { return true }
            state = .finished
            return false
        }
    }
}
