import Foundation

/// One line of a demo `--events` file.
public enum DemoEvent: Hashable, Sendable {
    /// `key TOKEN`: key events in `keyinput type` token syntax.
    case key(String)
    /// `click X Y`: a primary click at window coordinates.
    case clickAt(Double, Double)
    /// `click CONTROL-ID`: a click in the middle of a control, once the
    /// input views stopped moving.
    case clickControl(String)
    /// `tap X Y`: one finger's tap at window coordinates.
    case tapAt(Double, Double)
    /// `tap CONTROL-ID`: a tap in the middle of a control, once the input views stopped moving.
    case tapControl(String)
    /// `touch down X Y`, `touch move X Y`, `touch up`: one finger, step by step
    /// (`wait` between them makes a long press, or a flick's speed).
    case touch(TouchStep)
    /// `type TEXT`: the keys that type TEXT on the keymap in use.
    case type(String)
    /// `wait SECONDS`: let time pass (animations, key repeat).
    case wait(Double)
    /// `screenshot NAME`: write a frame now (headless PNG frames).
    case screenshot(String)
}

extension DemoEvent {
    /// Whether the event aims at a control by its id (`click` or `tap`), which waits for input views to stop moving.
    public var aimsAtControl: Bool {
        switch self {
        case .clickControl, .tapControl: true
        default: false
        }
    }
}

/// One step of a scripted finger.
public enum TouchStep: Hashable, Sendable {
    /// The finger comes down at window coordinates.
    case down(Double, Double)
    /// The finger moves to window coordinates.
    case move(Double, Double)
    /// The finger lifts where it is.
    case up
}

/// A line of an events file that could not be read.
public struct DemoScriptError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The 1-based line number.
    public var line: Int
    /// What is wrong.
    public var message: String
    /// `line N: message`.
    public var description: String { "line \(line): \(message)" }
}

/// Reads `--events` files: one event per line, `#` comments, blank lines ignored.
///
/// ```
/// click name
/// type Jürgen
/// key KEY_TAB
/// click 200 500
/// wait 0.3
/// tap notes
/// touch down 100 500
/// wait 0.8
/// touch up
/// ```
public enum DemoScript {
    /// The longest line accepted, so a file with no newlines cannot eat memory line by line.
    public static let maxLineLength = 10_000

    /// Reads a whole events file.
    ///
    /// - Throws: ``DemoScriptError`` naming the first bad line.
    public static func parse(_ text: String) throws -> [(line: Int, event: DemoEvent)] {
        var events: [(Int, DemoEvent)] = []
        var number = 0
        for raw in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }) {
            number += 1
            guard raw.utf8.count <= maxLineLength else {
                throw DemoScriptError(line: number, message: "line longer than \(maxLineLength) bytes")
            }
            var line = Substring(raw)
            if line.hasSuffix("\r") { line = line.dropLast() }
            if let event = try parseLine(line, number: number) { events.append((number, event)) }
        }
        return events
    }

    static func parseLine(_ line: Substring, number: Int) throws -> DemoEvent? {
        let trimmed = line.drop(while: { $0 == " " || $0 == "\t" })
        if trimmed.isEmpty || trimmed.hasPrefix("#") { return nil }
        let verb = trimmed.prefix(while: { $0 != " " && $0 != "\t" })
        let rest = trimmed.dropFirst(verb.count).drop(while: { $0 == " " || $0 == "\t" })
        func fail(_ message: String) -> DemoScriptError { DemoScriptError(line: number, message: message) }
        switch verb {
        case "key":
            let tokens = rest.split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard tokens.count == 1 else { throw fail("key takes one token, such as KEY_A or KEY_LEFTSHIFT+KEY_A") }
            return .key(String(tokens[0]))
        case "click":
            let parts = rest.split(whereSeparator: { $0 == " " || $0 == "\t" })
            if parts.count == 2, let x = Double(parts[0]), let y = Double(parts[1]), x.isFinite, y.isFinite {
                return .clickAt(x, y)
            }
            guard parts.count == 1 else { throw fail("click takes X Y or a control id") }
            return .clickControl(String(parts[0]))
        case "tap":
            let parts = rest.split(whereSeparator: { $0 == " " || $0 == "\t" })
            if parts.count == 2, let x = Double(parts[0]), let y = Double(parts[1]), x.isFinite, y.isFinite {
                return .tapAt(x, y)
            }
            guard parts.count == 1 else { throw fail("tap takes X Y or a control id") }
            return .tapControl(String(parts[0]))
        case "touch":
            let parts = rest.split(whereSeparator: { $0 == " " || $0 == "\t" })
            let point = parts.count == 3 ? (Double(parts[1]), Double(parts[2])) : (nil, nil)
            switch (parts.first, point) {
            case ("down", (let x?, let y?)) where x.isFinite && y.isFinite: return .touch(.down(x, y))
            case ("move", (let x?, let y?)) where x.isFinite && y.isFinite: return .touch(.move(x, y))
            case ("up", _) where parts.count == 1: return .touch(.up)
            default: throw fail("touch takes down X Y, move X Y or up")
            }
        case "type":
            guard !rest.isEmpty else { throw fail("type needs text") }
            var text = String(rest)
            // Trailing spaces are kept only when quoted.
            if text.hasPrefix("\""), text.hasSuffix("\""), text.count >= 2 { text = String(text.dropFirst().dropLast()) }
            return .type(text)
        case "wait":
            guard let seconds = Double(rest.trimmingSuffixSpaces()), seconds.isFinite, seconds >= 0, seconds <= 3600 else {
                throw fail("wait takes seconds between 0 and 3600")
            }
            return .wait(seconds)
        case "screenshot":
            let name = rest.trimmingSuffixSpaces()
            guard !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }) else {
                throw fail("screenshot takes a name of letters, digits, - and _")
            }
            return .screenshot(name)
        default:
            throw fail("unknown event \"\(verb)\"; expected key, click, tap, touch, type, wait or screenshot")
        }
    }
}

extension Substring {
    fileprivate func trimmingSuffixSpaces() -> String {
        var copy = self
        while copy.last == " " || copy.last == "\t" { copy = copy.dropLast() }
        return String(copy)
    }
}
