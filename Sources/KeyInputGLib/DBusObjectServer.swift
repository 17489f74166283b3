import CGio

/// What a served object answers: the interfaces at a path, method calls, and property reads and writes.
@MainActor
package protocol DBusObjectHandler: AnyObject {
    /// The interfaces the object at `path` has (none: no such object).
    func interfaces(at path: String) -> [String]
    /// A method's reply tuple (floating), or an error.
    func call(path: String, interface: String, method: String, arguments: DBusValue) -> Result<OpaquePointer, DBusError>
    /// A property's value (floating), or `nil` when it has none.
    func property(path: String, interface: String, name: String) -> OpaquePointer?
    /// Writes a property; `false` refuses.
    func setProperty(path: String, interface: String, name: String, value: DBusValue) -> Bool
}

/// Serves objects on a connection: a whole tree under one path prefix
/// (`g_dbus_connection_register_subtree`) and single objects, with their
/// interfaces described by introspection XML. Calls arrive on the
/// connection's main context, so the host's loop runs them on the main thread.
package final class DBusObjectServer {
    private let connection: DBusConnection
    private let nodeInfo: UnsafeMutablePointer<GDBusNodeInfo>
    private let vtable: UnsafeMutablePointer<GDBusInterfaceVTable>
    private let subtreeVTable: UnsafeMutablePointer<GDBusSubtreeVTable>
    private var subtrees: [guint] = []
    private var objects: [guint] = []

    /// - Throws: ``DBusError`` when the XML does not parse.
    package init(connection: DBusConnection, introspectionXML: String) throws {
        var error: UnsafeMutablePointer<GError>?
        guard let info = g_dbus_node_info_new_for_xml(introspectionXML, &error) else { throw DBusError(taking: error) }
        self.connection = connection
        nodeInfo = info
        vtable = .allocate(capacity: 1)
        vtable.initialize(to: GDBusInterfaceVTable())
        vtable.pointee.method_call = serverMethodCall
        vtable.pointee.get_property = serverGetProperty
        vtable.pointee.set_property = serverSetProperty
        subtreeVTable = .allocate(capacity: 1)
        subtreeVTable.initialize(to: GDBusSubtreeVTable())
        subtreeVTable.pointee.enumerate = serverEnumerate
        subtreeVTable.pointee.introspect = serverIntrospect
        subtreeVTable.pointee.dispatch = serverDispatch
    }

    deinit {
        for id in subtrees { g_dbus_connection_unregister_subtree(connection.pointer, id) }
        for id in objects { _ = g_dbus_connection_unregister_object(connection.pointer, id) }
        g_dbus_node_info_unref(nodeInfo)
        // GDBus lets go of each registration's box, and of calls under way, in the context: run it
        // now, or the box (and the memory of the handler it holds unowned) would wait for a turn
        // that may never come. Then nothing holds the vtables any more.
        connection.context.dispatch()
        vtable.deallocate()
        subtreeVTable.deallocate()
    }

    /// Serves every path under `prefix` (such as `/org/a11y/atspi/accessible/12`) through `handler`.
    package func serveSubtree(_ prefix: String, handler: any DBusObjectHandler) throws {
        let box = Unmanaged.passRetained(ServerBox(handler: handler, server: self)).toOpaque()
        var error: UnsafeMutablePointer<GError>?
        let flags = GDBusSubtreeFlags(G_DBUS_SUBTREE_FLAGS_DISPATCH_TO_UNENUMERATED_NODES.rawValue)
        let id = connection.context.asThreadDefault {
            g_dbus_connection_register_subtree(
                connection.pointer, prefix, subtreeVTable, flags, box, releaseServerBox, &error)
        }
        guard id != 0 else {
            Unmanaged<ServerBox>.fromOpaque(box).release()
            throw DBusError(taking: error)
        }
        subtrees.append(id)
    }

    /// Serves one object at `path` with one interface through `handler`.
    package func serveObject(_ path: String, interface: String, handler: any DBusObjectHandler) throws {
        guard let info = interfaceInfo(interface) else { throw DBusError("no introspection data for \(interface)") }
        let box = Unmanaged.passRetained(ServerBox(handler: handler, server: self)).toOpaque()
        var error: UnsafeMutablePointer<GError>?
        let id = connection.context.asThreadDefault {
            g_dbus_connection_register_object(connection.pointer, path, info, vtable, box, releaseServerBox, &error)
        }
        guard id != 0 else {
            Unmanaged<ServerBox>.fromOpaque(box).release()
            throw DBusError(taking: error)
        }
        objects.append(id)
    }

    fileprivate func interfaceInfo(_ name: String) -> UnsafeMutablePointer<GDBusInterfaceInfo>? {
        g_dbus_node_info_lookup_interface(nodeInfo, name)
    }

    fileprivate var interfaceVTable: UnsafeMutablePointer<GDBusInterfaceVTable> { vtable }
}

// MARK: C callbacks, called from the connection's main context on the main thread.

/// What a registration's callbacks reach. Unowned: the server ends its
/// registrations in its deinit, and the handler owns the server.
@MainActor
private final class ServerBox {
    nonisolated(unsafe) unowned let handler: any DBusObjectHandler
    nonisolated(unsafe) unowned let server: DBusObjectServer
    nonisolated init(handler: any DBusObjectHandler, server: DBusObjectServer) {
        self.handler = handler
        self.server = server
    }
}

