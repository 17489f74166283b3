import Foundation
import XKB

#if canImport(Glibc)
    import Glibc
#endif

/// sway on its x11 backend in a private Xvfb, for a test that needs real
/// keys and clicks: xdotool sends them to sway's X window, and they reach
/// the focused Wayland client through sway's seat and keymap.
///
/// sway tiles a window over its whole output, so a client's content starts
/// at the output's top-left corner.
@MainActor
public final class NestedSway: CompositorSession {
    /// The X server sway runs in.
    public let xvfb: XvfbServer
    /// The compositor.
    public let sway: HeadlessSway
    /// sway's own window on the X server.
    public let swayWindow: String
    /// The US keymap Xvfb and sway share, to name keys for xdotool.
    private let keymap: Keymap

    /// Starts Xvfb, then sway in it with one `width` × `height` output on
    /// `keyboardLayout`, and focuses sway's X window.
    public init(width: Int = 480, height: Int = 640, keyboardLayout: String = "us") throws {
        xvfb = try XvfbServer()
        sway = try HeadlessSway(width: width, height: height, on: xvfb, keyboardLayout: keyboardLayout)
        swayWindow = try sway.xWindow()
        keymap = try XKBFixtures.keymap(layout: "us")
        try xdotool("windowfocus", "--sync", swayWindow)
    }

    public var compositor: TestCompositor { .sway }
    public var socketPath: String { sway.socketPath }
    public var clientEnvironment: [String: String?] { ["WAYLAND_DISPLAY": sway.socketPath, "DISPLAY": nil] }
    public var knownWindowOrigin: (x: Int, y: Int)? { (0, 0) }
    public var isRunning: Bool { sway.isRunning }
    public var log: String { sway.log }

    /// Runs xdotool on the private X server.
    public func xdotool(_ arguments: String...) throws {
        let output = try xvfb.output(["xdotool"] + arguments)
        guard output.status == 0 else { throw CompositorFailure("xdotool \(arguments) failed: \(output)") }
    }

    public func click(x: Int, y: Int) throws {
        try xdotool("mousemove", "--window", swayWindow, "\(x)", "\(y)", "click", "1")
    }

    public func type(keys chords: [String]) throws {
        // xdotool names keys by keysym and finds their keycodes in Xvfb's US map: name each
        // kernel key by its first keysym there.
        let names = try chordCodes(chords).map { codes in
            try codes.map { code in
                guard let keysym = keymap.keysyms(of: Keycode(evdev: code), layout: 0, level: 0).first else {
                    throw CompositorFailure("key \(code) has no keysym on the US keymap")
                }
                return keysym.name
            }.joined(separator: "+")
        }
        let output = try xvfb.output(["xdotool", "key", "--delay", "20"] + names)
        guard output.status == 0 else { throw CompositorFailure("xdotool key \(names) failed: \(output)") }
    }

    public func screenshot(named name: String) throws -> String { try sway.screenshot(named: name) }

    public func startClient(_ arguments: [String], stdoutDescriptor: Int32?) throws -> ChildProcess {
        try ChildProcess(
            ["setpriv", "--reuid=\(HeadlessSway.user)", "--regid=\(HeadlessSway.user)", "--clear-groups", "--"]
                + arguments,
            environment: [
                "XDG_RUNTIME_DIR": sway.runtimeDirectory, "HOME": sway.home, "WAYLAND_DISPLAY": "wayland-1",
                "DISPLAY": nil,
            ],
            stdoutDescriptor: stdoutDescriptor)
    }

    public func stopCompositor() { sway.stop() }
}
