import KeyInputAccessibility
import KeyInputKit
import Testing

/// Finding the bus as libatspi does, and an app with no bus running as before.
@MainActor
struct AccessibilityBusLocationTests {
    @Test func theEnvironmentComesFirstThenTheRootWindowThenTheSessionBus() {
        let session = "unix:path=/run/user/1000/bus"
        #expect(
            AccessibilityBusLocation(
                environment: ["AT_SPI_BUS_ADDRESS": "unix:path=/a", "DBUS_SESSION_BUS_ADDRESS": session],
                rootWindowProperty: "unix:path=/b") == .address("unix:path=/a"))
        #expect(
            AccessibilityBusLocation(environment: ["DBUS_SESSION_BUS_ADDRESS": session], rootWindowProperty: "unix:path=/b")
                == .address("unix:path=/b"))
        #expect(AccessibilityBusLocation(environment: ["DBUS_SESSION_BUS_ADDRESS": session]) == .sessionBus(session))
        #expect(AccessibilityBusLocation(environment: ["AT_SPI_BUS_ADDRESS": ""], rootWindowProperty: "") == .none)
    }

    @Test func withNoBusTheBridgeStaysOffAndAddsNothingToTheLoop() {
        let application = Application()
        let bridge = AccessibilityBridge(application: application, location: .none)
        #expect(bridge.status == .off)
        #expect(bridge.pollDescriptors().isEmpty)
        #expect(bridge.nextTimeout == nil)
        #expect(!application.hasAccessibilityObservers)
        let key = AccessibilityKeyEvent(
            isPress: true, keysym: 0x61, keycode: 38, modifiers: 0, timestamp: 0, name: "a", isText: true)
        #expect(bridge.offerKey(key) == false)
    }

    @Test func aBusNobodyListensOnFailsAtOnceWithAMessage() {
        let bridge = AccessibilityBridge(application: Application(), location: .address("unix:path=/nonexistent/bus"))
        guard case .failed(let message) = bridge.status else {
            Issue.record("expected a failure, got \(bridge.status)")
            return
        }
        #expect(message.contains("unix:path=/nonexistent/bus"))
        #expect(bridge.pollDescriptors().isEmpty)
    }
}
