import KeyInputGLib

/// A connection to an IBus-protocol daemon and the input context created
/// on it, with the daemon's signals subscribed.
@MainActor
final class IBusInputContext {
    static let interface = "org.freedesktop.IBus.InputContext"
    /// IBus capabilities: preedit text, focus, surrounding text (`IBusCapabilite`).
    static let capabilities: UInt32 = 1 | 8 | 32

    let connection: DBusConnection
    let endpoint: IBusEndpoint
    /// The input context's object path.
    let path: String

    /// Connects, creates an input context, says what the client can show,
    /// and asks to commit the preedit itself when focus leaves.
    ///
    /// - Throws: ``DBusError`` when the daemon cannot be reached or refuses.
    init(endpoint: IBusEndpoint, context: MainContext, name: String) throws {
        let connection = try DBusConnection(address: endpoint.address, context: context)
        let reply = try connection.callSync(
            endpoint.busName, "/org/freedesktop/IBus", endpoint.serviceInterface, "CreateInputContext",
            VariantBuilder.tuple([VariantBuilder.string(name)]), timeout: 2)
        guard let path = reply[0]?.string else {
            throw DBusError("CreateInputContext answered \(reply), not an object path")
        }
        self.connection = connection
        self.endpoint = endpoint
        self.path = path
    }

    /// Calls a method of the input context; replies and errors go to `reply`.
    func call(
        _ method: String, _ arguments: [OpaquePointer] = [], timeout: Double = 2,
        reply: @escaping @MainActor (Result<DBusValue, DBusError>) -> Void = { _ in }
    ) {
        let parameters = arguments.isEmpty ? nil : VariantBuilder.tuple(arguments)
        connection.call(endpoint.busName, path, Self.interface, method, parameters, timeout: timeout, reply: reply)
    }

    /// Sets a property of the input context (`ClientCommitPreedit`, `ContentType`).
    func setProperty(
        _ name: String, _ value: OpaquePointer, reply: @escaping @MainActor (Result<DBusValue, DBusError>) -> Void
    ) {
        let parameters = VariantBuilder.tuple([
            VariantBuilder.string(Self.interface), VariantBuilder.string(name), VariantBuilder.boxed(value),
        ])
        connection.call(
            endpoint.busName, path, "org.freedesktop.DBus.Properties", "Set", parameters, timeout: 2, reply: reply)
    }
}
