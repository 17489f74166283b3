// long-text-bench: what a keystroke costs as one text grows long, and what a large paste costs.
//
//   long-text-bench typing [--keys N] [--sample K] [--control field|view] [--prefill BYTES]
//       N keys (default 200,000) typed one at a time into a TextField and into a TextView (or one of them) of
//       a 480×640 window with Pango text, each followed by a render of what changed, as a
//       host's frame would. Prints the mean time per key over the first and the last K keys
//       (default 1,000), and the whole run's time. --prefill pastes BYTES of one line first.
//
//   long-text-bench paste [--demo PATH] [--control name|notes] MB…
//       Per size: Xvfb on a free display, date-picker-demo --state in it, xclip owning MB
//       megabytes of one line of text (of 80-byte lines for Notes); Ctrl+V then "abc" with xdotool
//       into the Name field (or Notes, a text view).
//       Prints the time from Ctrl+V until --state shows the text with the keys after it, how
//       long a key pressed 0.3 s after that takes to land (the window is drawing the paste then),
//       the demo's peak resident size (VmHWM) and whether the keys landed once, in order.
import BenchSupport
import Foundation
import KeyInputCairo
import KeyInputKit

#if canImport(Glibc)
    import Glibc
#endif

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("long-text-bench: \(message)\n".utf8))
    exit(1)
}

// MARK: Typing

@MainActor
func typing(keys: Int, sample: Int, controls: [Bool], prefill: Int) throws {
    let engine = try PangoTextLayoutEngine()
    print("| control | keys | first \(sample) keys (µs/key) | last \(sample) keys (µs/key) | whole run (s) |")
    print("|---|---:|---:|---:|---:|")
    for multiline in controls {
        let window = Window(size: Size(width: 480, height: 640))
        window.textLayoutEngine = engine
        window.caretBlinks = false
        let control: TextEditingControl =
            multiline
            ? TextView(frame: Rect(x: 20, y: 20, width: 440, height: 300), text: "")
            : TextField(frame: Rect(x: 20, y: 20, width: 440, height: 32))
        window.addSubview(control)
        _ = control.becomeFirstResponder()
        let canvas = try CairoCanvas(size: window.frame.size)
        canvas.textEngine = engine
        window.render(to: canvas)
        if prefill > 0 {
            // A pasted text first, measured whole before the keys (its steps run to the end).
            let unit = "the quick brown fox jumps over the lazy dog; "
            control.insertText(String(repeating: unit, count: prefill / unit.utf8.count))
            _ = window.renderDamage(to: canvas)
            while window.hasWorkAfterPresenting {
                window.performWorkAfterPresenting()
                _ = window.renderDamage(to: canvas)
            }
        }
        let letters = Array("the quick brown fox jumps over the lazy dog ").map(String.init)
        var first = 0.0, last = 0.0
        let start = now()
        for index in 0..<keys {
            let before = now()
            control.insertText(letters[index % letters.count])
            _ = window.renderDamage(to: canvas)
            // A person's keys come a frame or more apart: the work after presenting is due before the next.
            window.performWorkAfterPresenting()
            _ = window.renderDamage(to: canvas)
            let spent = Double(now() - before)
            if index < sample { first += spent }
            if index >= keys - sample { last += spent }
        }
        let total = Double(now() - start) / 1e9
        print(
            "| \(multiline ? "TextView" : "TextField") | \(keys) | \(String(format: "%.1f", first / Double(sample) / 1000)) | "
                + "\(String(format: "%.1f", last / Double(sample) / 1000)) | \(String(format: "%.1f", total)) |")
    }
    print("(release build; each key: insertText, the damaged part rendered into a cairo image, the work after presenting, and what it damaged rendered again)")
}

// MARK: Paste

