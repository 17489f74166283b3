// touch-bench: the time to draw each frame of a finger flick, as a host's frame loop would.
//
//   touch-bench [picker|text|spelling|spelling-off]… [--rounds R] [--lines N] [--words W] [--velocity V]
//       picker: a DatePicker shown as the input view of a focused control in a 480×640 window,
//               its month column flicked R times (default 40) at V points per second (default
//               1500), up and down in turn.
//       text:   a TextView of N lines (default 10,000) filling a 480×640 window, flicked R times
//               upwards (the text scrolls down) at V points per second, by the TextView's own pan.
//       spelling: a TextView of W words (default 10,000; paragraphs of 50, one word in 25
//               misspelt) flicked as text is, spell checked with enchant's en_US dictionary:
//               each frame also does the work left for after it (checking what was drawn), so
//               the drawing column holds it too.
//       spelling-off: the same text and flicks with spell checking off, for comparison.
//   Each frame, 1/60 s apart on the window's clock: the finger's move (while it is down) or the
//   momentum's step (Window.advanceTime), then the damaged part rendered into a cairo image
//   with Pango text. Prints the median and 99th percentile of those frames, from the flick's
//   first move until the content rests.
import BenchSupport
import Foundation
import KeyInputCairo
import KeyInputKit
import KeyInputSpelling

#if canImport(Glibc)
    import Glibc
#endif

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("touch-bench: \(message)\n".utf8))
    exit(1)
}

struct Options {
    var cases: [String] = []
    var rounds = 40
    var lines = 10_000
    var velocity = 1500.0
    var words = 10_000
    init(_ arguments: [String]) {
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            switch argument {
            case "--rounds": rounds = Int(rest.popFirst() ?? "") ?? rounds
            case "--lines": lines = Int(rest.popFirst() ?? "") ?? lines
            case "--velocity": velocity = Double(rest.popFirst() ?? "") ?? velocity
            case "--words": words = Int(rest.popFirst() ?? "") ?? words
            case "picker", "text", "spelling", "spelling-off": cases.append(argument)
            default:
                fail("usage: touch-bench [picker|text|spelling|spelling-off]… [--rounds R] [--lines N] [--words W] [--velocity V]")
            }
        }
        if cases.isEmpty { cases = ["picker", "text"] }
    }
}

/// A control that takes focus, for the picker to be the input view of.
final class Field: Control {
    override var canBecomeFirstResponder: Bool { true }
}

/// Frames 1/60 s apart on a window's clock, each one timed: the step, then the damage drawn.
@MainActor
struct FrameClock {
    let window: Window
    let canvas: CairoCanvas
    var times: [Double] = []
    /// The drawing part of each frame.
    var drawing: [Double] = []
    /// Whether each frame also does the work it left for after presenting, as a host does 2 ms later.
    var doesWorkAfterPresenting = false
    static let frame = 1.0 / 60

    /// Times one frame: `input` (a finger's move, or nothing), the window's clock moved a frame on, the damage drawn.
    mutating func frame(_ input: () -> Void = {}) {
        let start = now()
        input()
        window.advanceTime(by: Self.frame)
        let stepped = now()
        _ = window.renderDamage(to: canvas)
        if doesWorkAfterPresenting { window.performWorkAfterPresenting() }
        let end = now()
        times.append(Double(end - start) / 1e6)
        drawing.append(Double(end - stepped) / 1e6)
    }

    /// A flick from `start` at `velocity` for 0.1 s (a move a frame), lifted while moving; then frames until the content rests.
    mutating func flick(from start: Point, velocity: Double) {
        let window = self.window
        window.sendTouch(.began, id: 0, at: start)
        _ = window.renderDamage(to: canvas)
        let moves = 6
        for move in 1...moves {
            let point = Point(x: start.x, y: start.y + velocity * Self.frame * Double(move))
            frame { window.sendTouch(.moved, id: 0, at: point) }
        }
        let end = Point(x: start.x, y: start.y + velocity * Self.frame * Double(moves))
        frame { window.sendTouch(.ended, id: 0, at: end) }
        var guardFrames = 0
        while window.isAnimatingContent, guardFrames < 2000 {
            frame()
            guardFrames += 1
        }
    }
}

/// The value below which `fraction` of `values` lie (nearest rank).
func percentile(_ values: [Double], _ fraction: Double) -> Double {
    let sorted = values.sorted()
    guard !sorted.isEmpty else { return 0 }
    let rank = Int((fraction * Double(sorted.count)).rounded(.up)) - 1
    return sorted[min(max(rank, 0), sorted.count - 1)]
}

@MainActor
func report(_ name: String, _ clock: FrameClock, flicks: Int, note: String) {
    let times = clock.times
    print(
        "| \(name) | \(flicks) | \(times.count) | \(String(format: "%.2f", median(times))) | "
            + "\(String(format: "%.2f", percentile(times, 0.99))) | \(String(format: "%.2f", percentile(clock.drawing, 0.99))) | "
            + "\(String(format: "%.2f", times.max() ?? 0)) | \(note) |")
}

