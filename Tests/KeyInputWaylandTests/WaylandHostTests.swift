import KeyInputCairo
import KeyInputKit
@testable import KeyInputWayland
import TestSupport
import Testing

@MainActor
@Suite("The Wayland host on sway")
struct WaylandHostTests {
    @Test(
        "The window takes the compositor's size, lays out again, and is shown",
        .enabled(if: swayAvailable, "needs sway and grim (scripts/install-deps.sh test)"))
    func takesTheCompositorsSize() throws {
        let sway = try HeadlessSway(width: 640, height: 480)
        let window = Window(size: Size(width: 300, height: 420))
        let host = try WaylandHost(window: window, title: "host", display: sway.socketPath)
        try pump(host) { host.framesPresented > 0 }
        #expect(window.frame.size == Size(width: 640, height: 480))
        #expect(host.isOpen)
    }

    @Test(
        "On sway's x11 backend the seat has a keyboard and a pointer",
        .enabled(if: swayAvailable && xvfbAvailable, "needs sway, Xvfb and xdotool (scripts/install-deps.sh test)"))
    func seatOnNestedSway() throws {
        let xvfb = try XvfbServer()
        let sway = try HeadlessSway(width: 640, height: 480, on: xvfb)
        _ = try sway.xWindow()
        let window = Window(size: Size(width: 300, height: 420))
        let host = try WaylandHost(window: window, title: "seat", display: sway.socketPath)
        try pump(host) { host.seat?.keyboard != nil && host.seat?.pointer != nil }
        #expect(host.seat?.keyboard != nil)
        #expect(host.seat?.pointer != nil)
    }
}

/// Runs the host's loop until `done` holds, failing after 5 s without an event.
@MainActor
func pump(_ host: WaylandHost, until done: () -> Bool) throws {
    let deadline = WaylandHost.monotonicSeconds() + 10
    while !done() {
        try host.processEvents(timeout: 0.05)
        if WaylandHost.monotonicSeconds() > deadline {
            Issue.record("the host's loop waited 10 s for something that did not happen")
            return
        }
    }
}
