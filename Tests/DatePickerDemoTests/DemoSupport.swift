import DatePickerDemo
import Foundation
import KeyInputKit
import TestSupport
import XKB

#if canImport(Glibc)
    import Glibc
#endif

/// One line of the demo's `--state` output.
struct DemoState: Decodable, Equatable {
    struct Control: Decodable, Equatable {
        var id: String
        var frame: [Double]
        var value: String
        /// Text being composed, shown underlined at the caret (absent when there is none).
        var markedText: String?
    }
    var time: Double
    var firstResponder: String?
    var controls: [Control]
    var inputView: String?
    var keyboardFrame: [Double]

    /// The value of the control with this id.
    func value(_ id: String) -> String? { controls.first { $0.id == id }?.value }

    /// The marked text of the control with this id, if it has any.
    func markedText(_ id: String) -> String? { controls.first { $0.id == id }?.markedText }

    /// Every line of `--state` output, decoded.
    static func lines(_ text: String) throws -> [DemoState] {
        try text.split(separator: "\n").map { try JSONDecoder().decode(DemoState.self, from: Data($0.utf8)) }
    }
}

/// The `date-picker-demo` binary under test (`DATE_PICKER_DEMO_BINARY` overrides).
enum DemoBinary {
    static func path() throws -> String {
        try builtProduct(named: "date-picker-demo", environmentVariable: "DATE_PICKER_DEMO_BINARY")
    }

    /// Runs the demo to its end, without a display, in a fixed locale and time zone.
    static func run(_ arguments: [String], timeout: Double = 120) throws -> ChildProcess.Output {
        try ChildProcess.run(
            [try path()] + arguments, environment: ["DISPLAY": nil, "WAYLAND_DISPLAY": nil, "TZ": "UTC", "LANG": "C.UTF-8"], timeout: timeout)
    }
}

/// Noon on a day, in UTC.
func noon(_ year: Int, _ month: Int, _ day: Int) -> Date {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC")!
    return calendar.date(from: DateComponents(year: year, month: month, day: day, hour: 12))!
}

/// A headless session on a form in en_US and UTC, decoding with `layout`.
@MainActor
func makeSession(layout: String = "us", initialDate: Date = noon(2000, 6, 15), locale: String = "en_US") throws
    -> DemoSession
{
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC")!
    let locale = Locale(identifier: locale)
    let form = DemoForm(initialDate: initialDate, calendar: calendar, locale: locale)
    let keymap = try XKBFixtures.keymap(layout: layout)
    return DemoSession(keymap: keymap, composeTable: nil, form: form)
}

extension DemoSession {
    /// Parses and plays events, then lets animations finish.
    func play(script: String) throws {
        for (_, event) in try DemoScript.parse(script) { try play(event) }
        advance(to: time + 1)
    }

    /// The state, decoded.
    func state() throws -> DemoState { try JSONDecoder().decode(DemoState.self, from: Data(stateJSON().utf8)) }
}

/// `date-picker-demo` running as a child process with `--state`, a fixed date, locale and time
/// zone, its standard output and error in files: on Xvfb (`RunningDemo`) or on sway (`DemoOnSway`).
class DemoProcess {
    let folder: TemporaryFolder
    let process: ChildProcess
    let stdoutPath: String
    let stderrPath: String

    /// Starts the demo with `arguments` after the common ones, on `display` (X11) or none,
    /// with `environment` changes applied (`TZ` is UTC).
    init(_ arguments: [String], display: String? = nil, environment: [String: String?]) throws {
        folder = try TemporaryFolder()
        stdoutPath = try folder.write("stdout", "")
        stderrPath = try folder.write("stderr", "")
        let out = open(stdoutPath, O_WRONLY | O_TRUNC), err = open(stderrPath, O_WRONLY | O_TRUNC)
        defer {
            close(out)
            close(err)
        }
        process = try ChildProcess(
            [try DemoBinary.path(), "--state", "--date", "2000-06-15", "--locale", "en_US"] + arguments,
            display: display, environment: environment.merging(["TZ": "UTC"]) { $1 },
            stdoutDescriptor: out, stderrDescriptor: err)
    }

    var stdout: String { String(decoding: FileManager.default.contents(atPath: stdoutPath) ?? Data(), as: UTF8.self) }
    var stderr: String { String(decoding: FileManager.default.contents(atPath: stderrPath) ?? Data(), as: UTF8.self) }

    /// Stops the demo if it still runs.
    func stopIfRunning() {
        if process.wait(timeout: 0) == nil { process.stop(grace: 2) }
    }

    deinit { stopIfRunning() }
}
