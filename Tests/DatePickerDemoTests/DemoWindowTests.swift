import DatePickerDemo
import Foundation
import KeyInputCairo
import KeyInputKit
import TestSupport
import Testing
import XKB

#if canImport(Glibc)
    import Glibc
#endif

/// The demo binary in a window on a private Xvfb, with its `--state`
/// output and standard error in files.
final class RunningDemo: DemoProcess {
    let server: XvfbServer
    private(set) var windowID = ""

    init(_ arguments: [String], environment: [String: String] = [:]) throws {
        server = try XvfbServer()
        try super.init(
            arguments, display: server.display,
            environment: environment.mapValues { $0 }.merging(["WAYLAND_DISPLAY": nil]) { $1 })
    }

    /// Finds the demo's window once it is mapped, and gives it keyboard focus
    /// (Xvfb has no window manager to do it).
    func focusWindow() throws {
        let search = try server.output(
            ["xdotool", "search", "--sync", "--onlyvisible", "--name", "Date picker demo"], timeout: 30)
        windowID = String(search.stdout.split(separator: "\n").first ?? "")
        try #require(!windowID.isEmpty, "the demo's window never appeared: \(search)\n\(stderr)")
        try xdotool("windowfocus", "--sync", windowID)
    }

    func xdotool(_ arguments: String...) throws {
        let status = try server.run(["xdotool"] + arguments)
        try #require(status == 0, "xdotool \(arguments.joined(separator: " ")) failed")
    }

    /// A primary click at window coordinates, with the real pointer.
    func click(_ x: Int, _ y: Int) throws {
        try xdotool("mousemove", "--window", windowID, String(x), String(y), "click", "1")
    }

    /// The state lines printed so far (a line still being written is left out).
    func states() -> [DemoState] {
        stdout.split(separator: "\n", omittingEmptySubsequences: true).compactMap {
            try? JSONDecoder().decode(DemoState.self, from: Data($0.utf8))
        }
    }

    /// Waits (at most 20 s) for the last state printed to satisfy `condition`, and returns it;
    /// fails naming `what`, with the last state and what the demo wrote to standard error.
    @discardableResult
    func waitForState(_ what: String, _ condition: (DemoState) -> Bool) throws -> DemoState {
        var found: DemoState?
        do {
            try waitUntil(what, timeout: 20, turn: { usleep(20_000) }) {
                found = states().last.flatMap { condition($0) ? $0 : nil }
                return found != nil
            }
        } catch let timedOut as WaitTimedOut {
            throw WaitTimedOut(
                description: "\(timedOut)\nlast state: \(String(describing: states().last))\n\(stderr)")
        }
        return try #require(found)
    }

    /// Sends SIGTERM and returns the exit status.
    func terminate() -> Int32? {
        kill(process.pid, SIGTERM)
        let status = process.wait(timeout: 10)
        if status == nil { process.stop(grace: 1) }
        return status
    }

    deinit {
        stopIfRunning()
        server.stop()
    }
}

@Suite(
    "date-picker-demo in an X window", .serialized,
    .enabled(
        if: xvfbAvailable && executablePath("xwd") != nil,
        "Xvfb, xdotool and xwd are not installed (scripts/install-deps.sh test installs them)"))
