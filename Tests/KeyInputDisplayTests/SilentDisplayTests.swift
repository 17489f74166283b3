import KeyInputDisplay
import TestSupport
import Testing

/// A display socket that accepts the connection and never speaks X11 or
/// Wayland: opening a window gives up after a few seconds, naming the
/// display, where xcb_connect and wl_display_roundtrip waited for ever.
@MainActor
@Suite struct SilentDisplayTests {
    @Test func anXDisplayThatNeverAnswersFailsNamingIt() throws {
        let silent = try SilentDisplaySocket.x11()
        defer { silent.stop() }
        let window = Window(size: Size(width: 400, height: 500))
        #expect {
            try DisplayHost.open(for: window, backend: .x11, environment: ["DISPLAY": silent.display])
        } throws: { error in
            guard let error = error as? HostError else { return false }
            return error.code == .connectionFailed && error.message.contains("X display \(silent.display) did not answer")
        }
    }

    @Test func aWaylandDisplayThatNeverAnswersFailsNamingIt() throws {
        let folder = try TemporaryFolder()
        let silent = try SilentDisplaySocket.wayland(in: folder.path)
        defer { silent.stop() }
        let window = Window(size: Size(width: 400, height: 500))
        #expect {
            try DisplayHost.open(for: window, backend: .wayland, display: silent.path, environment: [:])
        } throws: { error in
            guard let error = error as? HostError else { return false }
            return error.code == .connectionFailed
                && error.message.contains("Wayland display \(silent.path) did not answer")
                && error.message.contains("WAYLAND_DISPLAY")
        }
    }
}
