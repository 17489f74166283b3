import Foundation
import KeyInputAccessibility
import KeyInputKit
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The bridge in this process, with no host: it finds the bus each way
/// libatspi does, registers, and answers a client from the loop it is given.
@MainActor
@Suite(.serialized, .enabled(if: atspiAvailable, Comment(rawValue: missingATSPI)))
struct BridgeRegistrationTests {
    /// Turns the bridge's loop until `isDone`; fails after 20 s, naming `what`.
    func pump(_ bridge: AccessibilityBridge, for what: String, until isDone: () -> Bool) throws {
        try waitUntil(what, timeout: 20, turn: {
            var descriptors = bridge.pollDescriptors()
            _ = poll(&descriptors, nfds_t(descriptors.count), 50)
            bridge.dispatch()
        }, isDone)
    }

    /// Runs a client while the bridge answers it; returns what it printed.
    func treeOf(_ name: String, in session: AccessibilityBusSession, bridge: AccessibilityBridge) throws -> String {
        let output = try session.temporaryFile("tree-\(UUID().uuidString).json")
        let file = open(output, O_WRONLY | O_TRUNC)
        defer { close(file) }
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("scripts/atspi/tree.py").path
        let client = try session.start(["/usr/bin/python3", "-W", "ignore", script, name, "--wait", "10"], stdout: file)
        try pump(bridge, for: "the tree client to finish") { client.wait(timeout: 0) != nil }
        return (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
    }

    func form() -> (Application, Window) {
        let application = Application()
        application.accessibilityName = "bridge-test-\(UUID().uuidString.prefix(8))"
        let window = Window(size: Size(width: 200, height: 100))
        window.title = "Sign in"
        let field = TextField(frame: Rect(x: 10, y: 10, width: 180, height: 30))
        field.accessibilityLabel = "User name"
        window.addSubview(field)
        application.addWindow(window)
        return (application, window)
    }

    @Test(arguments: ["session bus", "address"])
    func aClientFindsTheApplicationByItsName(_ way: String) throws {
        let session = try AccessibilityBusSession()
        let (application, _) = form()
        let location: AccessibilityBusLocation =
            way == "address"
            ? AccessibilityBusLocation(environment: ["AT_SPI_BUS_ADDRESS": session.accessibilityBusAddress])
            : AccessibilityBusLocation(environment: ["DBUS_SESSION_BUS_ADDRESS": session.sessionBusAddress])
        let bridge = AccessibilityBridge(application: application, location: location)
        try pump(bridge, for: "the bridge to join the bus") { bridge.status != .connecting }
        #expect(bridge.status == .registered)
        #expect(application.hasAccessibilityObservers)
        let tree = try treeOf(application.accessibilityName, in: session, bridge: bridge)
        #expect(tree.contains("\"name\": \"Sign in\""))
        #expect(tree.contains("\"name\": \"User name\""))
        bridge.stop()
        #expect(!application.hasAccessibilityObservers)
    }
}
