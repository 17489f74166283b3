// keyinput-bench: the benchmark driver. Every key-event, keymap and memory figure of
// Benchmarks/README.md comes from this program (or from scripts/bench.sh
// timing the CLI), and every Swift figure sits next to the C baseline's,
// measured in the same process.
//
//   keyinput-bench time [--events N] [--rounds R] [CASE…]   ns/event (median) and allocations/event
//   keyinput-bench run CASE EVENTS [ROUNDS]                   run EVENTS events ROUNDS times (for callgrind)
//   keyinput-bench rss [--events N] [CASE]                    resident size over N events
//   keyinput-bench compile [--rounds R]                       keymap compile: names, string, cache
//   keyinput-bench tokens COUNT                               the mix as a token file, on standard output
//   keyinput-bench verify-mix                                 the token file parses to the C events
//   keyinput-bench keytest COUNT                              a .keytest file of COUNT cases on us
//   keyinput-bench registry-keytest FOLDER                    one .keytest per registry layout and variant
//   keyinput-bench test-run FILE…                             run .keytest files in process: CPU, compiles
//
// CASE is path/layout/compose: path c, wrapper, pipeline or route; compose plain or compose.

import BenchSupport
import CBaseline
import CMallocCounter
import Foundation
import KeyEventWorkloads
import KeymapTools
import XKB

#if canImport(Glibc)
    import Glibc
#endif

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data(("keyinput-bench: " + message + "\n").utf8))
    exit(2)
}

func cpuSeconds() -> Double {
    var usage = rusage()
    getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
    return Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6 + Double(usage.ru_stime.tv_sec)
        + Double(usage.ru_stime.tv_usec) / 1e6
}

/// Resident set size in KiB, from /proc/self/statm.
func residentKiB() -> Int {
    guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
    let fields = text.split(separator: " ")
    guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
    return pages * Int(sysconf(Int32(_SC_PAGESIZE))) / 1024
}

func format(_ value: Double, _ digits: Int = 1) -> String { String(format: "%.\(digits)f", value) }

func pad(_ text: String, _ width: Int) -> String {
    text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
}

func leftPad(_ text: String, _ width: Int) -> String {
    text.count >= width ? text : String(repeating: " ", count: width - text.count) + text
}

/// Options of the form --name value, and the rest.
struct Arguments {
    var options: [String: String] = [:]
    var positional: [String] = []

    init(_ arguments: ArraySlice<String>) {
        var iterator = arguments.makeIterator()
        while let argument = iterator.next() {
            if argument.hasPrefix("--") {
                options[String(argument.dropFirst(2))] = iterator.next() ?? ""
            } else {
                positional.append(argument)
            }
        }
    }

    func int(_ name: String, default value: Int) -> Int {
        guard let text = options[name] else { return value }
        guard let number = Int(text.replacingOccurrences(of: "_", with: "")) else { fail("--\(name) wants a number") }
        return number
    }
}

/// Events of the mix, at least `count`, from enough tokens.
func mixEvents(atLeast count: Int) -> [kik_event] {
    // A token is 2.2 events on average; ask for a little more and trim.
    var mix = EventMix(tokenCount: max(1, count / 2 + 16))
    while mix.events.count < count { mix = EventMix(tokenCount: mix.tokens.count * 2) }
    return Array(mix.events.prefix(count))
}

func cases(_ names: [String]) -> [BenchCase] {
    if names.isEmpty { return BenchCase.all }
    return names.map { name in
        guard let benchCase = BenchCase(name) else { fail("unknown case \(name) (want path/layout/plain|compose)") }
        return benchCase
    }
}

// MARK: Commands

