import KeyInputKit
import CWayland
import Glibc

/// The one owner of a `wl_display` connection; disconnects when released.
///
/// Not isolated to an actor, so that its `deinit` may disconnect; it is used
/// from one thread at a time, so it is not `Sendable`.
package final class WaylandConnection {
    /// The display; valid while this owner lives.
    package let pointer: OpaquePointer
    /// The display's name as given, or from `WAYLAND_DISPLAY`, for messages.
    package let name: String

    /// Connects to the compositor (`wl_display_connect`).
    ///
    /// - Parameter name: A socket name in `XDG_RUNTIME_DIR` or an absolute
    ///   path; `nil` reads `WAYLAND_DISPLAY` (and libwayland's default
    ///   `wayland-0` when that is unset).
    /// - Throws: ``HostError`` naming the display and `WAYLAND_DISPLAY`
    ///   when no compositor answers.
    package init(name: String? = nil) throws {
        let shown = name ?? getenv("WAYLAND_DISPLAY").map { String(cString: $0) } ?? "wayland-0"
        guard let display = wl_display_connect(name) else {
            let reason = String(cString: strerror(errno))
            throw HostError(
                .connectionFailed,
                "cannot connect to the Wayland display \(shown) (\(reason)): is a compositor running? "
                    + "Set WAYLAND_DISPLAY to its socket name or path")
        }
        self.pointer = display
        self.name = shown
    }

    /// How long the compositor has to answer a round trip, in seconds.
    package static let answerTimeout: Double = 5

    /// Whether the compositor has answered a round trip yet.
    private var hasAnswered = false

    /// Sends queued requests and waits up to `timeout` seconds for the
    /// compositor to answer all of them, running their listeners (as
    /// `wl_display_roundtrip` does, which waits for ever: a socket that
    /// accepts the connection and never speaks Wayland would hang the program).
    ///
    /// - Parameter timeout: How long the compositor has to answer.
    /// - Throws: ``HostError`` when the connection broke, or when no answer
    ///   came in time: `connectionFailed` naming the display and
    ///   `WAYLAND_DISPLAY` when it never answered, else `connectionLost`.
    package func roundtrip(timeout: Double = WaylandConnection.answerTimeout) throws {
        guard let callback = wl_display_sync(pointer) else { throw lost() }
        let answer = RoundtripAnswer()
        let listener = ListenerStorage(
            wl_callback_listener(done: { data, _, _ in
                guard let data else { return }
                Unmanaged<RoundtripAnswer>.fromOpaque(data).takeUnretainedValue().done = true
            }))
        wl_callback_add_listener(callback, listener.pointer, Unmanaged.passUnretained(answer).toOpaque())
        defer {
            wl_callback_destroy(callback)
            withExtendedLifetime((listener, answer)) {}
        }
        let deadline = MonotonicClock.now() + timeout
        while !answer.done {
            let remaining = deadline - MonotonicClock.now()
            guard remaining > 0 else { throw silent(for: timeout) }
            _ = try dispatch(timeout: remaining)
        }
        hasAnswered = true
    }

    private func silent(for timeout: Double) -> HostError {
        let seconds = HostError.seconds(timeout)
        guard hasAnswered else {
            return HostError(
                .connectionFailed,
                "the Wayland display \(name) did not answer within \(seconds) seconds: something accepts connections "
                    + "there but does not speak Wayland (is the compositor hung? Set WAYLAND_DISPLAY to its socket name or path)"
            )
        }
        return HostError(.connectionLost, "the Wayland display \(name) stopped answering (nothing for \(seconds) seconds)")
    }

    /// Sends queued requests, then blocks until events arrive and runs their
    /// listeners (`wl_display_dispatch`).
    ///
    /// - Throws: ``HostError`` when the connection broke.
    package func dispatch() throws {
        guard wl_display_flush(pointer) >= 0 || errno == EAGAIN, wl_display_dispatch(pointer) >= 0 else {
            throw lost()
        }
    }

    /// Like ``dispatch()``, but waits at most `timeout` seconds for events.
    ///
    /// - Returns: `false` when no event came in time.
    /// - Throws: ``HostError`` when the connection broke.
    package func dispatch(timeout: Double) throws -> Bool {
        try dispatch(timeout: timeout, alsoWaitingFor: [])
    }

    /// Like ``dispatch(timeout:)``, but also stops waiting when one of
    /// `others` (an input method's descriptors) is ready.
    ///
    /// - Returns: Whether the compositor sent events.
    package func dispatch(timeout: Double, alsoWaitingFor others: [pollfd]) throws -> Bool {
        // Events already queued are handled without reading.
        if wl_display_prepare_read(pointer) != 0 {
            guard wl_display_dispatch_pending(pointer) >= 0 else { throw lost() }
            return true
        }
        _ = wl_display_flush(pointer)  // EAGAIN: the rest goes with the next flush
        var ready = [pollfd(fd: wl_display_get_fd(pointer), events: Int16(POLLIN), revents: 0)] + others
        let milliseconds = Int32((max(0, min(timeout, 86_400)) * 1000).rounded(.up))
        let count = poll(&ready, nfds_t(ready.count), milliseconds)
        guard count > 0, ready[0].revents != 0 else {
            wl_display_cancel_read(pointer)
            if count < 0, errno != EINTR { throw lost() }
            return false
        }
        guard wl_display_read_events(pointer) >= 0, wl_display_dispatch_pending(pointer) >= 0 else { throw lost() }
        return true
    }

    private func lost() -> HostError {
        HostError(.connectionLost, "lost the connection to the Wayland display \(name): \(String(cString: strerror(errno)))")
    }

    deinit {
        wl_display_disconnect(pointer)
    }
}

/// Where a round trip's `wl_callback.done` lands.
private final class RoundtripAnswer {
    var done = false
}
