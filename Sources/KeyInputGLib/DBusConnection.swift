import CGio
import Logging

/// What went wrong talking to D-Bus: a GLib error's message, and whether
/// it was a timeout or a closed connection.
package struct DBusError: Error, Sendable, CustomStringConvertible {
    package var message: String
    package var isTimeout = false
    package var isClosed = false
    package var description: String { message }

    /// Takes a `GError` and frees it.
    package init(taking error: UnsafeMutablePointer<GError>?) {
        guard let error else {
            message = "unknown D-Bus error"
            return
        }
        message = error.pointee.message.map { String(cString: $0) } ?? "D-Bus error"
        isTimeout = g_error_matches(error, cgio_io_error_quark(), gint(G_IO_ERROR_TIMED_OUT.rawValue)) != 0
        isClosed = g_error_matches(error, cgio_io_error_quark(), gint(G_IO_ERROR_CLOSED.rawValue)) != 0
        g_error_free(error)
    }

    package init(_ message: String) { self.message = message }
}

/// A connection to a D-Bus bus (`GDBusConnection`): calls, signal
/// subscriptions, and the signal that says it closed. Replies and signals
/// go to the connection's main context, whichever thread or context makes
/// the call.
package final class DBusConnection {
    package let pointer: OpaquePointer
    /// Where replies and signals are delivered.
    package let context: MainContext
    private var subscriptions: [guint] = []
    private var closedHandler: gulong = 0
    /// Calls whose reply callback has not run yet: each holds its reply closure until it does.
    private let pending = PendingCalls()

    /// Connects to a bus by its address and says hello (blocking; a local socket answers at once).
    ///
    /// - Throws: ``DBusError`` when the address is malformed or nobody listens there.
    package init(address: String, context: MainContext) throws {
        self.context = context
        var error: UnsafeMutablePointer<GError>?
        let flags = GDBusConnectionFlags(
            G_DBUS_CONNECTION_FLAGS_AUTHENTICATION_CLIENT.rawValue
                | G_DBUS_CONNECTION_FLAGS_MESSAGE_BUS_CONNECTION.rawValue)
        let made = context.asThreadDefault { g_dbus_connection_new_for_address_sync(address, flags, nil, nil, &error) }
        guard let connection = made else {
            throw DBusError(taking: error)
        }
        pointer = connection
        // Losing the daemon must not end the process.
        g_dbus_connection_set_exit_on_close(pointer, 0)
    }

    deinit {
        for id in subscriptions { g_dbus_connection_signal_unsubscribe(pointer, id) }
        if closedHandler != 0 { g_signal_handler_disconnect(gpointer(pointer), closedHandler) }
        if pending.count > 0 {
            // Closed, the unanswered calls fail at once: their callbacks run now and free their
            // closures, instead of waiting in a context that may never be iterated again.
            _ = g_dbus_connection_close_sync(pointer, nil, nil)
            let pending = self.pending
            context.run(until: { pending.count == 0 }, timeout: 1)
        } else {
            g_dbus_connection_close(pointer, nil, nil, nil)
        }
        g_object_unref(gpointer(pointer))
    }

    package var isClosed: Bool { g_dbus_connection_is_closed(pointer) != 0 }

    /// Calls a method and waits for the reply (for setting up only).
    package func callSync(
        _ destination: String, _ path: String, _ interface: String, _ method: String, _ parameters: OpaquePointer?,
        timeout: Double
    ) throws -> DBusValue {
        var error: UnsafeMutablePointer<GError>?
        guard
            let reply = g_dbus_connection_call_sync(
                pointer, destination, path, interface, method, parameters, nil, G_DBUS_CALL_FLAGS_NO_AUTO_START,
                gint(timeout * 1000), nil, &error)
        else { throw DBusError(taking: error) }
        defer { g_variant_unref(reply) }
        return DBusValue(reply)
    }

    /// The name the bus gave this connection, such as `:1.42`.
    package var uniqueName: String { g_dbus_connection_get_unique_name(pointer).map { String(cString: $0) } ?? "" }

    /// Sends a signal to everyone listening.
    package func emitSignal(path: String, interface: String, member: String, _ parameters: OpaquePointer) {
        _ = g_dbus_connection_emit_signal(pointer, nil, path, interface, member, parameters, nil)
    }

    /// Calls a method; `reply` runs on the main actor when the answer, an
    /// error or the timeout comes, from the thread-default main context.
    /// With `autoStart` the bus may start the service that owns `destination`.
    package func call(
        _ destination: String, _ path: String, _ interface: String, _ method: String, _ parameters: OpaquePointer?,
        timeout: Double, autoStart: Bool = false,
        reply: @escaping @MainActor (Result<DBusValue, DBusError>) -> Void
    ) {
        pending.count += 1
        let box = Unmanaged.passRetained(ReplyBox(reply, pending: pending)).toOpaque()
        // The reply goes to the context that is the thread's default when the call is made.
        context.asThreadDefault {
            g_dbus_connection_call(
                pointer, destination, path, interface, method, parameters, nil,
                autoStart ? G_DBUS_CALL_FLAGS_NONE : G_DBUS_CALL_FLAGS_NO_AUTO_START, gint(timeout * 1000), nil,
                dbusReplyCallback, box)
        }
    }

    /// Calls `handler` on the main actor for each matching signal.
    package func subscribe(
        sender: String?, interface: String, member: String?, path: String?, arg0: String? = nil,
        handler: @escaping @MainActor (_ name: String, _ parameters: DBusValue) -> Void
    ) {
        let box = Unmanaged.passRetained(SignalBox(handler)).toOpaque()
        let id = context.asThreadDefault {
            g_dbus_connection_signal_subscribe(
                pointer, sender, interface, member, path, arg0, G_DBUS_SIGNAL_FLAGS_NONE, dbusSignalCallback, box,
                releaseSignalBox)
        }
        subscriptions.append(id)
    }

    /// Calls `handler` on the main actor when the connection closes (the daemon went away).
    package func onClose(_ handler: @escaping @MainActor () -> Void) {
        let box = Unmanaged.passRetained(ClosedBox(handler)).toOpaque()
        let callback = unsafeBitCast(dbusClosedCallback as DBusClosedCallback, to: GCallback.self)
        closedHandler = g_signal_connect_data(
            gpointer(pointer), "closed", callback, box, releaseClosedBox, GConnectFlags(rawValue: 0))
    }
}