@MainActor
func pickerFlicks(options: Options, engine: PangoTextLayoutEngine) throws {
    let window = Window(size: Size(width: 480, height: 640))
    window.textLayoutEngine = engine
    window.caretBlinks = false
    let field = Field(frame: Rect(x: 20, y: 20, width: 440, height: 32))
    let picker = DatePicker(mode: .date, date: Date(timeIntervalSince1970: 1_773_576_000))  // 15 March 2026
    picker.locale = Locale(identifier: "en_US")
    picker.timeZone = TimeZone(identifier: "Europe/Berlin")!
    field.inputView = picker
    window.addSubview(field)
    _ = field.becomeFirstResponder()
    window.advanceTime(by: 1)  // the picker slides in
    let canvas = try CairoCanvas(size: window.frame.size)
    canvas.textEngine = engine
    window.render(to: canvas)
    var clock = FrameClock(window: window, canvas: canvas)
    var changes = 0
    picker.addAction(for: .valueChanged) { _ in changes += 1 }
    for round in 0..<options.rounds {
        let month = picker.fieldFrames[0]
        let start = picker.convert(Point(x: month.midX, y: month.midY), to: nil)
        clock.flick(from: start, velocity: round % 2 == 0 ? options.velocity : -options.velocity)
        window.advanceTime(by: 0.2)
        _ = window.renderDamage(to: canvas)
    }
    guard changes == options.rounds else { fail("the picker sent \(changes) valueChanged for \(options.rounds) flicks") }
    report("DatePicker month column", clock, flicks: options.rounds, note: "each flick rested on a row and sent valueChanged once")
}

@MainActor
func textFlicks(options: Options, engine: PangoTextLayoutEngine) throws {
    let window = Window(size: Size(width: 480, height: 640))
    window.textLayoutEngine = engine
    window.caretBlinks = false
    let text = (1...options.lines).map { "Line \($0): the quick brown fox jumps over the lazy dog." }.joined(separator: "\n")
    let view = TextView(frame: Rect(x: 20, y: 20, width: 440, height: 600), text: text)
    window.addSubview(view)
    view.selectedRange = 0..<0  // the caret at the top, where the text starts shown
    let canvas = try CairoCanvas(size: window.frame.size)
    canvas.textEngine = engine
    window.render(to: canvas)
    var clock = FrameClock(window: window, canvas: canvas)
    let start = Point(x: 240, y: 500)
    var scrolled = 0.0
    for _ in 0..<options.rounds {
        let before = view.contentOffset.y
        clock.flick(from: start, velocity: -options.velocity)
        scrolled += view.contentOffset.y - before
        window.advanceTime(by: 0.2)
        _ = window.renderDamage(to: canvas)
    }
    guard scrolled > 0 else { fail("the text view did not scroll under the finger") }
    report(
        "TextView, \(options.lines) lines", clock, flicks: options.rounds,
        note: "scrolled \(Int(scrolled)) points by its own pan and momentum")
}

@MainActor
func spellingFlicks(options: Options, engine: PangoTextLayoutEngine, checks: Bool) throws {
    let window = Window(size: Size(width: 480, height: 640))
    window.textLayoutEngine = engine
    window.caretBlinks = false
    let application = Application()
    application.addWindow(window)
    let checker = EnchantSpellChecker()
    if checks { application.spellChecker = checker }
    let vocabulary = """
        the quick brown fox jumps over a lazy dog while seven old friends walk along the river and talk about \
        books they read last summer in quiet gardens near the station where trains leave every hour
        """.split(separator: " ")
    let misspelt = ["teh", "recieve", "wierd", "definately", "seperate"]
    var words: [String] = []
    for index in 0..<options.words {
        words.append(index % 25 == 12 ? misspelt[index / 25 % misspelt.count] : String(vocabulary[(index * 7) % vocabulary.count]))
    }
    let text = stride(from: 0, to: words.count, by: 50).map { words[$0..<min($0 + 50, words.count)].joined(separator: " ") + "." }
        .joined(separator: "\n")
    let view = TextView(frame: Rect(x: 20, y: 20, width: 440, height: 600), text: text)
    view.spellCheckingLanguages = ["en_US"]
    window.addSubview(view)
    view.selectedRange = 0..<0
    let canvas = try CairoCanvas(size: window.frame.size)
    canvas.textEngine = engine
    var clock = FrameClock(window: window, canvas: canvas)
    clock.doesWorkAfterPresenting = true
    clock.frame()  // the first frame: the text shown, and checked after it
    var scrolled = 0.0
    for _ in 0..<options.rounds {
        let before = view.contentOffset.y
        clock.flick(from: Point(x: 240, y: 500), velocity: -options.velocity)
        scrolled += view.contentOffset.y - before
        clock.frame()
        clock.frame()
    }
    guard scrolled > 0 else { fail("the text view did not scroll under the finger") }
    let underlined = view.misspelledRanges.count
    if checks, underlined == 0 { fail("nothing was underlined: no en_US dictionary?") }
    report(
        "TextView, \(options.words) words, spell checking \(checks ? "on" : "off")", clock, flicks: options.rounds,
        note: "scrolled \(Int(scrolled)) points; \(underlined) misspelt words underlined of \(options.words / 25); "
            + "first frame \(String(format: "%.1f", clock.times[0])) ms\(checks ? " (enchant and en_US loaded)" : ""), "
            + "slowest after it \(String(format: "%.2f", clock.times.dropFirst().max() ?? 0)) ms")
}

@MainActor
func main() throws {
    let options = Options(Array(CommandLine.arguments.dropFirst()))
    let engine = try PangoTextLayoutEngine()
    print("| flicked | flicks | frames | median (ms) | p99 (ms) | p99 of the drawing alone (ms) | slowest (ms) | |")
    print("|---|---:|---:|---:|---:|---:|---:|---|")
    for name in options.cases {
        if name == "picker" { try pickerFlicks(options: options, engine: engine) }
        if name == "text" { try textFlicks(options: options, engine: engine) }
        if name == "spelling" { try spellingFlicks(options: options, engine: engine, checks: true) }
        if name == "spelling-off" { try spellingFlicks(options: options, engine: engine, checks: false) }
    }
    print(
        "(release build; a frame: the finger's move or the momentum's step on the window's clock, 1/60 s apart, then the damaged part drawn into a cairo image; \(Int(options.velocity)) points per second)"
    )
}

MainActor.assumeIsolated {
    do { try main() } catch { fail("\(error)") }
}