/// Runs a program to its end and returns its standard output. Spawned and
/// reaped here: Foundation's `Process.waitUntilExit()` can miss a child that
/// exits at once (it hung for ever on the shell that starts xclip).
@discardableResult
func run(_ arguments: [String], environment: [String: String] = [:]) -> String {
    var pipe: [Int32] = [0, 0]
    guard Glibc.pipe(&pipe) == 0 else { fail("cannot make a pipe") }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_adddup2(&actions, pipe[1], 1)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addclose(&actions, pipe[0])
    posix_spawn_file_actions_addclose(&actions, pipe[1])  // only as its output: xclip, which stays, must not hold it
    let merged = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    let argv = arguments.map { strdup($0) } + [nil]
    let envp = merged.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer { (argv + envp).forEach { free($0) } }
    var pid: pid_t = 0
    guard posix_spawnp(&pid, arguments[0], &actions, nil, argv, envp) == 0 else { fail("cannot run \(arguments[0])") }
    close(pipe[1])
    var output = [UInt8](), buffer = [UInt8](repeating: 0, count: 4096)
    while true {
        let count = read(pipe[0], &buffer, buffer.count)
        if count <= 0 { break }
        output += buffer[0..<count]
    }
    close(pipe[0])
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0, errno == EINTR {}
    return String(decoding: output, as: UTF8.self)
}

/// Peak resident size of a process in MB, from /proc.
func peakResidentMB(_ pid: Int32) -> Double {
    guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
        let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") })
    else { return .nan }
    return (Double(line.split(separator: " ")[1]) ?? .nan) / 1024
}

func paste(megabytes: Int, demo: String, control: String) {
    // The first display from :90 with no server, so that a test run beside the bench is left alone.
    let number = (90..<200).first { !FileManager.default.fileExists(atPath: "/tmp/.X\($0)-lock") } ?? 90
    let display = ":\(number)"
    let xvfb = Process()
    xvfb.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    xvfb.arguments = ["Xvfb", display, "-screen", "0", "1024x768x24", "-nolisten", "tcp"]
    xvfb.standardError = FileHandle.nullDevice
    do { try xvfb.run() } catch { fail("cannot start Xvfb: \(error)") }
    defer { xvfb.terminate(); xvfb.waitUntilExit() }
    let environment = ["DISPLAY": display]
    usleep(500_000)

    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("long-text-bench-\(getpid())").path
    try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    // One line for Name; lines of about 80 bytes for Notes, a text view.
    let unit = control == "notes" ? "Grüße, мир, 日本 🙂 Grüße, мир, 日本 🙂 Grüße, мир, 日本 🙂\n" : "Grüße, мир, 日本 🙂 "
    var text = String(repeating: unit, count: (megabytes << 20) / unit.utf8.count)
    text.reserveCapacity(0)
    let textPath = folder + "/text"
    FileManager.default.createFile(atPath: textPath, contents: Data(text.utf8))
    FileManager.default.createFile(atPath: folder + "/events", contents: Data("click \(control)\n".utf8))

    let process = Process()
    process.executableURL = URL(fileURLWithPath: demo)
    process.arguments = ["--state", "--events", folder + "/events"]
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    do { try process.run() } catch { fail("cannot start \(demo): \(error)") }
    defer { process.interrupt(); process.waitUntilExit() }
    // Read the state lines as they come, on a thread of their own.
    let lines = StateLines(control: control)
    let reader = Thread { lines.read(output.fileHandleForReading) }
    reader.start()

    let window = run(["xdotool", "search", "--sync", "--onlyvisible", "--name", "Date picker demo"], environment: environment)
        .split(separator: "\n").first.map(String.init) ?? ""
    run(["xdotool", "windowfocus", "--sync", window], environment: environment)
    // xclip stays to own the selection, in a child of its own that writes nowhere.
    run(["sh", "-c", "xclip -selection clipboard -i '\(textPath)' >/dev/null 2>&1"], environment: environment)
    usleep(300_000)
    let expected = text.utf8.count + 3
    let start = Date()
    run(["xdotool", "key", "ctrl+v", "a", "b", "c"], environment: environment)
    var landed: Double?
    while Date().timeIntervalSince(start) < 300 {
        if lines.longest() >= expected {
            landed = Date().timeIntervalSince(start)
            break
        }
        usleep(5_000)
    }
    // A key while the window draws the paste and lays the line out: how long until it lands.
    usleep(300_000)
    let keyed = Date()
    run(["xdotool", "key", "d"], environment: environment)
    var answered: Double?
    while Date().timeIntervalSince(keyed) < 300 {
        if lines.longest() >= expected + 1 {
            answered = Date().timeIntervalSince(keyed) * 1000
            break
        }
        usleep(1_000)
    }
    usleep(500_000)
    let peak = peakResidentMB(process.processIdentifier)
    let last = lines.lastNameEnd()
    let once = lines.longest() == expected + 1 && last.hasSuffix(String(unit.suffix(2)) + "abcd")
    print(
        "| \(megabytes) MB into \(control) | \(landed.map { String(format: "%.2f", $0) } ?? "not within 300 s") | "
            + "\(answered.map { String(format: "%.0f", $0) } ?? "not within 300 s") | \(String(format: "%.0f", peak)) | "
            + "\(once ? "yes" : "no: \(lines.longest() - text.utf8.count) bytes after the paste, ending \(last.suffix(8).debugDescription)") |")
}

