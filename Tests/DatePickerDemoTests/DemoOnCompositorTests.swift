import Foundation
import KeyInputCairo
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `date-picker-demo` in a Wayland window on one of the test compositors,
/// with its `--state` output and standard error in files.
final class DemoOnCompositor: DemoProcess {
    /// Starts the demo with the variables the compositor's clients need and no `DISPLAY`,
    /// with `environment` changes applied.
    @MainActor
    init(on session: any CompositorSession, _ arguments: [String] = [], environment: [String: String?] = [:]) throws {
        try super.init(
            arguments,
            environment: session.clientEnvironment.merging(["LANG": "C.UTF-8"]) { $1 }.merging(environment) { $1 })
    }

    /// The state lines printed so far (a line still being written is left out).
    func states() -> [DemoState] {
        stdout.split(separator: "\n").compactMap { try? JSONDecoder().decode(DemoState.self, from: Data($0.utf8)) }
    }

    /// Waits (at most `timeout` seconds) for the last state printed to satisfy `condition`;
    /// fails naming `what`, with the last state and what the demo wrote to standard error.
    @discardableResult
    func waitForState(_ what: String, timeout: Double = 20, _ condition: (DemoState) -> Bool) throws -> DemoState {
        do {
            try waitUntil(what, timeout: timeout, turn: { usleep(20_000) }) { states().last.map(condition) ?? false }
        } catch let timedOut as WaitTimedOut {
            throw WaitTimedOut(
                description: "\(timedOut)\nlast state: \(String(describing: states().last))\n\(stderr)")
        }
        return states().last!
    }
}

/// Takes screenshots (for at most 30 s: under a full parallel run mutter's first frame took
/// 19 s to show) until one shows `frame` pixel for pixel, and says where it is; the last place
/// found when none does, so that the test reports how many differ.
@MainActor
func waitForForm(_ frame: CairoCanvas, on session: any CompositorSession, named name: String)
    throws -> (x: Int, y: Int, window: (Int, Int, Int, Int), differing: Int)
{
    var found: (x: Int, y: Int, window: (Int, Int, Int, Int), differing: Int)?
    let deadline = Date().addingTimeInterval(30)
    repeat {
        if let path = try? session.screenshot(named: name + ".png"), let shot = try? CairoCanvas(contentsOfPNG: path) {
            found = locate(frame, in: shot) ?? found
            if found?.differing == 0 { break }
        }
        usleep(100_000)
    } while Date() < deadline
    return try #require(
        found, "\(session.compositor) never showed the demo's form (\(name))\n\(session.log.suffix(1500))")
}

/// Whether wl-clipboard's `wl-copy` and `wl-paste` are installed.
let wlClipboardAvailable = executablePath("wl-copy") != nil && executablePath("wl-paste") != nil

