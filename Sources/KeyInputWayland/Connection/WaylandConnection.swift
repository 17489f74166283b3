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

    /// Sends queued requests and waits for the compositor to answer all of
    /// them, running their listeners (`wl_display_roundtrip`).
    ///
    /// - Throws: ``HostError`` when the connection broke.
    package func roundtrip() throws {
        guard wl_display_roundtrip(pointer) >= 0 else { throw lost() }
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