/// The demo's state lines: the Name field's length and its end, as they arrive.
final class StateLines: @unchecked Sendable {
    private let lock = NSLock()
    private let control: String

    init(control: String) { self.control = control }
    private var length = 0
    private var end = ""

    func read(_ handle: FileHandle) {
        var buffer = Data()
        while true {
            let chunk = handle.availableData
            if chunk.isEmpty { return }
            buffer.append(chunk)
            while let newline = buffer.firstIndex(of: 0x0A) {
                let line = buffer[buffer.startIndex..<newline]
                buffer = Data(buffer[(newline + 1)...])
                guard let object = try? JSONSerialization.jsonObject(with: line) as? [String: Any],
                    let controls = object["controls"] as? [[String: Any]],
                    let name = controls.first(where: { $0["id"] as? String == control })
                else { continue }
                let value = name["value"] as? String
                lock.withLock {
                    length = (name["valueLength"] as? Int) ?? value?.utf8.count ?? 0
                    end = (name["valueEnd"] as? String) ?? value ?? ""
                }
            }
        }
    }

    func longest() -> Int { lock.withLock { length } }
    func lastNameEnd() -> String { lock.withLock { end } }
}

// MARK: Main

@MainActor
func main() throws {
    var arguments = Array(CommandLine.arguments.dropFirst())[...]
    switch arguments.popFirst() {
    case "typing":
        var keys = 200_000, sample = 1000, controls = [false, true], prefill = 0
        let usage = "usage: long-text-bench typing [--keys N] [--sample K] [--control field|view] [--prefill BYTES]"
        while let argument = arguments.popFirst() {
            switch argument {
            case "--keys": keys = Int(arguments.popFirst() ?? "") ?? keys
            case "--sample": sample = Int(arguments.popFirst() ?? "") ?? sample
            case "--prefill": prefill = Int(arguments.popFirst() ?? "") ?? prefill
            case "--control":
                switch arguments.popFirst() {
                case "field": controls = [false]
                case "view": controls = [true]
                default: fail(usage)
                }
            default: fail(usage)
            }
        }
        try typing(keys: keys, sample: min(sample, keys), controls: controls, prefill: prefill)
    case "paste":
        var demo = "../.build/release/date-picker-demo"
        var sizes: [Int] = [], control = "name"
        while let argument = arguments.popFirst() {
            switch argument {
            case "--demo": demo = arguments.popFirst() ?? demo
            case "--control": control = arguments.popFirst() == "notes" ? "notes" : "name"
            default: if let size = Int(argument) { sizes.append(size) }
            }
        }
        print(
            "| paste | Ctrl+V to the text and 3 keys in --state (s) | a key 0.3 s later, to --state (ms) | "
                + "demo's peak resident size (MB) | keys after the paste, once, in order |")
        print("|---|---:|---:|---:|---|")
        for size in sizes.isEmpty ? [1, 10, 20] : sizes { paste(megabytes: size, demo: demo, control: control) }
    default:
        fail("usage: long-text-bench typing [--keys N] [--sample K] [--control field|view] [--prefill BYTES] | paste [--demo PATH] [--control name|notes] [MB…]")
    }
}

MainActor.assumeIsolated {
    do { try main() } catch { fail("\(error)") }
}
