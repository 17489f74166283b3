import Foundation
import KeyInputKit
import KeyInputScripting
import KeymapTools
import XKB

/// Where a ``DemoSession`` takes its time from.
public enum DemoClock: Hashable, Sendable {
    /// The session keeps its own clock: each event moves it a little, and
    /// `wait` moves it on. For headless runs, where nothing else moves time.
    case scripted
    /// The window's clock, which a host (such as the X11 host) moves with
    /// the wall clock; the session never moves it, and `wait` is the host's
    /// business.
    case window
}

/// The demo's form, a hardware keyboard and a clock: it plays events and
/// reports the state after each. Keys, text and clicks go through a
/// `WindowTester`, as an app's own tests drive its windows.
///
/// Headless, the session owns its keyboard and clock:
///
/// ```swift
/// let form = DemoForm(initialDate: date, calendar: calendar, locale: locale)
/// let session = DemoSession(keymap: keymap, composeTable: nil, form: form)
/// try session.play(.clickControl("name"))
/// try session.play(.type("Ada"))
/// print(session.stateJSON())
/// ```
///
/// Under a host, it types through the host's keyboard on the window's clock:
/// `DemoSession(form: form, keyboard: host.keyboard, clock: .window)`.
@MainActor
public final class DemoSession {
    /// The form played on.
    public let form: DemoForm
    /// The tester that presses keys, types text and clicks on the form's window.
    public let tester: WindowTester
    /// Where the session's time comes from.
    public let clock: DemoClock
    private var lastState: String?
    /// The finger `touch down` put down, until `touch up`.
    private var scriptFinger: Int?

    /// The application the form's window belongs to.
    public var application: Application { tester.application }
    /// The keyboard that `key` and `type` events press keys on.
    public var keyboard: HardwareKeyboard { tester.keyboard }

    /// Creates a headless session with its own keyboard decoding keys with
    /// `keymap` (and `composeTable`), on a scripted clock.
    ///
    /// - Parameters:
    ///   - keymap: The keymap keys are decoded with, and that `type` events find keys in.
    ///   - composeTable: Compose sequences, or `nil` for none.
    ///   - form: The form to play on; its window joins a new application.
    public convenience init(keymap: Keymap, composeTable: ComposeTable?, form: DemoForm) {
        self.init(
            form: form, keyboard: HardwareKeyboard(keymap: keymap, composeTable: composeTable), clock: .scripted)
    }

    /// Creates a session that presses keys on `keyboard`.
    ///
    /// - Parameters:
    ///   - form: The form to play on. Its window keeps its application (a
    ///     host's), or joins a new one.
    ///   - keyboard: The keyboard to press keys on; on the scripted clock it is
    ///     attached to the window's application, on the window's the host attaches
    ///     its keyboard while the display has one (a seat with only a touch screen
    ///     has none). `type` events look keys up in its keymap as it is when they
    ///     play, with its dead keys and compose sequences.
    ///   - clock: The session's own clock, or the window's.
    public init(form: DemoForm, keyboard: HardwareKeyboard, clock: DemoClock) {
        self.form = form
        self.clock = clock
        tester = WindowTester(
            window: form.window, keyboard: keyboard, clock: clock == .scripted ? .tester : .window,
            attachesKeyboard: clock == .scripted)
    }

    /// The form's window.
    public var window: Window { form.window }

    /// The session clock, in seconds.
    public var time: Double { tester.time }

    /// Moves the scripted clock, running animations and key repeat. With
    /// the window's clock, does nothing: the host moves time.
    public func advance(to newTime: Double) { tester.advance(to: newTime) }

    /// Sends a key event now, then lets a hundredth of a second pass on the scripted clock.
    ///
    /// - Parameters:
    ///   - keycode: The key.
    ///   - direction: Down or up.
    public func key(_ keycode: Keycode, _ direction: KeyDirection) { tester.sendKey(keycode, direction) }

    /// Plays one event.
    ///
    /// - Throws: ``DemoError`` for an unknown key name, control or untypeable text.
    public func play(_ event: DemoEvent) throws {
        switch event {
        case .key(let token):
            do { try tester.press(token) } catch { throw DemoError(error.message) }
        case .clickAt(let x, let y):
            click(at: Point(x: x, y: y))
        case .clickControl(let id):
            do { try tester.click(try visibleControl(id)) } catch let error as WindowTesterError { throw DemoError(error.message) }
        case .tapAt(let x, let y):
            tester.tap(at: Point(x: x, y: y))
        case .tapControl(let id):
            do { try tester.tap(try visibleControl(id)) } catch let error as WindowTesterError { throw DemoError(error.message) }
        case .touch(let step):
            try play(step)
        case .type(let text):
            do { try tester.type(text) } catch { throw Self.untypeable(error) }
        case .wait(let seconds):
            advance(to: time + seconds)
        case .screenshot:
            break  // the caller writes frames
        }
    }

    /// Checks an event before anything plays, so that a bad line late in a
    /// file stops the run before it starts: key tokens must name keys of
    /// the keymap, `type` text must be typeable on it, and `click` must
    /// name a control of the form or its input views.
    ///
    /// - Throws: ``DemoError`` (`usage`) saying what is wrong.
    public func validate(_ event: DemoEvent) throws {
        switch event {
        case .key(let token):
            do { try tester.checkKeys(token) } catch { throw DemoError(error.message) }
        case .type(let text):
            do { try tester.checkTypeable(text) } catch { throw Self.untypeable(error) }
        case .clickControl(let id), .tapControl(let id):
            guard knownIdentifiers.contains(id) else { throw unknownControl(id) }
        case .clickAt, .tapAt, .touch, .wait, .screenshot:
            break
        }
    }

