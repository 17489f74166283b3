import Foundation
import KeyInputCairo
import KeyInputKit
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `date-picker-demo` in a Wayland window on a private mutter (GNOME's
/// compositor), with its `--state` output and standard error in files.
final class DemoOnMutter: DemoProcess {
    /// Starts the demo with the variables mutter's clients need (`WAYLAND_DISPLAY`,
    /// `XDG_RUNTIME_DIR`, the session bus) and no `DISPLAY`.
    @MainActor
    init(on mutter: HeadlessMutter, _ arguments: [String] = []) throws {
        try super.init(arguments, environment: mutter.environment.merging(["LANG": "C.UTF-8"]) { $1 })
    }

    /// The state lines printed so far (a line still being written is left out).
    func states() -> [DemoState] {
        stdout.split(separator: "\n").compactMap { try? JSONDecoder().decode(DemoState.self, from: Data($0.utf8)) }
    }

    /// Waits (at most `timeout` seconds) for the last state printed to satisfy `condition`;
    /// fails naming `what`, with the last state and what the demo wrote to standard error.
    func waitForState(_ what: String, timeout: Double = 20, _ condition: (DemoState) -> Bool) throws {
        do {
            try waitUntil(what, timeout: timeout, turn: { usleep(20_000) }) { states().last.map(condition) ?? false }
        } catch let timedOut as WaitTimedOut {
            throw WaitTimedOut(
                description: "\(timedOut)\nlast state: \(String(describing: states().last))\n\(stderr)")
        }
    }
}

/// The demo's first frame drawn by the headless backend, the picture a compositor should show.
@MainActor
func headlessFrame(events: String, named name: String) throws -> CairoCanvas {
    let folder = try TemporaryFolder()
    let script = try folder.write("events", events + "\nscreenshot \(name)\n")
    let headless = try ChildProcess.run(
        [try DemoBinary.path(), "--backend", "headless", "--events", script, "--output", folder.path, "--date",
         "2000-06-15", "--locale", "en_US"],
        environment: ["TZ": "UTC", "LANG": "C.UTF-8"], timeout: 60)
    try #require(headless.status == 0, "\(headless)")
    return try CairoCanvas(contentsOfPNG: folder.path + "/\(name).png")
}

/// Where in a screenshot a frame's pixels appear, and how many of them differ there.
///
/// mutter places windows itself: the frame is looked for inside the box of
/// light pixels (the form; the desktop is dark blue), first by a grid of
/// samples at each offset, then pixel by pixel at the offset that fits best.
@MainActor
func locate(_ frame: CairoCanvas, in shot: CairoCanvas) -> (x: Int, y: Int, window: (Int, Int, Int, Int), differing: Int)?
{
    func isLight(_ x: Int, _ y: Int) -> Bool {
        guard let color = shot.color(atX: x, y: y) else { return false }
        return color.red > 0.6 && color.green > 0.6 && color.blue > 0.6
    }
    var minX = Int.max, minY = Int.max, maxX = -1, maxY = -1
    for y in 0..<shot.pixelHeight {
        for x in 0..<shot.pixelWidth where isLight(x, y) {
            minX = min(minX, x)
            minY = min(minY, y)
            maxX = max(maxX, x)
            maxY = max(maxY, y)
        }
    }
    guard maxX - minX + 1 >= frame.pixelWidth, maxY - minY + 1 >= frame.pixelHeight else { return nil }
    func differ(_ a: Color?, _ b: Color?) -> Bool {
        guard let a, let b else { return true }
        return abs(a.red - b.red) > 0.02 || abs(a.green - b.green) > 0.02 || abs(a.blue - b.blue) > 0.02
    }
    func differing(atX ox: Int, y oy: Int, step: Int, giveUpAt limit: Int = .max) -> Int {
        var count = 0
        for y in stride(from: 0, to: frame.pixelHeight, by: step) {
            for x in stride(from: 0, to: frame.pixelWidth, by: step)
            where differ(shot.color(atX: ox + x, y: oy + y), frame.color(atX: x, y: y)) {
                count += 1
                if count >= limit { return count }
            }
        }
        return count
    }
    var best: (x: Int, y: Int, differing: Int)?
    for oy in minY...(maxY + 1 - frame.pixelHeight) {
        for ox in minX...(maxX + 1 - frame.pixelWidth) {
            let sampled = differing(atX: ox, y: oy, step: 16, giveUpAt: best?.differing ?? .max)
            if sampled < best?.differing ?? .max { best = (ox, oy, sampled) }
        }
    }
    guard let best else { return nil }
    return (best.x, best.y, (minX, minY, maxX + 1 - minX, maxY + 1 - minY), differing(atX: best.x, y: best.y, step: 1))
}

@MainActor
@Suite("date-picker-demo on GNOME's compositor (mutter, headless)", .serialized)
struct DemoOnMutterTests {
    /// Takes screenshots (for at most 30 s: under a full parallel run the first frame took 19 s to
    /// show) until one shows `frame` pixel for pixel, and says where it is; the last place found
    /// when none does, so that the test reports how many differ.
    func waitForForm(_ frame: CairoCanvas, on mutter: HeadlessMutter, named name: String)
        throws -> (x: Int, y: Int, window: (Int, Int, Int, Int), differing: Int)
    {
        var found: (x: Int, y: Int, window: (Int, Int, Int, Int), differing: Int)?
        let deadline = Date().addingTimeInterval(30)
        repeat {
            let shot = try CairoCanvas(contentsOfPNG: try mutter.screenshot(named: name + ".png"))
            found = locate(frame, in: shot) ?? found
            if found?.differing == 0 { break }
            usleep(100_000)
        } while Date() < deadline
        return try #require(found, "mutter never showed the demo's form (\(name))\n\(mutter.log.suffix(1500))")
    }

    @Test("The demo's window shows on mutter's screen with the form the headless demo draws", .enabled(if: mutterAvailable, mutterReason))
    func windowAppears() throws {
        let mutter = try HeadlessMutter()
        let demo = try DemoOnMutter(on: mutter)
        try demo.waitForState("the first state") { _ in true }
        let expected = try headlessFrame(events: "", named: "first")
        let found = try waitForForm(expected, on: mutter, named: "first")
        #expect(found.differing == 0, "\(found.differing) pixels of the form differ from the headless frame")
        // mutter centres a new window on the monitor and keeps it below the top edge.
        #expect(found.x > 0 && found.x + expected.pixelWidth < mutter.width, "the form is at x \(found.x)")
        #expect(found.y > 0 && found.y + expected.pixelHeight < mutter.height, "the form is at y \(found.y)")
    }

    @Test(
        "A click through mutter's seat focuses Name, and keys typed through it land as text",
        .enabled(if: mutterAvailable, mutterReason))
    func clickAndType() throws {
        let mutter = try HeadlessMutter()
        let demo = try DemoOnMutter(on: mutter)
        try demo.waitForState("the first state") { _ in true }
        let form = try waitForForm(try headlessFrame(events: "", named: "first"), on: mutter, named: "first")
        // Name's field is at (300, 84) in the window, as on sway and Xvfb.
        try mutter.click(x: Double(form.x + 300), y: Double(form.y + 84))
        try demo.waitForState("Name focused by a click through mutter") { $0.firstResponder == "name" }
        try mutter.type(keys: ["KEY_LEFTSHIFT+KEY_H", "KEY_E", "KEY_L", "KEY_L", "KEY_O", "KEY_COMMA", "KEY_SPACE",
                               "KEY_LEFTSHIFT+KEY_G", "KEY_N", "KEY_O", "KEY_M", "KEY_E", "KEY_BACKSPACE", "KEY_E"])
        try demo.waitForState("Name reading \"Hello, Gnome\"") { $0.value("name") == "Hello, Gnome" }
        // A click outside dismisses the keyboard; then the screen shows what the headless demo draws.
        try mutter.click(x: Double(form.x + 300), y: Double(form.y + 340))
        try demo.waitForState("the keyboard gone after a click outside") {
            $0.firstResponder == nil && $0.keyboardFrame.last == 0
        }
        let typed = try headlessFrame(
            events: "click name\ntype Hello, Gnome\nclick 300 340\nwait 1", named: "typed")
        let shown = try waitForForm(typed, on: mutter, named: "typed")
        #expect(shown.differing == 0, "\(shown.differing) pixels of the form differ from the headless frame")
    }

    @Test(
        "mutter going away ends the demo with exit 1 and a message naming the display",
        .enabled(if: mutterAvailable, mutterReason))
    func compositorGoneEndsWithOne() throws {
        let mutter = try HeadlessMutter()
        let demo = try DemoOnMutter(on: mutter)
        try demo.waitForState("the first state") { _ in true }
        mutter.stopCompositor()
        #expect(demo.process.wait(timeout: 20) == 1)
        #expect(demo.stderr.hasPrefix("date-picker-demo: "), "stderr: \(demo.stderr)")
        #expect(demo.stderr.contains(mutter.socketPath), "stderr: \(demo.stderr)")
    }
}
