import CGio

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// A GLib main context of our own (`GMainContext`), which GDBus delivers
/// replies and signals to, and which the host's loop iterates: no thread
/// runs a GLib main loop.
package final class MainContext {
    package let pointer: OpaquePointer

    /// The poll prepared and not yet checked: GLib wakes the context through
    /// its descriptors only between the query and the check.
    private var prepared: (priority: gint, fds: [GPollFD], timeout: gint)?

    package init() {
        pointer = g_main_context_new()
    }

    deinit {
        if prepared != nil { g_main_context_release(pointer) }
        g_main_context_unref(pointer)
    }

    /// Runs `body` with this context as the thread's default, so that GDBus
    /// objects made and calls started there deliver to it.
    package func asThreadDefault<T>(_ body: () throws -> T) rethrows -> T {
        g_main_context_push_thread_default(pointer)
        defer { g_main_context_pop_thread_default(pointer) }
        return try body()
    }

    /// Prepares a poll (once until ``dispatch()``): the descriptors to wait on
    /// and how long, in seconds (`nil`: no timer).
    package func prepareToPoll() -> (descriptors: [pollfd], timeout: Double?) {
        if prepared == nil {
            guard g_main_context_acquire(pointer) != 0 else { return ([], nil) }
            var priority: gint = 0
            _ = g_main_context_prepare(pointer, &priority)
            var fds = [GPollFD](repeating: GPollFD(), count: 8)
            var timeout: gint = -1
            var count = g_main_context_query(pointer, priority, &timeout, &fds, gint(fds.count))
            if count > fds.count {
                fds = [GPollFD](repeating: GPollFD(), count: Int(count))
                count = g_main_context_query(pointer, priority, &timeout, &fds, gint(fds.count))
            }
            prepared = (priority, Array(fds.prefix(Int(count))), timeout)
        }
        guard let prepared else { return ([], nil) }
        let descriptors = prepared.fds.map {
            pollfd(fd: $0.fd, events: Int16(truncatingIfNeeded: $0.events), revents: 0)
        }
        return (descriptors, prepared.timeout < 0 ? nil : Double(prepared.timeout) / 1000)
    }

    /// Runs the context, waiting as needed, until `isDone` says so or
    /// `timeout` seconds pass: for a call whose answer must come before
    /// the caller goes on, while the calls that arrive meanwhile are answered.
    package func run(until isDone: () -> Bool, timeout: Double) {
        dispatch()
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        let deadline = Double(now.tv_sec) + Double(now.tv_nsec) / 1e9 + timeout
        while !isDone() {
            clock_gettime(CLOCK_MONOTONIC, &now)
            let left = deadline - (Double(now.tv_sec) + Double(now.tv_nsec) / 1e9)
            guard left > 0 else { return }
            // A timer bounds the wait, whatever else the context holds.
            let timer = g_timeout_source_new(guint(max(1, (left * 1000).rounded(.up))))!
            g_source_set_callback(timer, { _ in 0 }, nil, nil)
            g_source_attach(timer, pointer)
            g_main_context_iteration(pointer, 1)
            g_source_destroy(timer)
            g_source_unref(timer)
        }
    }

    /// Dispatches everything that is ready, without waiting: finishes a
    /// prepared poll (reading its descriptors' state again), then iterates.
    package func dispatch() {
        if var state = prepared {
            prepared = nil
            var descriptors = state.fds.map {
                pollfd(fd: $0.fd, events: Int16(truncatingIfNeeded: $0.events), revents: 0)
            }
            _ = poll(&descriptors, nfds_t(descriptors.count), 0)
            for index in state.fds.indices {
                state.fds[index].revents = UInt16(truncatingIfNeeded: descriptors[index].revents)
            }
            if g_main_context_check(pointer, state.priority, &state.fds, gint(state.fds.count)) != 0 {
                g_main_context_dispatch(pointer)
            }
            g_main_context_release(pointer)
        }
        var rounds = 0
        while g_main_context_iteration(pointer, 0) != 0, rounds < 1000 { rounds += 1 }
    }
}
