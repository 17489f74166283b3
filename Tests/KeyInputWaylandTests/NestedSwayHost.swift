import KeyInputKit
import TestSupport
import Testing

@testable import KeyInputWayland

/// A host on sway's x11 backend in a private Xvfb, with sway's X window
/// focused so xdotool's pointer and keys reach the Wayland window.
@MainActor
final class NestedSwayHost {
    let xvfb: XvfbServer
    let sway: HeadlessSway
    let host: WaylandHost
    let swayWindow: String

    init(window: Window, title: String) throws {
        xvfb = try XvfbServer()
        sway = try HeadlessSway(width: 640, height: 480, on: xvfb)
        swayWindow = try sway.xWindow()
        host = try WaylandHost(window: window, title: title, display: sway.socketPath)
        try pump(host) { host.framesPresented > 0 && host.pointer != nil }
        try xvfb.run(["xdotool", "windowfocus", "--sync", swayWindow])
    }

    /// Runs xdotool on sway's X window; pointer positions are the Wayland window's.
    func xdotool(_ arguments: String...) throws {
        let status = try xvfb.run(["xdotool"] + arguments)
        #expect(status == 0, "xdotool \(arguments.joined(separator: " ")) failed")
    }

    /// Moves the pointer to a point of the Wayland window (it fills sway's
    /// output) and waits until the window saw it get there: sway drops a
    /// click that follows a warp it has not handled yet, and a warp made
    /// before it placed the window enters nothing, so the move is repeated
    /// (from a point beside it) until the window sees it.
    func move(to point: Point) throws {
        let target = Point(x: point.x.rounded(.down), y: point.y.rounded(.down))
        let deadline = MonotonicClock.now() + 10
        for attempt in 0... {
            if attempt > 0 {
                try xdotool("mousemove", "--window", swayWindow, "\(Int(target.x) + 1)", "\(Int(target.y) + 1)")
            }
            try xdotool("mousemove", "--window", swayWindow, "\(Int(target.x))", "\(Int(target.y))")
            let retry = MonotonicClock.now() + 0.5
            while host.pointerTracker.location != target, MonotonicClock.now() < retry {
                try host.processEvents(timeout: 0.05)
            }
            if host.pointerTracker.location == target { return }
            if MonotonicClock.now() > deadline {
                Issue.record(
                    "the window did not see the pointer move to \(target); it saw \(host.pointerTracker.location)")
                return
            }
        }
    }
}

extension HeadlessSway {
    /// Starts a Wayland client of this sway (wl-copy, wl-paste) as ``user``,
    /// in the background; its standard output goes to `stdoutDescriptor`.
    func startClient(_ arguments: [String], stdoutDescriptor: Int32? = nil) throws -> ChildProcess {
        try ChildProcess(
            ["setpriv", "--reuid=\(Self.user)", "--regid=\(Self.user)", "--clear-groups", "--"] + arguments,
            environment: [
                "XDG_RUNTIME_DIR": runtimeDirectory, "HOME": home, "WAYLAND_DISPLAY": "wayland-1", "DISPLAY": nil,
            ],
            stdoutDescriptor: stdoutDescriptor)
    }
}
