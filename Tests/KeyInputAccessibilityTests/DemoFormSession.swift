import Foundation
import TestSupport

/// The demo's form in an X window on a private accessibility bus, started
/// for one test: the session, the running demo, and xdotool on its display.
final class DemoFormSession {
    let session: AccessibilityBusSession
    let windowID: String
    static let applicationName = "date-picker-demo"
    /// What the demo wrote to standard error (the bridge's warnings).
    let logPath: String
    var log: String { (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? "" }

    /// Starts the demo with `arguments`; with `clickName`, Name is clicked once the window has the focus.
    init(clickName: Bool = true, arguments: [String] = []) throws {
        session = try AccessibilityBusSession()
        let demo = try builtProduct(named: "date-picker-demo", environmentVariable: "DATE_PICKER_DEMO")
        logPath = try session.temporaryFile("demo-stderr.txt")
        let log = open(logPath, O_WRONLY | O_APPEND)
        defer { close(log) }
        try session.start([demo, "--backend", "x11"] + arguments, stderr: log)
        let found = try session.xvfb.output(["xdotool", "search", "--sync", "--name", "Date picker demo"], timeout: 30)
        guard let id = found.stdout.split(separator: "\n").first.map(String.init) else {
            throw DaemonFailure("the demo's window did not appear: \(found)")
        }
        windowID = id
        // Registered once a client sees it; the window focused as a window manager would, then, if asked, a click into Name.
        _ = try session.tree(of: Self.applicationName)
        try xdotool("windowfocus", "--sync", windowID)
        if clickName { try click(200, 84) }
    }

    /// A primary click at window coordinates, with the real pointer.
    func click(_ x: Int, _ y: Int) throws {
        try xdotool("mousemove", "--window", windowID, String(x), String(y), "click", "1")
    }

    /// Runs xdotool on the session's display.
    func xdotool(_ arguments: String...) throws {
        let output = try session.xvfb.output(["xdotool"] + arguments, timeout: 30)
        guard output.status == 0 else { throw DaemonFailure("xdotool \(arguments) failed: \(output)") }
    }

    /// Types text with a pause between keys, as a person would.
    func type(_ text: String) throws { try xdotool("type", "--delay", "40", text) }

    func tree() throws -> AccessibleNode { try session.tree(of: Self.applicationName) }
}