    /// The control named `id` on screen now, once the input views stopped moving (a person waits to aim).
    private func visibleControl(_ id: String) throws -> View {
        if clock == .scripted, window.isAnimatingInputViews {
            advance(to: time + window.inputViewAnimation.duration)
        }
        guard let view = window.subtree.first(where: { $0.identifier == id && $0.isVisibleInWindow }) else {
            if knownIdentifiers.contains(id) { throw DemoError("control \"\(id)\" is not on screen now") }
            throw unknownControl(id)
        }
        return view
    }

    /// Moves the script's one finger.
    ///
    /// - Throws: ``DemoError`` for a move or lift with no finger down.
    private func play(_ step: TouchStep) throws {
        switch step {
        case .down(let x, let y):
            if let finger = scriptFinger { tester.touchUp(finger) }
            scriptFinger = tester.touchDown(at: Point(x: x, y: y))
        case .move(let x, let y):
            guard let finger = scriptFinger else { throw DemoError("touch move with no finger down") }
            tester.touchMove(finger, to: Point(x: x, y: y))
        case .up:
            guard let finger = scriptFinger else { throw DemoError("touch up with no finger down") }
            tester.touchUp(finger)
            scriptFinger = nil
        }
    }

    private func unknownControl(_ id: String) -> DemoError {
        DemoError("no control \"\(id)\"" + KeymapDiagnosis.suggestion(NameSuggestions.nearest(to: id, in: knownIdentifiers)))
    }

    private static func untypeable(_ error: WindowTesterError) -> DemoError {
        guard let character = error.character else { return DemoError(error.message) }
        return DemoError("\"\(character)\" cannot be typed on this keymap")
    }

    /// The identifiers `click` accepts: the form's views and those of its input views.
    public var knownIdentifiers: [String] {
        var ids: [String] = []
        for root in [window, form.accessoryBar, form.birthday.picker] as [View] {
            for view in root.subtree {
                if let id = view.identifier, !ids.contains(id) { ids.append(id) }
            }
        }
        return ids
    }

    /// A primary click at window coordinates.
    public func click(at point: Point) { tester.click(at: point) }

    /// The state as one line of JSON: the first responder's id, each
    /// control's id, frame and value, and the keyboard frame.
    ///
    /// A text longer than 4,096 UTF-8 bytes is not written whole: its control
    /// has `valueLength` (in UTF-8 bytes) and the text's first and last 2,048
    /// bytes, `valueStart` and `valueEnd`, instead of `value`. So a line
    /// costs the same however long the text grows.
    public func stateJSON() -> String {
        var w = JSONWriter()
        func frame(_ rect: Rect) {
            w.beginArray()
            for value in [rect.minX, rect.minY, rect.width, rect.height] { w.number(value) }
            w.endArray()
        }
        func identifier(_ view: View?, default name: String? = nil) {
            if let id = view.flatMap({ $0.identifier ?? name }) { w.string(id) } else { w.null() }
        }
        w.beginObject()
        w.key("time")
        w.number(time)
        w.key("firstResponder")
        identifier(window.firstResponder as? View)
        w.key("controls")
        w.beginArray()
        for control in form.controls {
            w.beginObject()
            w.key("id")
            w.string(control.identifier ?? "")
            w.key("frame")
            frame(control.frameInWindow)
            if let text = control as? TextEditingControl {
                let value = DemoTextValue(text.editingEngine)
                if let whole = value.whole {
                    w.key("value")
                    w.string(whole)
                } else {
                    w.key("valueLength")
                    w.number(value.length)
                    w.key("valueStart")
                    w.string(value.start)
                    w.key("valueEnd")
                    w.string(value.end)
                }
            } else {
                w.key("value")
                w.string(form.value(of: control))
            }
            // Text being composed (a dead key, an input method's preedit), only while there is some.
            if let marked = (control as? TextEditingControl)?.markedText {
                w.key("markedText")
                w.string(marked)
            }
            w.endObject()
        }
        w.endArray()
        w.key("inputView")
        identifier(window.presentedInputView, default: "input-view")
        w.key("keyboardFrame")
        frame(window.keyboardFrame)
        w.endObject()
        return w.take()
    }

    /// The state JSON when it differs from the last one returned, else `nil`.
    ///
    /// Whether it changed is read from what the state holds — the text
    /// controls' ``TextEditingEngine/textRevision``, not their text — so
    /// asking costs the same however long the text is; the JSON is written
    /// only when something changed.
    public func stateIfChanged() -> String? {
        let signature = stateSignature()
        guard signature != lastState else { return nil }
        lastState = signature
        return stateJSON()
    }

    /// What ``stateJSON()`` holds, but the time, with each text given by its revision.
    private func stateSignature() -> String {
        var signature = (window.firstResponder as? View)?.identifier ?? "-"
        for control in form.controls {
            let frame = control.frameInWindow
            signature += "|\(frame.minX),\(frame.minY),\(frame.width),\(frame.height):"
            if let text = control as? TextEditingControl {
                signature += "#\(text.editingEngine.textRevision)"
                if let marked = text.markedText { signature += "+" + marked }
            } else {
                signature += form.value(of: control)
            }
        }
        let keyboard = window.keyboardFrame
        signature += "|\(window.presentedInputView?.identifier ?? (window.presentedInputView == nil ? "-" : "input-view"))"
        signature += "|\(keyboard.minX),\(keyboard.minY),\(keyboard.width),\(keyboard.height)"
        return signature
    }
}
