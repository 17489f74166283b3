import Foundation
import TestSupport
import Testing

/// `keyinput watch` on a display socket that accepts the connection and never
/// answers: it exits 1 with a message naming the display, where it hung for ever.
@Suite struct WatchSilentDisplayTests {
    @Test func aSilentXDisplayEndsWatchNamingIt() throws {
        let silent = try SilentDisplaySocket.x11()
        defer { silent.stop() }
        let result = try ChildProcess.run(
            [try Keyinput.path(), "watch"], environment: ["DISPLAY": silent.display, "WAYLAND_DISPLAY": nil],
            timeout: 60)
        #expect(result.status == 1, "\(result)")
        #expect(result.stderr.contains("X display \(silent.display) did not answer"), "\(result)")
    }

    @Test func aSilentWaylandDisplayEndsWatchNamingIt() throws {
        let folder = try TemporaryFolder()
        let silent = try SilentDisplaySocket.wayland(in: folder.path)
        defer { silent.stop() }
        let result = try ChildProcess.run(
            [try Keyinput.path(), "watch"],
            environment: ["XDG_RUNTIME_DIR": folder.path, "WAYLAND_DISPLAY": silent.display, "DISPLAY": nil],
            timeout: 60)
        #expect(result.status == 1, "\(result)")
        #expect(result.stderr.contains("Wayland display \(silent.display) did not answer"), "\(result)")
    }
}
