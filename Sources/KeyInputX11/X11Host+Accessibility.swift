import CXCB
import Foundation
import KeyInputAccessibility
import KeyInputKit
import XKB

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

extension X11Host {
    /// Shows the window's controls to screen readers: starts an
    /// `AccessibilityBridge` for the host's application, on the bus named by
    /// `AT_SPI_BUS_ADDRESS`, the root window's `AT_SPI_BUS` property, or the
    /// session bus (asked without waiting). Its calls are answered on the
    /// host's loop, and each key is offered to the screen reader first.
    /// Without an accessibility bus the app runs as before.
    ///
    /// - Parameter environment: Where `AT_SPI_BUS_ADDRESS` and `DBUS_SESSION_BUS_ADDRESS` are read.
    public func enableAccessibility(environment: [String: String]) {
        guard accessibilityBridge == nil else { return }
        let location = AccessibilityBusLocation(environment: environment, rootWindowProperty: rootWindowBusAddress())
        let bridge = AccessibilityBridge(application: application, location: location)
        bridge.screenOrigin = { [weak self] _ in self?.windowOriginOnScreen() ?? .zero }
        accessibilityBridge = bridge
        core.add(bridge)
    }

    /// The root window's `AT_SPI_BUS` property, which at-spi-bus-launcher sets.
    private func rootWindowBusAddress() -> String? {
        guard let screen = connection.screen else { return nil }
        let c = connection.pointer
        let atom = connection.atom("AT_SPI_BUS")
        guard atom != 0 else { return nil }
        let cookie = xcb_get_property(c, 0, screen.pointee.root, atom, XCB_ATOM_STRING.rawValue, 0, 1024)
        guard let reply = xcb_get_property_reply(c, cookie, nil) else { return nil }
        defer { free(reply) }
        let length = Int(xcb_get_property_value_length(reply))
        guard length > 0, let value = xcb_get_property_value(reply) else { return nil }
        return String(decoding: UnsafeRawBufferPointer(start: value, count: length), as: UTF8.self)
    }

    /// Offers a key to the screen reader; `true` when it took the key.
    func offerKeyToScreenReader(_ code: Keycode, isPress: Bool, state: UInt16, time: UInt32) -> Bool {
        guard let accessibilityBridge, accessibilityBridge.status == .registered else { return false }
        var event = AccessibilityKeyEvent(keycode: code, isPress: isPress, state: keyboard.state, timestamp: time)
        event.modifiers = UInt32(state)  // the server's own mask
        return accessibilityBridge.offerKey(event)
    }

    /// Reads the window's place on the screen (one round trip), for screen coordinates; `nil` when the server does not say.
    func windowOriginOnScreen() -> Point? {
        guard let screen = connection.screen else { return nil }
        let c = connection.pointer
        let cookie = xcb_translate_coordinates(c, xWindow, screen.pointee.root, 0, 0)
        guard let reply = xcb_translate_coordinates_reply(c, cookie, nil) else { return nil }
        defer { free(reply) }
        return Point(x: Double(reply.pointee.dst_x), y: Double(reply.pointee.dst_y))
    }
}
