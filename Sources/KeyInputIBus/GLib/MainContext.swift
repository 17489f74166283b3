import CGio

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// A GLib main context of our own (`GMainContext`), which GDBus delivers
/// replies and signals to, and which the host's loop iterates: no thread
/// runs a GLib main loop.
final class MainContext {
    let pointer: OpaquePointer

    init() {
        pointer = g_main_context_new()
    }

    deinit { g_main_context_unref(pointer) }

    /// Runs `body` with this context as the thread's default, so that GDBus
    /// objects made and calls started there deliver to it.
    func asThreadDefault<T>(_ body: () throws -> T) rethrows -> T {
        g_main_context_push_thread_default(pointer)
        defer { g_main_context_pop_thread_default(pointer) }
        return try body()
    }

    /// The descriptors to wait on and how long, in seconds (`nil`: no timer).
    func pollDescriptors() -> (descriptors: [pollfd], timeout: Double?) {
        guard g_main_context_acquire(pointer) != 0 else { return ([], nil) }
        defer { g_main_context_release(pointer) }
        var priority: gint = 0
        _ = g_main_context_prepare(pointer, &priority)
        var fds = [GPollFD](repeating: GPollFD(), count: 8)
        var timeout: gint = -1
        var count = g_main_context_query(pointer, priority, &timeout, &fds, gint(fds.count))
        if count > fds.count {
            fds = [GPollFD](repeating: GPollFD(), count: Int(count))
            count = g_main_context_query(pointer, priority, &timeout, &fds, gint(fds.count))
        }
        // Nothing is dispatched here: the query is answered, the next iteration dispatches.
        _ = g_main_context_check(pointer, priority, &fds, count)
        let descriptors = fds.prefix(Int(count)).map {
            pollfd(fd: $0.fd, events: Int16(truncatingIfNeeded: $0.events), revents: 0)
        }
        return (descriptors, timeout < 0 ? nil : Double(timeout) / 1000)
    }

    /// Dispatches everything that is ready, without waiting.
    func dispatchPending() {
        var rounds = 0
        while g_main_context_iteration(pointer, 0) != 0, rounds < 1000 { rounds += 1 }
    }
}
