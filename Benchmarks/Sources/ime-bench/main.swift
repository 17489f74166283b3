// ime-bench: what an input method adds to the time from a key to the text in a field.
//
//   ime-bench [--keys N] [--engine NAME]
//
// Types "a" N times (press and release) into a TextField through a US
// HardwareKeyboard and Window.sendKeyPress, and prints the median and 95th
// percentile per key: first with no input method (the plain key route), then
// through IBusInputMethod to the daemon the environment names (IBUS_ADDRESS or
// the address file), where each key waits for the daemon's answer — the D-Bus
// round trip. Run it inside a private session (scripts/bench.sh does):
//
//   dbus-run-session -- sh -c 'ibus-daemon --daemonize --panel=disable \
//       --config=/usr/libexec/ibus-memconf; sleep 1; ibus engine xkb:us::eng; ime-bench'
import BenchSupport
import Foundation
import KeyInputIBus
import KeyInputKit
import XKB

#if canImport(Glibc)
    import Glibc
#endif

func percentile(_ values: [Double], _ fraction: Double) -> Double {
    let sorted = values.sorted()
    return sorted.isEmpty ? 0 : sorted[min(sorted.count - 1, Int(Double(sorted.count) * fraction))]
}

func report(_ label: String, _ nanoseconds: [Double]) {
    let median = percentile(nanoseconds, 0.5)
    let p95 = percentile(nanoseconds, 0.95)
    let unit = median > 100_000 ? (1e6, "ms") : (1e3, "µs")
    print(
        String(
            format: "%-44@ median %8.3f %@   p95 %8.3f %@   (%d keys)", label as NSString, median / unit.0,
            unit.1 as NSString, p95 / unit.0, unit.1 as NSString, nanoseconds.count))
}

@MainActor
func run() throws {
    var keys = 2000
    var arguments = CommandLine.arguments.dropFirst()
    while let argument = arguments.popFirst() {
        if argument == "--keys", let count = arguments.popFirst().flatMap(Int.init) { keys = count }
    }
    let context = try Context(options: .noEnvironmentNames)
    let keymap = try Keymap(context: context, names: RuleNames(layout: "us"))
    let a = try Keycode(name: "a")

    func typing(_ inputMethod: IBusInputMethod?) -> [Double] {
        let application = Application()
        let window = Window(size: Size(width: 400, height: 200))
        window.caretBlinks = false
        let keyboard = HardwareKeyboard(keymap: keymap)
        application.addWindow(window)
        application.attach(keyboard)
        let field = TextField(frame: Rect(x: 10, y: 10, width: 380, height: 30))
        window.addSubview(field)
        _ = field.becomeFirstResponder()
        window.inputMethod = inputMethod
        inputMethod?.processEvents(timeout: 0.2)
        var times: [Double] = []
        for index in 0..<keys {
            // A fresh line now and then, so the text does not grow without end.
            if index % 100 == 0 { field.text = "" }
            let before = field.text.utf8.count
            let start = now()
            keyboard.handleKey(a, direction: .down, at: 0)
            keyboard.handleKey(a, direction: .up, at: 0)
            if let inputMethod {
                let deadline = start + 2_000_000_000
                while window.inputMethodDeadline != nil || field.text.utf8.count == before, now() < deadline {
                    inputMethod.processEvents(timeout: 0.01)
                }
            }
            times.append(Double(now() - start))
            if field.text.utf8.count != before + 1 {
                FileHandle.standardError.write(
                    Data("ime-bench: key \(index) typed \(field.text.debugDescription)\n".utf8))
                exit(1)
            }
        }
        window.inputMethod = nil
        return times
    }

    report("no input method (key to text)", typing(nil))
    let inputMethod = IBusInputMethod()
    guard inputMethod.isAvailable else {
        print("no IBus daemon found (IBUS_ADDRESS or the address file): the D-Bus figures are left out")
        return
    }
    report("IBus, engine answers each key (round trip)", typing(inputMethod))
}

try MainActor.assumeIsolated { try run() }