struct DemoWindowTests {
    @Test("typing a German name with real key events, picking a birthday with arrow keys, and a click outside")
    func germanNameBirthdayAndClickOutside() async throws {
        let demo = try RunningDemo(["--layout", "de", "--output", "frames"])
        try demo.focusWindow()

        // Name: xdotool presses the keys the server's US keymap has for these
        // keysyms; the German override reads KEY_Y as z and KEY_LEFTBRACE as ü.
        try demo.click(200, 84)
        try demo.waitForState("the name field focused") { $0.firstResponder == "name" }
        try demo.xdotool("key", "--delay", "15", "shift+j", "bracketleft", "r", "g", "e", "n", "space", "shift+y", "o", "l", "l", "e", "r")
        let named = try demo.waitForState("Jürgen Zoller in the name field") { $0.value("name") == "Jürgen Zoller" }
        #expect(named.inputView == "on-screen-keyboard")

        // Birthday: the date picker instead of a keyboard, moved with arrow keys.
        try demo.click(200, 140)
        let picking = try demo.waitForState("the birthday's date picker") {
            $0.firstResponder == "birthday" && $0.inputView == "date-picker"
        }
        #expect(picking.value("birthday") == "Jun 15, 2000")
        try demo.xdotool("key", "--delay", "15", "Down", "Right", "Down")
        try demo.waitForState("the birthday moved to May 14, 2000") { $0.value("birthday") == "May 14, 2000" }

        // A click on empty space dismisses; the picker slides away.
        try demo.click(300, 340)
        let dismissed = try demo.waitForState("no field focused and no input view") {
            $0.firstResponder == nil && $0.inputView == nil
        }
        #expect(dismissed.keyboardFrame.dropFirst().first == 640)
        #expect(dismissed.value("name") == "Jürgen Zoller")
        #expect(dismissed.value("birthday") == "May 14, 2000")
        #expect(dismissed.value("quantity") == "")

        // What the X server shows: the window as the demo drew it.
        let shot = demo.folder.path + "/window.xwd"
        try #require(try demo.server.run(["xwd", "-silent", "-id", demo.windowID, "-out", shot]) == 0)
        let screen = try Pixels(xwd: shot)
        #expect(screen.width == 480 && screen.height == 640)
        #expect(screen.darkPixelCount(in: Rect(x: 146, y: 70, width: 200, height: 28)) > 100, "no name drawn")
        #expect(screen.darkPixelCount(in: Rect(x: 146, y: 126, width: 200, height: 28)) > 60, "no birthday drawn")
        #expect(screen.pixel(x: 144, y: 140, is: .separator), "the birthday field still has a focus ring")
        #expect(screen.pixel(x: 240, y: 600, is: .background), "the picker is still on screen")

        // The same events played headless draw the same picture.
        let headlessPath = demo.folder.path + "/headless.png"
        let expected = try await MainActor.run { () throws -> Pixels in
            let session = try makeSession(layout: "de")
            try session.play(
                script: """
                    click name
                    type Jürgen Zoller
                    click birthday
                    key KEY_DOWN
                    key KEY_RIGHT
                    key KEY_DOWN
                    click 300 340
                    """)
            try renderPNG(window: session.window, to: headlessPath)
            return try Pixels(png: headlessPath)
        }
        let share = screen.differingShare(from: expected)
        #expect(share < 0.01, "\(Int(share * 100))% of the pixels differ from the headless render")

        #expect(demo.terminate() == 0, "the demo did not end cleanly on SIGTERM: \(demo.stderr)")
    }

    @Test("an events file plays in the window: keys in keyinput's syntax, clicks on controls, a screenshot")
    func eventsInWindow() async throws {
        let folder = try TemporaryFolder()
        let events = try folder.write(
            "events.txt",
            """
            click quantity
            key KEY_4
            key KEY_2
            click accessory-previous
            key KEY_DOWN
            wait 0.4
            screenshot picker
            """)
        let frames = folder.path + "/frames"
        let demo = try RunningDemo(["--events", events, "--output", frames])
        try demo.focusWindow()
        let last = try demo.waitForState("the birthday focused at May 15, 2000") {
            $0.firstResponder == "birthday" && $0.value("birthday") == "May 15, 2000"
        }
        #expect(last.value("quantity") == "42")
        // The screenshot shows the picker where the keyboard goes.
        try demo.waitForState("the picker.png screenshot") { _ in FileManager.default.fileExists(atPath: frames + "/picker.png") }
        let picture = try await Pixels.load(png: frames + "/picker.png")
        #expect(picture.pixel(x: 10, y: 600, is: .keyboardBackground))
        #expect(picture.darkPixelCount(in: Rect(x: 146, y: 182, width: 100, height: 28)) > 10, "no quantity drawn")
        #expect(demo.terminate() == 0)
    }

    @Test("the X server going away ends the demo with a message, not a crash")
    func serverGone() throws {
        let demo = try RunningDemo([])
        try demo.focusWindow()
        demo.server.stop()
        let status = demo.process.wait(timeout: 20)
        #expect(status == 1)
        #expect(demo.stderr.contains("date-picker-demo: "))
        #expect(demo.stderr.contains(demo.server.display))
    }
}