@MainActor
func timeCommand(_ arguments: Arguments) throws {
    let eventCount = arguments.int("events", default: 100_000)
    let rounds = arguments.int("rounds", default: 11)
    let events = mixEvents(atLeast: eventCount)
    let selected = cases(arguments.positional)
    print("events per round: \(events.count), rounds: \(rounds), figures per event (median of rounds)")
    print("each round times the C baseline and the paths of one layout and compose setting one after another;")
    print("x C is the median of the rounds' ratios")
    print(pad("case", 24) + leftPad("ns/event", 10) + leftPad("x C", 8) + leftPad("allocs/event", 14))
    // Cases of one layout and compose setting are timed together, round by
    // round, with their C baseline: a busy machine slows them alike.
    var groups: [BenchCase: [BenchCase]] = [:]
    var order: [BenchCase] = []
    for benchCase in selected {
        if groups[benchCase.baseline] == nil {
            groups[benchCase.baseline] = [benchCase.baseline]
            order.append(benchCase.baseline)
        }
        if benchCase.path != .c { groups[benchCase.baseline]!.append(benchCase) }
    }
    for baseline in order {
        let group = groups[baseline]!
        let runners = try group.map { try BenchRunner.make($0) }
        var nanoseconds = [[Double]](repeating: [], count: group.count)
        var allocations = [[Double]](repeating: [], count: group.count)
        var sink: UInt64 = 0
        events.withUnsafeBufferPointer { buffer in
            for runner in runners { sink &+= runner.run(buffer) }  // warm-up
            for _ in 0..<rounds {
                for (index, runner) in runners.enumerated() {
                    let allocationsBefore = kik_allocation_count()
                    let start = now()
                    sink &+= runner.run(buffer)
                    let elapsed = now() - start
                    allocations[index].append(Double(kik_allocation_count() - allocationsBefore) / Double(buffer.count))
                    nanoseconds[index].append(Double(elapsed) / Double(buffer.count))
                }
            }
        }
        for (index, benchCase) in group.enumerated() where selected.contains(benchCase) {
            let ratio = median(zip(nanoseconds[index], nanoseconds[0]).map { $0 / $1 })
            print(
                pad(benchCase.description, 24) + leftPad(format(median(nanoseconds[index])), 10)
                    + leftPad(format(ratio, 2), 8) + leftPad(format(median(allocations[index]), 3), 14)
                    + "   # sink \(sink % 1000)")
        }
    }
}

@MainActor
func runCommand(_ arguments: Arguments) throws {
    guard (2...3).contains(arguments.positional.count), let benchCase = BenchCase(arguments.positional[0]),
        let count = Int(arguments.positional[1]), let rounds = Int(arguments.positional.count == 3 ? arguments.positional[2] : "1")
    else { fail("usage: run CASE EVENTS [ROUNDS]") }
    let events = mixEvents(atLeast: count)
    let runner = try BenchRunner.make(benchCase)
    var sink: UInt64 = 0
    events.withUnsafeBufferPointer { buffer in
        for _ in 0..<rounds { sink &+= runner.run(buffer) }
    }
    print("\(benchCase) \(events.count) events × \(rounds), sink \(sink)")
}

@MainActor
func rssCommand(_ arguments: Arguments) throws {
    let total = arguments.int("events", default: 10_000_000)
    let benchCase = cases(arguments.positional).first ?? BenchCase(path: .route, layout: "us", compose: true)
    let chunk = mixEvents(atLeast: 100_000)
    let runner = try BenchRunner.make(benchCase)
    var done = 0
    var samples: [(Int, Int)] = []
    var sink: UInt64 = 0
    chunk.withUnsafeBufferPointer { buffer in
        sink &+= runner.run(buffer)  // warm-up: caches and first growth
        samples.append((0, residentKiB()))
        while done < total {
            sink &+= runner.run(buffer)
            done += buffer.count
            if samples.count < 2 || done % 1_000_000 < buffer.count { samples.append((done, residentKiB())) }
        }
    }
    let first = samples.first!.1, last = samples.last!.1
    let peak = samples.map(\.1).max()!
    print("\(benchCase): resident size over \(done) events (after a warm-up of \(chunk.count)): sink \(sink % 1000)")
    for (count, kib) in samples { print("  after \(leftPad(String(count), 9)) events: \(kib) KiB") }
    print("rss-summary: start \(first) KiB, end \(last) KiB, peak \(peak) KiB, growth \(last - first) KiB")
}

