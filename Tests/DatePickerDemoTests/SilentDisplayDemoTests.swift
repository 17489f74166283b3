import Foundation
import TestSupport
import Testing

/// The demo on a display socket that accepts the connection and never answers:
/// it exits 1 with a message naming the display, where it hung for ever.
@Suite("date-picker-demo on a display that never answers")
struct SilentDisplayDemoTests {
    @Test("DISPLAY names a socket that never speaks X11: exit 1 naming the display")
    func silentXDisplay() throws {
        let silent = try SilentDisplaySocket.x11()
        defer { silent.stop() }
        let result = try ChildProcess.run(
            [try DemoBinary.path()],
            environment: ["DISPLAY": silent.display, "WAYLAND_DISPLAY": nil, "TZ": "UTC", "LANG": "C.UTF-8"],
            timeout: 60)
        #expect(result.status == 1, "\(result)")
        #expect(result.stderr.contains("X display \(silent.display) did not answer"), "\(result)")
    }

    @Test("WAYLAND_DISPLAY names a socket that never speaks Wayland: exit 1 naming the display")
    func silentWaylandDisplay() throws {
        let folder = try TemporaryFolder()
        let silent = try SilentDisplaySocket.wayland(in: folder.path)
        defer { silent.stop() }
        let result = try ChildProcess.run(
            [try DemoBinary.path()],
            environment: [
                "XDG_RUNTIME_DIR": folder.path, "WAYLAND_DISPLAY": silent.display, "DISPLAY": nil, "TZ": "UTC",
                "LANG": "C.UTF-8",
            ], timeout: 60)
        #expect(result.status == 1, "\(result)")
        #expect(result.stderr.contains("Wayland display \(silent.display) did not answer"), "\(result)")
    }
}
