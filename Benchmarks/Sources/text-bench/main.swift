// text-bench: what a keystroke costs in a TextView as its text grows.
//
//   text-bench [--keys N] [--rounds R] [SIZE…]    (sizes in characters; default 1000 2500 5000 10000 20000)
//
// A 480×640 window with Pango text and a wrapping TextView (paragraphs of about
// 400 characters, as prose has). Per size: the caret goes to the middle paragraph,
// then each key is insertText("a") followed by a full render into a cairo image.
// Printed per size, medians over rounds: the keystroke (edit, layout of what
// changed, drawing), drawing alone with nothing changed, and laying the whole
// text out once with Pango — what a keystroke would cost if it relaid everything.
import BenchSupport
import Foundation
import KeyInputCairo
import KeyInputKit

#if canImport(Glibc)
    import Glibc
#endif

/// Prose of `count` characters, in paragraphs of about 400.
func prose(_ count: Int) -> String {
    let sentence = "The quick brown fox jumps over the lazy dog, and typing goes on. "
    var paragraphs: [String] = []
    var total = 0
    while total < count {
        var paragraph = ""
        while paragraph.count < 400, total + paragraph.count < count { paragraph += sentence }
        paragraphs.append(paragraph)
        total += paragraph.count + 1
    }
    return paragraphs.joined(separator: "\n")
}

struct Options {
    var keys = 200
    var rounds = 5
    var sizes = [1000, 2500, 5000, 10000, 20000]
    init(_ arguments: [String]) {
        var rest = arguments[...]
        var sizes: [Int] = []
        while let argument = rest.popFirst() {
            switch argument {
            case "--keys": keys = Int(rest.popFirst() ?? "") ?? keys
            case "--rounds": rounds = Int(rest.popFirst() ?? "") ?? rounds
            default:
                guard let size = Int(argument), size > 0 else {
                    FileHandle.standardError.write(Data("usage: text-bench [--keys N] [--rounds R] [SIZE…]\n".utf8))
                    exit(2)
                }
                sizes.append(size)
            }
        }
        if !sizes.isEmpty { self.sizes = sizes }
    }
}

@MainActor
func measure(size: Int, options: Options, engine: PangoTextLayoutEngine) throws -> (key: Double, draw: Double, whole: Double) {
    var keyTimes: [Double] = [], drawTimes: [Double] = [], wholeTimes: [Double] = []
    for _ in 0..<options.rounds {
        let window = Window(size: Size(width: 480, height: 640))
        window.textLayoutEngine = engine
        window.caretBlinks = false
        let view = TextView(frame: Rect(x: 20, y: 20, width: 440, height: 600), text: prose(size))
        window.addSubview(view)
        _ = view.becomeFirstResponder()
        let canvas = try CairoCanvas(size: window.frame.size)
        canvas.textEngine = engine
        // The caret in the middle of the text, then one render to lay everything out.
        let middle = view.text.utf8.count / 2
        view.selectedRange = middle..<middle
        window.render(to: canvas)

        var start = now()
        for _ in 0..<options.keys { window.render(to: canvas) }
        drawTimes.append(Double(now() - start) / Double(options.keys))

        start = now()
        for _ in 0..<options.keys {
            view.insertText("a")
            window.render(to: canvas)
        }
        keyTimes.append(Double(now() - start) / Double(options.keys))

        let text = view.text
        start = now()
        _ = try engine.layout(for: text, style: TextStyle(fontSize: 14, wrapWidth: 428)).lines.count
        wholeTimes.append(Double(now() - start))
    }
    return (median(keyTimes), median(drawTimes), median(wholeTimes))
}

@MainActor
func main() throws {
    let options = Options(Array(CommandLine.arguments.dropFirst()))
    let engine = try PangoTextLayoutEngine()
    print("| characters | keystroke: type, lay out, draw (µs) | of which drawing (µs) | edit and layout (µs) | whole text laid out once (µs) |")
    print("|---:|---:|---:|---:|---:|")
    for size in options.sizes {
        let (key, draw, whole) = try measure(size: size, options: options, engine: engine)
        print(
            "| \(size) | \(String(format: "%.0f", key / 1000)) | \(String(format: "%.0f", draw / 1000)) | "
                + "\(String(format: "%.0f", (key - draw) / 1000)) | \(String(format: "%.0f", whole / 1000)) |")
    }
    print("(\(options.keys) keys per round, median of \(options.rounds) rounds; release build; a 480×640 window, Pango text)")
}

MainActor.assumeIsolated {
    do { try main() } catch {
        FileHandle.standardError.write(Data("text-bench: \(error)\n".utf8))
        exit(1)
    }
}
