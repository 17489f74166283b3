import Foundation
import KeyInputCairo
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `date-picker-demo` in a Wayland window on a private sway, with its
/// `--state` output and standard error in files.
final class DemoOnSway: DemoProcess {
    let sway: HeadlessSway

    /// Starts the demo with `WAYLAND_DISPLAY` naming sway's socket and no `DISPLAY`.
    init(on sway: HeadlessSway, _ arguments: [String] = []) throws {
        self.sway = sway
        try super.init(
            arguments, environment: ["WAYLAND_DISPLAY": sway.socketPath, "DISPLAY": nil, "LANG": "C.UTF-8"])
    }

    /// The state lines printed so far, as JSON objects.
    func states() -> [[String: Any]] {
        stdout.split(separator: "\n").compactMap {
            (try? JSONSerialization.jsonObject(with: Data($0.utf8))) as? [String: Any]
        }
    }

    /// The value of a control in the last state printed.
    func value(_ id: String) -> String? {
        let controls = states().last?["controls"] as? [[String: Any]]
        return controls?.first { $0["id"] as? String == id }?["value"] as? String
    }

    /// Waits (at most `seconds`, 20 by default) until `condition` holds.
    @discardableResult
    func wait(for condition: () -> Bool, seconds: Double = 20) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        repeat {
            if condition() { return true }
            usleep(20_000)
        } while Date() < deadline
        return false
    }
}

/// The demo's tests that only sway can run: closing a window through sway's IPC, and a
/// keymap other than US (mutter alone always has the US one). What every compositor can
/// do is tested on each in `DemoOnCompositorTests`.
@MainActor
@Suite("date-picker-demo on sway", .serialized)
struct DemoOnWaylandTests {
    @Test(
        "Closing the window in sway ends the demo with exit 0",
        .enabled(if: swayAvailable, "needs sway and grim (scripts/install-deps.sh test)"))
    func closeEndsWithZero() throws {
        let sway = try HeadlessSway(width: 480, height: 640)
        let demo = try DemoOnSway(on: sway)
        try #require(demo.wait { !demo.states().isEmpty }, "the demo never printed its state: \(demo.stderr)")
        // The window is mapped once sway's tree holds it.
        try #require(demo.wait { (try? sway.command("[title=\"Date picker demo\"] focus")) != nil })
        try sway.command("[title=\"Date picker demo\"] kill")
        #expect(demo.process.wait(timeout: 20) == 0, "stderr: \(demo.stderr)")
    }

    @Test(
        "Typing on sway's German keymap: y, z, ; give zyö; grim shows what the headless demo draws for the same events",
        .enabled(if: nestedSwayAvailable, nestedSwayReason))
    func typingOnGermanKeymap() throws {
        let xvfb = try XvfbServer()
        let sway = try HeadlessSway(width: 480, height: 640, on: xvfb, keyboardLayout: "de")
        let swayWindow = try sway.xWindow()
        let demo = try DemoOnSway(on: sway)
        try #require(demo.wait { !demo.states().isEmpty }, "the demo never printed its state: \(demo.stderr)")
        func xdotool(_ arguments: String...) throws {
            try #require(try xvfb.run(["xdotool"] + arguments) == 0, "xdotool \(arguments) failed")
        }
        func firstResponder() -> String? { demo.states().last?["firstResponder"] as? String }
        try xdotool("windowfocus", "--sync", swayWindow)
        try #require(
            demo.wait {
                (try? xdotool("mousemove", "--window", swayWindow, "300", "84", "click", "1")) != nil
                    && demo.wait(for: { firstResponder() == "name" }, seconds: 0.5)
            }, "a click on Name never focused it: \(demo.stderr)")
        // xdotool sends the X server's US keycodes; sway decodes them with its German keymap.
        try xdotool("key", "--delay", "20", "y", "z", "semicolon", "shift+y")
        #expect(demo.wait { demo.value("name") == "zyöZ" }, "name is \(demo.value("name") ?? "nothing")")
        // A click outside dismisses the keyboard: no caret, nothing moving. (sway drops a click that follows a
        // pointer warp it has not handled yet: click until one lands.)
        try #require(
            demo.wait {
                (try? xdotool("mousemove", "--window", swayWindow, "300", "340", "click", "1")) != nil
                    && demo.wait(for: { firstResponder() == nil }, seconds: 0.5)
            }, "a click outside never dismissed the keyboard")
        try #require(
            demo.wait { (demo.states().last?["keyboardFrame"] as? [Double])?.last == 0 }, "the keyboard never went away")
        let folder = try TemporaryFolder()
        let events = try folder.write("events", "click name\ntype zyöZ\nclick 300 340\nwait 1\nscreenshot typed\n")
        let headless = try ChildProcess.run(
            [try DemoBinary.path(), "--backend", "headless", "--layout", "de", "--events", events, "--output",
             folder.path, "--date", "2000-06-15", "--locale", "en_US"],
            environment: ["TZ": "UTC", "LANG": "C.UTF-8"], timeout: 60)
        try #require(headless.status == 0, "\(headless)")
        let expected = try CairoCanvas(contentsOfPNG: folder.path + "/typed.png")
        // The last frame reaches the screen a frame after the state says the keyboard left.
        var differing = -1
        demo.wait(
            for: {
                guard let shot = try? CairoCanvas(contentsOfPNG: try sway.screenshot(named: "typed.png")) else {
                    return false
                }
                differing = (try? differingPixels(shot, expected)) ?? -1
                return differing == 0
            }, seconds: 5)
        #expect(differing == 0, "\(differing) pixels differ between grim's screenshot and the headless frame")
    }
}

/// How many pixels of two images of the same size differ by more than 2% in a channel.
@MainActor
func differingPixels(_ a: CairoCanvas, _ b: CairoCanvas) throws -> Int {
    try #require(a.pixelWidth == b.pixelWidth && a.pixelHeight == b.pixelHeight)
    var differing = 0
    for y in 0..<a.pixelHeight {
        for x in 0..<a.pixelWidth {
            guard let p = a.color(atX: x, y: y), let q = b.color(atX: x, y: y) else {
                differing += 1
                continue
            }
            if abs(p.red - q.red) > 0.02 || abs(p.green - q.green) > 0.02 || abs(p.blue - q.blue) > 0.02 {
                differing += 1
            }
        }
    }
    return differing
}
