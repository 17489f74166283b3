import KeyInputKit
@testable import KeyInputWayland
import TestSupport
import Testing

@MainActor
@Suite("The Wayland host on KDE's kwin")
struct KWinDecorationTests {
    @Test(
        "kwin offers server-side decorations and maps the window at the size it asked for",
        .enabled(if: kwinAvailable, kwinReason))
    func mapsWithServerSideDecorations() throws {
        let kwin = try HeadlessKWin(width: 640, height: 700)
        let window = Window(size: Size(width: 300, height: 420))
        let host = try WaylandHost(window: window, title: "kwin", display: kwin.socketPath)
        try pump(host) { host.framesPresented > 0 }
        #expect(host.toplevel.globals.offers("zxdg_decoration_manager_v1"))
        // A floating window: kwin keeps the size the client asked for rather than tiling it.
        #expect(window.frame.size == Size(width: 300, height: 420))
        #expect(host.isOpen)
        #expect(kwin.isRunning)
    }
}
