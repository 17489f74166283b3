import Foundation
import KeyInputKit
import KeymapTools
import XKB

/// Something a demo event could not do.
public struct DemoError: Error, Hashable, Sendable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

/// The demo's form, a hardware keyboard and a clock: it plays events and
/// reports the state after each.
@MainActor
public final class DemoSession {
    public let form: DemoForm
    public let application = Application()
    public let keyboard: HardwareKeyboard
    private let tokens: KeyTokenParser
    private let guide: TypingGuide
    /// The session clock, in seconds.
    public private(set) var time: Double = 0
    private var lastState: String?

    /// Creates a session decoding keys with `keymap` (and `composeTable`).
    public init(keymap: Keymap, composeTable: ComposeTable?, form: DemoForm) {
        self.form = form
        keyboard = HardwareKeyboard(keymap: keymap, composeTable: composeTable)
        tokens = KeyTokenParser(keymap: keymap)
        guide = TypingGuide(keymap: keymap, composeTable: composeTable)
        application.addWindow(form.window)
        application.attach(keyboard)
        form.window.onScreenKeyboard.setKeymap(keymap, composeTable: composeTable)
    }

    public var window: Window { form.window }

    /// Moves the clock, running animations and key repeat.
    public func advance(to newTime: Double) {
        guard newTime >= time else { return }
        time = newTime
        keyboard.advance(to: time)
        window.advanceTime(to: time)
    }

    /// Sends a key event at the current time.
    public func key(_ keycode: Keycode, _ direction: KeyDirection) {
        keyboard.handleKey(keycode, direction: direction, at: time)
        advance(to: time + 0.01)
    }

    /// Plays one event.
    ///
    /// - Throws: ``DemoError`` for an unknown key name, control or untypeable text.
    public func play(_ event: DemoEvent) throws {
        switch event {
        case .key(let token):
            let parsed: KeyToken
            do { parsed = try tokens.parse(token) } catch { throw DemoError("\(error)") }
            for keyEvent in parsed.events {
                switch keyEvent.kind {
                case .down: key(keyEvent.keycode, .down)
                case .up: key(keyEvent.keycode, .up)
                case .repeat:
                    keyboard.handleKey(keyEvent.keycode, direction: .down, at: time)
                    advance(to: time + 0.01)
                }
            }
        case .clickAt(let x, let y):
            click(at: Point(x: x, y: y))
        case .clickControl(let id):
            guard let view = window.subtree.first(where: { $0.identifier == id && $0.isVisibleInWindow }) else {
                let ids = window.subtree.compactMap { $0.isVisibleInWindow ? $0.identifier : nil }
                throw DemoError(
                    "no control \"\(id)\"" + suggestion(NameSuggestions.nearest(to: id, in: ids)))
            }
            let frame = view.frameInWindow
            click(at: Point(x: frame.midX, y: frame.midY))
        case .type(let text):
            for character in text {
                guard let method = guide.methods(for: character).first else {
                    throw DemoError("\"\(character)\" cannot be typed on this keymap")
                }
                for chord in method.chords {
                    for modifier in chord.modifierKeys { key(modifier, .down) }
                    key(chord.key, .down)
                    key(chord.key, .up)
                    for modifier in chord.modifierKeys.reversed() { key(modifier, .up) }
                }
            }
        case .wait(let seconds):
            advance(to: time + seconds)
        case .screenshot:
            break  // the caller writes frames
        }
    }

    /// A primary click at window coordinates.
    public func click(at point: Point) {
        window.sendPointerEvent(PointerEvent(.down, at: point))
        advance(to: time + 0.05)
        window.sendPointerEvent(PointerEvent(.up, at: point))
        advance(to: time + 0.05)
    }

    /// The state as one line of JSON: the first responder's id, each
    /// control's id, frame and value, and the keyboard frame.
    public func stateJSON() -> String {
        var w = JSONWriter()
        func frame(_ rect: Rect) {
            w.raw("[" + [rect.minX, rect.minY, rect.width, rect.height].map(Self.number).joined(separator: ",") + "]")
        }
        w.raw("{")
        w.key("time")
        w.raw(Self.number(time))
        w.raw(",")
        w.key("firstResponder")
        if let id = (window.firstResponder as? View)?.identifier { w.string(id) } else { w.raw("null") }
        w.raw(",")
        w.key("controls")
        w.raw("[")
        for (index, control) in form.controls.enumerated() {
            if index > 0 { w.raw(",") }
            w.raw("{")
            w.key("id")
            w.string(control.identifier ?? "")
            w.raw(",")
            w.key("frame")
            frame(control.frameInWindow)
            w.raw(",")
            w.key("value")
            w.string(form.value(of: control))
            w.raw("}")
        }
        w.raw("],")
        w.key("inputView")
        if let view = window.presentedInputView { w.string(view.identifier ?? "input-view") } else { w.raw("null") }
        w.raw(",")
        w.key("keyboardFrame")
        frame(window.keyboardFrame)
        w.raw("}")
        return w.take()
    }

    /// The state JSON when it differs from the last one returned, else `nil`.
    public func stateIfChanged() -> String? {
        let state = stateJSON()
        let comparable = state.replacingOccurrences(
            of: #"^\{"time":[^,]*,"#, with: "{", options: .regularExpression)
        defer { lastState = comparable }
        return comparable == lastState ? nil : state
    }

    static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e12 ? String(Int(value)) : String(format: "%.3f", value)
    }
}

func suggestion(_ names: [String]) -> String {
    names.isEmpty ? "" : "; did you mean " + names.map { "\"\($0)\"" }.joined(separator: ", ") + "?"
}
