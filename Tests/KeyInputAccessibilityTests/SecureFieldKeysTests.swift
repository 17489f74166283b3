import Foundation
import KeyInputAccessibility
import KeyInputKit
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// What any process listening for keys on the accessibility bus hears while
/// a password is typed: that keys went down and up, not which characters.
@MainActor
@Suite(.serialized, .enabled(if: atspiAvailable, Comment(rawValue: missingATSPI)))
struct SecureFieldKeysTests {
    /// A key listener (`scripts/atspi/keys.py`) on the session's registry; its lines are the keys it heard.
    final class KeyListener {
        let output: String
        init(session: AccessibilityBusSession) throws {
            output = try session.temporaryFile("keys-\(UUID().uuidString).jsonl")
            let errors = try session.temporaryFile("keys-\(UUID().uuidString).err")
            let out = open(output, O_WRONLY | O_TRUNC), err = open(errors, O_WRONLY | O_TRUNC)
            defer {
                close(out)
                close(err)
            }
            let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent().appendingPathComponent("scripts/atspi/keys.py").path
            let process = try session.start(["/usr/bin/python3", "-W", "ignore", script], stdout: out, stderr: err)
            try waitUntil("keys.py to listen", timeout: 20, turn: { usleep(50_000) }) {
                guard process.wait(timeout: 0) == nil else {
                    throw DaemonFailure("keys.py ended: \((try? String(contentsOfFile: errors, encoding: .utf8)) ?? "")")
                }
                return (try? String(contentsOfFile: errors, encoding: .utf8))?.contains("ready") == true
            }
        }

        /// The keys heard so far, a dictionary each.
        var keys: [[String: Any]] {
            ((try? String(contentsOfFile: output, encoding: .utf8)) ?? "").split(separator: "\n").compactMap {
                try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
            }
        }
    }

    /// A sign-in form: a user name and a secure password field.
    func form() -> (Application, TextField, TextField) {
        let application = Application()
        application.accessibilityName = "secure-keys-\(UUID().uuidString.prefix(8))"
        let window = Window(size: Size(width: 200, height: 100))
        let user = TextField(frame: Rect(x: 10, y: 10, width: 180, height: 30))
        user.accessibilityLabel = "User name"
        let password = TextField(frame: Rect(x: 10, y: 50, width: 180, height: 30))
        password.accessibilityLabel = "Password"
        password.textInputTraits.isSecureTextEntry = true
        window.addSubview(user)
        window.addSubview(password)
        application.addWindow(window)
        return (application, user, password)
    }

    /// Offers a press and a release of `name` (a kernel key name) on a US keymap, as a host does.
    func offer(_ name: String, to bridge: AccessibilityBridge) throws {
        let state = try XKBFixtures.state(layout: "us")
        for isPress in [true, false] {
            let event = AccessibilityKeyEvent(keycode: key(name), isPress: isPress, state: state, timestamp: 1)
            #expect(bridge.offerKey(event) == false)
        }
    }

    @Test func aKeyTypedInAPasswordFieldReachesListenersWithoutItsCharacter() throws {
        let session = try AccessibilityBusSession()
        let listener = try KeyListener(session: session)
        let (application, user, password) = form()
        let bridge = AccessibilityBridge(
            application: application,
            location: AccessibilityBusLocation(environment: ["AT_SPI_BUS_ADDRESS": session.accessibilityBusAddress]))
        defer { bridge.stop() }
        try waitUntil("the bridge to join the bus", timeout: 20, turn: {
            var descriptors = bridge.pollDescriptors()
            _ = poll(&descriptors, nfds_t(descriptors.count), 50)
            bridge.dispatch()
        }) { bridge.status != .connecting }
        try #require(bridge.status == .registered)

        #expect(user.becomeFirstResponder())
        try offer("KEY_Q", to: bridge)
        #expect(password.becomeFirstResponder())
        try offer("KEY_W", to: bridge)
        try offer("KEY_SPACE", to: bridge)
        try offer("KEY_TAB", to: bridge)

        try waitUntil("the listener to hear 8 key events", timeout: 10, turn: { usleep(50_000) }) {
            listener.keys.count >= 8
        }
        let heard = listener.keys.map { key in
            let kind = (key["is_text"] as? Bool) == true ? "text" : "key"
            return "\(key["type"] ?? "") \(key["keycode"] ?? "") \(key["keysym"] ?? "") \(key["text"] ?? "") \(kind)"
        }
        // The user name's q as it is (keysym 0x71); the password's w and space as keys only (VoidSymbol, no text);
        // Tab, which types nothing, as it is.
        #expect(
            heard == [
                "press 24 113 q text", "release 24 113 q text",
                "press 25 16777215  key", "release 25 16777215  key",
                "press 65 16777215  key", "release 65 16777215  key",
                "press 23 65289 Tab key", "release 23 65289 Tab key",
            ])
    }
}