private func box(_ data: gpointer?) -> ServerBox { Unmanaged<ServerBox>.fromOpaque(data!).takeUnretainedValue() }

private func releaseServerBox(data: gpointer?) {
    guard let data else { return }
    Unmanaged<ServerBox>.fromOpaque(data).release()
}

private func string(_ pointer: UnsafePointer<gchar>?) -> String { pointer.map { String(cString: $0) } ?? "" }

private func serverMethodCall(
    connection: OpaquePointer?, sender: UnsafePointer<gchar>?, path: UnsafePointer<gchar>?,
    interface: UnsafePointer<gchar>?, method: UnsafePointer<gchar>?, parameters: OpaquePointer?,
    invocation: OpaquePointer?, data: gpointer?
) {
    let arguments = parameters.map(DBusValue.init) ?? .container([])
    let (path, interface, method) = (string(path), string(interface), string(method))
    let entry = box(data)
    // GDBus calls on the main thread, where the invocation is answered.
    nonisolated(unsafe) let invocation = invocation
    MainActor.assumeIsolated {
        let outcome = entry.handler.call(path: path, interface: interface, method: method, arguments: arguments)
        switch outcome {
        case .success(let reply): g_dbus_method_invocation_return_value(invocation, reply)
        case .failure(let error):
            g_dbus_method_invocation_return_dbus_error(invocation, "org.freedesktop.DBus.Error.Failed", error.message)
        }
    }
}

private func serverGetProperty(
    connection: OpaquePointer?, sender: UnsafePointer<gchar>?, path: UnsafePointer<gchar>?,
    interface: UnsafePointer<gchar>?, name: UnsafePointer<gchar>?,
    error: UnsafeMutablePointer<UnsafeMutablePointer<GError>?>?, data: gpointer?
) -> OpaquePointer? {
    let (path, interface, name) = (string(path), string(interface), string(name))
    let entry = box(data)
    // The value is made and returned on the main thread.
    nonisolated(unsafe) var value: OpaquePointer?
    MainActor.assumeIsolated {
        value = entry.handler.property(path: path, interface: interface, name: name)
    }
    if value == nil {
        g_set_error_literal(error, g_dbus_error_quark(), gint(G_DBUS_ERROR_UNKNOWN_PROPERTY.rawValue), "no such property")
    }
    return value
}

private func serverSetProperty(
    connection: OpaquePointer?, sender: UnsafePointer<gchar>?, path: UnsafePointer<gchar>?,
    interface: UnsafePointer<gchar>?, name: UnsafePointer<gchar>?, value: OpaquePointer?,
    error: UnsafeMutablePointer<UnsafeMutablePointer<GError>?>?, data: gpointer?
) -> gboolean {
    guard let value else { return 0 }
    let written = DBusValue(value)
    let (path, interface, name) = (string(path), string(interface), string(name))
    let entry = box(data)
    let accepted = MainActor.assumeIsolated {
        entry.handler.setProperty(path: path, interface: interface, name: name, value: written)
    }
    if !accepted {
        g_set_error_literal(error, g_dbus_error_quark(), gint(G_DBUS_ERROR_PROPERTY_READ_ONLY.rawValue), "not settable")
    }
    return accepted ? 1 : 0
}

private func serverEnumerate(
    connection: OpaquePointer?, sender: UnsafePointer<gchar>?, path: UnsafePointer<gchar>?, data: gpointer?
) -> UnsafeMutablePointer<UnsafeMutablePointer<gchar>?>? {
    // Nodes are not listed (a tree can be large); calls reach unlisted nodes.
    g_malloc0(gsize(MemoryLayout<UnsafeMutablePointer<gchar>?>.size))?
        .assumingMemoryBound(to: UnsafeMutablePointer<gchar>?.self)
}

private func serverIntrospect(
    connection: OpaquePointer?, sender: UnsafePointer<gchar>?, path: UnsafePointer<gchar>?,
    node: UnsafePointer<gchar>?, data: gpointer?
) -> UnsafeMutablePointer<UnsafeMutablePointer<GDBusInterfaceInfo>?>? {
    guard let node else { return nil }
    // GDBus passes the subtree's root when introspecting and the node's own path when calling.
    let name = String(cString: node), given = string(path)
    let full = given.hasSuffix("/" + name) ? given : given + "/" + name
    let entry = box(data)
    let names = MainActor.assumeIsolated { entry.handler.interfaces(at: full) }
    let infos = names.compactMap { entry.server.interfaceInfo($0) }
    guard !infos.isEmpty else { return nil }
    let size = MemoryLayout<UnsafeMutablePointer<GDBusInterfaceInfo>?>.size
    let array = g_malloc0(gsize(size * (infos.count + 1)))!.assumingMemoryBound(
        to: UnsafeMutablePointer<GDBusInterfaceInfo>?.self)
    // GDBus unrefs each element and frees the array.
    for (index, info) in infos.enumerated() { array[index] = g_dbus_interface_info_ref(info) }
    return array
}

private func serverDispatch(
    connection: OpaquePointer?, sender: UnsafePointer<gchar>?, path: UnsafePointer<gchar>?,
    interface: UnsafePointer<gchar>?, node: UnsafePointer<gchar>?, outData: UnsafeMutablePointer<gpointer?>?,
    data: gpointer?
) -> UnsafePointer<GDBusInterfaceVTable>? {
    outData?.pointee = data
    return UnsafePointer(box(data).server.interfaceVTable)
}
