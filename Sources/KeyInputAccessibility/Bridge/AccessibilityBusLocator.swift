/// Where the accessibility bus is, found as libatspi finds it.
public enum AccessibilityBusLocation: Equatable, Sendable {
    /// The bus's address, known at once.
    case address(String)
    /// Not known yet: ask `org.a11y.Bus.GetAddress` on the session bus at this address.
    case sessionBus(String)
    /// No accessibility bus and no session bus to ask: the bridge stays off.
    case none

    /// Looks, in order, at `AT_SPI_BUS_ADDRESS`, the X root window's
    /// `AT_SPI_BUS` property (which an X11 host reads and passes), and the
    /// session bus (`DBUS_SESSION_BUS_ADDRESS`).
    ///
    /// - Parameters:
    ///   - environment: The process's environment.
    ///   - rootWindowProperty: The `AT_SPI_BUS` property of the X root window, if any.
    public init(environment: [String: String], rootWindowProperty: String? = nil) {
        if let given = environment["AT_SPI_BUS_ADDRESS"], !given.isEmpty {
            self = .address(given)
        } else if let property = rootWindowProperty, !property.isEmpty {
            self = .address(property)
        } else if let session = environment["DBUS_SESSION_BUS_ADDRESS"], !session.isEmpty {
            self = .sessionBus(session)
        } else {
            self = .none
        }
    }
}