func compileCommand(_ arguments: Arguments) throws {
    let rounds = arguments.int("rounds", default: 15)
    let context = try Context(options: .noEnvironmentNames)
    print("keymap compile, median of \(rounds) (microseconds)")
    for layout in ["us", "de"] {
        let names = RuleNames(layout: layout)
        let text = try Keymap(context: context, names: names).text

        func measure(_ body: () throws -> Void) rethrows -> Double {
            var samples: [Double] = []
            for _ in 0..<rounds {
                let start = now()
                try body()
                samples.append(Double(now() - start) / 1000)
            }
            return median(samples)
        }
        let fromNames = try measure { _ = try Keymap(context: context, names: names) }
        let fromString = try measure { _ = try Keymap(context: context, text: text) }
        let cache = KeymapCache()
        let byNames = KeymapSource(.names(names))
        _ = try cache.keymap(byNames)
        _ = try cache.keymap(text: text)
        let namesHit = try measure { _ = try cache.keymap(byNames) }
        let contentHit = try measure { _ = try cache.keymap(text: text) }
        let compiles = cache.compileCount
        print(
            "compile/\(layout): names \(format(fromNames)) µs, string (\(text.utf8.count) bytes) \(format(fromString)) µs, "
                + "cache hit by names \(format(namesHit, 2)) µs, cache hit by content \(format(contentHit, 2)) µs, "
                + "compiles \(compiles) for \(2 + 2 * rounds) requests")
    }
}

func tokensCommand(_ arguments: Arguments) {
    guard let count = arguments.positional.first.flatMap({ Int($0) }) else { fail("usage: tokens COUNT") }
    let mix = EventMix(tokenCount: count)
    FileHandle.standardOutput.write(Data(mix.tokenText.utf8))
}

/// Checks that the token file, read the way `keyinput type` reads it, gives
/// exactly the events the C generator gave the C baseline.
func verifyMixCommand() throws {
    let mix = EventMix(tokenCount: 100_000)
    let keymap = try Keymap(context: try Context(options: .noEnvironmentNames), names: RuleNames(layout: "us"))
    let parser = KeyTokenParser(keymap: keymap)
    var parsed: [kik_event] = []
    for token in mix.tokenText.split(separator: "\n") {
        for event in try parser.parse(String(token)).events {
            parsed.append(kik_event(evdev: event.keycode.evdev ?? 0, up: event.kind == .up ? 1 : 0))
        }
    }
    let same =
        parsed.count == mix.events.count
        && zip(parsed, mix.events).allSatisfy { $0.evdev == $1.evdev && $0.up == $1.up }
    print("mix: \(mix.tokens.count) tokens, \(mix.events.count) events; token file parses to the same events: \(same)")
    var counts: [String: Int] = [:]
    for token in mix.tokens {
        let name = String(cString: kik_key_name(token.key))
        let kind: String =
            switch name {
            case "KEY_SPACE": "space"
            case "KEY_BACKSPACE": "BackSpace"
            case "KEY_ENTER": "Return"
            case "KEY_EQUAL", "KEY_GRAVE": "dead key on de"
            default: token.modifier != 0 ? "Shift+letter" : "letter"
            }
        counts[kind, default: 0] += 1
    }
    print(
        "mix shares: "
            + counts.sorted { $0.value > $1.value }.map { "\($0.key) \(format(100 * Double($0.value) / Double(mix.tokens.count)))%" }
            .joined(separator: ", "))
    if !same { exit(1) }
}

/// A `.keytest` string literal.
func keytestQuoted(_ text: String) -> String {
    var quoted = "\""
    for scalar in text.unicodeScalars {
        switch scalar {
        case "\"": quoted += "\\\""
        case "\\": quoted += "\\\\"
        case "\n": quoted += "\\n"
        case "\t": quoted += "\\t"
        // Everything not printable ASCII as \u{…}, so the generated suites stay ASCII
        // whatever the layouts type and read the same in any terminal or diff.
        case _ where scalar.value < 0x20 || scalar.value >= 0x7f: quoted += "\\u{\(String(scalar.value, radix: 16))}"
        default: quoted.unicodeScalars.append(scalar)
        }
    }
    return quoted + "\""
}

