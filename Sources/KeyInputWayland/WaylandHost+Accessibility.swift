import Foundation
import KeyInputAccessibility
import KeyInputKit
import XKB

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

extension WaylandHost {
    /// Shows the window's controls to screen readers: starts an
    /// `AccessibilityBridge` for the host's application, on the bus named by
    /// `AT_SPI_BUS_ADDRESS` or the session bus (asked without waiting). Its
    /// calls are answered on the host's loop, and each key is offered to the
    /// screen reader first. Without an accessibility bus the app runs as before.
    ///
    /// - Parameter environment: Where `AT_SPI_BUS_ADDRESS` and `DBUS_SESSION_BUS_ADDRESS` are read.
    public func enableAccessibility(environment: [String: String]) {
        guard accessibilityBridge == nil else { return }
        let bridge = AccessibilityBridge(application: application, location: AccessibilityBusLocation(environment: environment))
        accessibilityBridge = bridge
        core.add(bridge)
    }

    /// Offers a key to the screen reader; `true` when it took the key.
    func offerKeyToScreenReader(_ keycode: Keycode, direction: KeyDirection) -> Bool {
        guard let accessibilityBridge, accessibilityBridge.status == .registered else { return false }
        let event = AccessibilityKeyEvent(
            keycode: keycode, isPress: direction == .down, state: keyboard.state,
            timestamp: UInt32(truncatingIfNeeded: Int((now * 1000).rounded())))
        return accessibilityBridge.offerKey(event)
    }
}