// MARK: C callbacks
// GLib calls these from the main context the host iterates on the main thread.

// The boxes are main-actor classes (so they may cross into `assumeIsolated`); only their closures are read.

@MainActor
private final class ReplyBox {
    let handler: @MainActor (Result<DBusValue, DBusError>) -> Void
    nonisolated(unsafe) let pending: PendingCalls  // counted down on the main thread, where GLib calls back
    nonisolated init(_ handler: @escaping @MainActor (Result<DBusValue, DBusError>) -> Void, pending: PendingCalls) {
        self.handler = handler
        self.pending = pending
    }
}

/// How many calls of a connection wait for their reply callback.
private final class PendingCalls {
    var count = 0
}

@MainActor
private final class SignalBox {
    let handler: @MainActor (String, DBusValue) -> Void
    nonisolated init(_ handler: @escaping @MainActor (String, DBusValue) -> Void) { self.handler = handler }
}

@MainActor
private final class ClosedBox {
    let handler: @MainActor () -> Void
    nonisolated init(_ handler: @escaping @MainActor () -> Void) { self.handler = handler }
}

private func dbusReplyCallback(source: UnsafeMutablePointer<GObject>?, result: OpaquePointer?, data: gpointer?) {
    guard let data else { return }
    let box = Unmanaged<ReplyBox>.fromOpaque(data).takeRetainedValue()
    var error: UnsafeMutablePointer<GError>?
    let reply = g_dbus_connection_call_finish(OpaquePointer(source), result, &error)
    let outcome: Result<DBusValue, DBusError>
    if let reply {
        outcome = .success(DBusValue(reply))
        g_variant_unref(reply)
    } else {
        outcome = .failure(DBusError(taking: error))
    }
    MainActor.assumeIsolated {
        box.pending.count -= 1
        box.handler(outcome)
    }
}

private func dbusSignalCallback(
    connection: OpaquePointer?, sender: UnsafePointer<gchar>?, path: UnsafePointer<gchar>?,
    interface: UnsafePointer<gchar>?, name: UnsafePointer<gchar>?, parameters: OpaquePointer?, data: gpointer?
) {
    guard let data, let name, let parameters else { return }
    let box = Unmanaged<SignalBox>.fromOpaque(data).takeUnretainedValue()
    let value = DBusValue(parameters)
    let signal = String(cString: name)
    MainActor.assumeIsolated { box.handler(signal, value) }
}

private func releaseSignalBox(data: gpointer?) {
    guard let data else { return }
    Unmanaged<SignalBox>.fromOpaque(data).release()
}

private typealias DBusClosedCallback =
    @convention(c) (OpaquePointer?, gboolean, UnsafeMutablePointer<GError>?, gpointer?) -> Void

private func dbusClosedCallback(
    connection: OpaquePointer?, remoteVanished: gboolean, error: UnsafeMutablePointer<GError>?, data: gpointer?
) {
    guard let data else { return }
    let box = Unmanaged<ClosedBox>.fromOpaque(data).takeUnretainedValue()
    MainActor.assumeIsolated { box.handler() }
}

private func releaseClosedBox(data: gpointer?, closure: UnsafeMutablePointer<GClosure>?) {
    guard let data else { return }
    Unmanaged<ClosedBox>.fromOpaque(data).release()
}