/// COUNT cases of 8 tokens each, with the text the decoder types for them.
func keytestCommand(_ arguments: Arguments) throws {
    guard let count = arguments.positional.first.flatMap({ Int($0) }) else { fail("usage: keytest COUNT") }
    let mix = EventMix(tokenCount: count * 8)
    let keymap = try Keymap(context: try Context(options: .noEnvironmentNames), names: RuleNames(layout: "us"))
    var output = "# \(count) cases on us, from the benchmark's event mix\nkeymap layout=us\n"
    for index in 0..<count {
        let tokens = mix.tokens[(index * 8)..<(index * 8 + 8)]
        let decoder = KeyEventDecoder(keymap: keymap)
        var buffer = TextBuffer()
        var names: [String] = []
        for token in tokens {
            var events: [KeyEvent] = []
            var name = String(cString: kik_key_name(token.key))
            if token.modifier != 0 {
                name = String(cString: kik_key_name(token.modifier)) + "+" + name
                events.append(KeyEvent(Keycode(evdev: UInt32(token.modifier)), .down))
            }
            events.append(KeyEvent(Keycode(evdev: UInt32(token.key)), .down))
            events.append(KeyEvent(Keycode(evdev: UInt32(token.key)), .up))
            if token.modifier != 0 { events.append(KeyEvent(Keycode(evdev: UInt32(token.modifier)), .up)) }
            for event in events { buffer.apply(decoder.decode(event).action) }
            names.append(name)
        }
        output += "type " + names.joined(separator: " ") + " => " + keytestQuoted(buffer.text) + "\n"
    }
    FileHandle.standardOutput.write(Data(output.utf8))
}

/// One .keytest with every layout and variant of the registry: the letter
/// keys, with the text the keyboard state gives them.
func registryKeytestCommand(_ arguments: Arguments) throws {
    guard let folder = arguments.positional.first else { fail("usage: registry-keytest FOLDER") }
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let registry = try Registry()
    let context = try Context(options: .noEnvironmentNames)
    let letters = "QWERTYUIOPASDFGHJKLZXCVBNM".map { "KEY_\($0)" }
    var written = 0, skipped = 0
    var text = "# The letter keys of every layout and variant in the registry.\n"
    for layout in registry.layouts {
        let names = RuleNames(layout: layout.name, variant: layout.variant)
        guard let keymap = try? Keymap(context: context, names: names) else {
            skipped += 1
            continue
        }
        // What each key types in turn, from the keyboard state alone (latches included).
        let state = KeyboardState(keymap: keymap)
        var expected = ""
        for letter in letters {
            guard let code = EvdevKeyNames.code(of: letter) else { continue }
            let key = Keycode(evdev: code)
            let typed = state.text(of: key)
            if !KeyEventDecoder.holdsControlCharacter(typed) { expected += typed }
            state.updateKey(key, direction: .down)
            state.updateKey(key, direction: .up)
        }
        text += "keymap layout=\(layout.name)" + (layout.variant.map { " variant=\($0)" } ?? "") + "\n"
        text += "type " + letters.joined(separator: " ") + " => " + keytestQuoted(expected) + "\n"
        written += 1
    }
    try text.write(toFile: folder + "/registry-letters.keytest", atomically: true, encoding: .utf8)
    print("registry-keytest: \(written) layouts and variants, \(skipped) that do not compile left out")
}

func testRunCommand(_ arguments: Arguments) throws {
    let files = try KeyTestRunner.testFiles(in: arguments.positional)
    let runner = KeyTestRunner()
    let start = cpuSeconds()
    var passed = 0, failed = 0
    var keymapLines = Set<String>()
    for file in files {
        for result in runner.run(file: file) {
            if result.passed { passed += 1 } else { failed += 1 }
        }
        let text = try String(contentsOfFile: file, encoding: .utf8)
        for line in text.split(separator: "\n") where line.hasPrefix("keymap ") { keymapLines.insert(String(line)) }
    }
    let cpu = cpuSeconds() - start
    print(
        "test-run: \(passed + failed) cases, \(passed) passed, \(failed) failed; CPU \(format(cpu, 3)) s; "
            + "\(keymapLines.count) distinct keymaps, compiled \(runner.cache.compileCount) times")
}

let all = Array(CommandLine.arguments.dropFirst())
guard let command = all.first else {
    fail("usage: keyinput-bench time|run|rss|compile|tokens|verify-mix|keytest|registry-keytest|test-run …")
}
let arguments = Arguments(all.dropFirst())
do {
    switch command {
    case "time": try timeCommand(arguments)
    case "run": try runCommand(arguments)
    case "rss": try rssCommand(arguments)
    case "compile": try compileCommand(arguments)
    case "tokens": tokensCommand(arguments)
    case "verify-mix": try verifyMixCommand()
    case "keytest": try keytestCommand(arguments)
    case "registry-keytest": try registryKeytestCommand(arguments)
    case "test-run": try testRunCommand(arguments)
    default: fail("unknown command \(command)")
    }
} catch {
    fail("\(error)")
}