/// The demo's end-to-end tests, each run on every compositor of ``TestCompositor`` this machine
/// has; a compositor it lacks, and kwin for the pictures, show as skipped tests with their
/// reasons. Tests that only sway can run are in `DemoOnWaylandTests`.
@MainActor
@Suite("date-picker-demo on each Wayland compositor", .serialized)
struct DemoOnCompositorTests {
    @Test("sway is in the matrix", .enabled(if: TestCompositor.sway.isAvailable, TestCompositor.sway.reason))
    func swayRuns() throws { #expect(try TestCompositor.sway.start().isRunning) }

    @Test("mutter is in the matrix", .enabled(if: TestCompositor.mutter.isAvailable, TestCompositor.mutter.reason))
    func mutterRuns() throws { #expect(try TestCompositor.mutter.start().isRunning) }

    @Test("kwin is in the matrix", .enabled(if: TestCompositor.kwin.isAvailable, TestCompositor.kwin.reason))
    func kwinRuns() throws { #expect(try TestCompositor.kwin.start().isRunning) }

    @Test(
        "kwin's screen is compared with the headless frame",
        .disabled(
            "kwin takes screenshots (org.kde.KWin.ScreenShot2) only for a program its .desktop file trusts, even with KWIN_WAYLAND_NO_PERMISSION_CHECKS"
        ))
    func kwinScreenshots() {}

    /// Where the demo's window shows: where the compositor puts it, else found in a screenshot
    /// by the first frame the headless demo draws.
    func windowOrigin(on session: any CompositorSession) throws -> (x: Int, y: Int) {
        if let origin = session.knownWindowOrigin { return origin }
        let form = try waitForForm(try headlessFrame(events: "", named: "first"), on: session, named: "first")
        return (form.x, form.y)
    }

    /// Clicks a point of the window until `condition` holds: sway drops a click that follows a
    /// pointer warp it has not handled yet, and a window may not be mapped at the first one.
    func click(
        _ x: Int, _ y: Int, in origin: (x: Int, y: Int), on session: any CompositorSession, of demo: DemoOnCompositor,
        until what: String, _ condition: @escaping (DemoState) -> Bool
    ) throws {
        try waitUntil(what, timeout: 20, turn: {}) {
            try session.click(x: origin.x + x, y: origin.y + y)
            return (try? demo.waitForState(what, timeout: 0.5, condition)) != nil
        }
    }

    @Test(
        "The demo's window shows the form the headless demo draws, pixel for pixel",
        arguments: TestCompositor.available.filter(\.takesScreenshots))
    func windowAppears(on compositor: TestCompositor) throws {
        let session = try compositor.start()
        let demo = try DemoOnCompositor(on: session)
        try demo.waitForState("the first state") { _ in true }
        let expected = try headlessFrame(events: "", named: "first")
        let found = try waitForForm(expected, on: session, named: "first")
        #expect(found.differing == 0, "\(found.differing) pixels of the form differ from the headless frame")
        if let origin = session.knownWindowOrigin {
            #expect(found.x == origin.x && found.y == origin.y, "the form is at \(found.x), \(found.y)")
        }
    }

    /// The demo started on `compositor`, its window found, and Name focused by a click through
    /// the compositor's seat (Name's field is at (300, 84) in the window).
    func demoWithNameFocused(on compositor: TestCompositor) throws -> (
        any CompositorSession, DemoOnCompositor, (x: Int, y: Int)
    ) {
        let session = try compositor.start()
        let demo = try DemoOnCompositor(on: session)
        try demo.waitForState("the first state") { _ in true }
        let origin = try windowOrigin(on: session)
        try click(300, 84, in: origin, on: session, of: demo, until: "Name focused by a click") {
            $0.firstResponder == "name"
        }
        return (session, demo, origin)
    }

    @Test(
        "A click through the compositor's seat focuses Name, keys typed on its keymap land as text, a click outside dismisses the keyboard",
        arguments: TestCompositor.available)
    func clickAndType(on compositor: TestCompositor) throws {
        let (session, demo, origin) = try demoWithNameFocused(on: compositor)
        try session.type(keys: [
            "KEY_LEFTSHIFT+KEY_H", "KEY_E", "KEY_L", "KEY_L", "KEY_O", "KEY_COMMA", "KEY_SPACE", "KEY_LEFTSHIFT+KEY_W",
            "KEY_A", "KEY_Y", "KEY_BACKSPACE", "KEY_Y", "KEY_L", "KEY_A", "KEY_N", "KEY_D",
        ])
        try demo.waitForState("Name reading \"Hello, Wayland\"") { $0.value("name") == "Hello, Wayland" }
        try click(300, 340, in: origin, on: session, of: demo, until: "the keyboard gone after a click outside") {
            $0.firstResponder == nil && $0.keyboardFrame.last == 0
        }
        guard compositor.takesScreenshots else { return }
        let typed = try headlessFrame(events: "click name\ntype Hello, Wayland\nclick 300 340\nwait 1", named: "typed")
        let shown = try waitForForm(typed, on: session, named: "typed")
        #expect(shown.differing == 0, "\(shown.differing) pixels of the form differ from the headless frame")
    }

    @Test(
        "The compositor going away ends the demo with exit 1 and a message naming the display",
        arguments: TestCompositor.available)
    func compositorGoneEndsWithOne(on compositor: TestCompositor) throws {
        let session = try compositor.start()
        let socket = session.socketPath
        let demo = try DemoOnCompositor(on: session)
        try demo.waitForState("the first state") { _ in true }
        session.stopCompositor()
        #expect(demo.process.wait(timeout: 20) == 1)
        #expect(demo.stderr.hasPrefix("date-picker-demo: "), "stderr: \(demo.stderr)")
        #expect(demo.stderr.contains(socket), "stderr: \(demo.stderr)")
    }

    @Test(
        "Ctrl+V pastes what wl-copy holds into Name; Ctrl+A, Ctrl+C copy it for wl-paste",
        .enabled(if: wlClipboardAvailable, "needs wl-clipboard (scripts/install-deps.sh test)"),
        arguments: TestCompositor.available)
    func clipboardBothWays(on compositor: TestCompositor) throws {
        let (session, demo, _) = try demoWithNameFocused(on: compositor)
        let copier = try session.startClient(["wl-copy", "--foreground", "Grüße aus wl-copy"], stdoutDescriptor: nil)
        defer { copier.stop(grace: 1) }
        // wl-copy sets the selection in a moment; a Ctrl+V before that pastes nothing.
        try waitUntil("Name holding what wl-copy copied", timeout: 20, turn: {}) {
            try session.type(keys: ["KEY_LEFTCTRL+KEY_V"])
            return (try? demo.waitForState("the paste", timeout: 1) { $0.value("name") == "Grüße aus wl-copy" }) != nil
        }
        try session.type(keys: ["KEY_SPACE", "KEY_1", "KEY_LEFTCTRL+KEY_A", "KEY_LEFTCTRL+KEY_C"])
        try demo.waitForState("Name reading the paste and \" 1\"") { $0.value("name") == "Grüße aus wl-copy 1" }
        // The copy is announced to the compositor when Ctrl+C is handled: ask until wl-paste gets it.
        var pasted = ""
        try waitUntil("wl-paste printing what the demo copied (it printed \"\(pasted)\")", timeout: 20, turn: {
            usleep(100_000)
        }) {
            pasted = try wlPaste(on: session)
            return pasted == "Grüße aus wl-copy 1"
        }
    }

    /// Runs `wl-paste --no-newline` to its end and returns what it printed.
    func wlPaste(on session: any CompositorSession) throws -> String {
        let folder = try TemporaryFolder()
        let path = try folder.write("pasted", "")
        let output = open(path, O_WRONLY | O_TRUNC)
        let paster = try session.startClient(["wl-paste", "--no-newline"], stdoutDescriptor: output)
        close(output)
        if paster.wait(timeout: 10) == nil { paster.stop(grace: 1) }
        return String(decoding: FileManager.default.contents(atPath: path) ?? Data(), as: UTF8.self)
    }
}
