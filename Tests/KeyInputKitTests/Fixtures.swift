import KeyInputKit
import TestSupport
import XKB

/// Builds real keyboards from xkeyboard-config layouts, and a form to type into.
@MainActor
enum Fixture {
    static func keyboard(
        layout: String, variant: String? = nil, options: String? = nil, compose: Bool = false,
        repeatSettings: KeyRepeatSettings = .standard
    ) throws -> HardwareKeyboard {
        let context = try Context(options: .noEnvironmentNames)
        let keymap = try Keymap(context: context, names: RuleNames(layout: layout, variant: variant, options: options))
        let table = compose ? try ComposeTable(context: context, locale: "en_US.UTF-8") : nil
        return HardwareKeyboard(keymap: keymap, composeTable: table, repeatSettings: repeatSettings)
    }

    /// A 400×600 window in an application, with a hardware keyboard attached.
    static func window(keyboard: HardwareKeyboard? = nil) -> (Application, Window) {
        let application = Application()
        let window = Window(size: Size(width: 400, height: 600))
        window.inputViewAnimation = .standard
        application.addWindow(window)
        if let keyboard { application.attach(keyboard) }
        return (application, window)
    }
}

extension HardwareKeyboard {
    /// Presses and releases keys, holding the ones before the last: `tap("KEY_LEFTSHIFT", "KEY_A")`.
    func tap(_ names: String..., at time: Double = 0) { tap(names, at: time) }

    /// Presses and releases keys, holding the ones before the last.
    func tap(_ names: [String], at time: Double = 0) {
        let keys = names.map(key)
        for k in keys { handleKey(k, direction: .down, at: time) }
        for k in keys.reversed() { handleKey(k, direction: .up, at: time) }
    }

    /// Types keys one after another.
    func type(_ names: [String], at time: Double = 0) {
        for name in names { tap(name, at: time) }
    }
}

/// Records what a window told its keyboard-frame observers.
@MainActor
final class FrameRecorder {
    var events: [KeyboardFrameEvent] = []
    var kinds: [KeyboardFrameEvent.Kind] { events.map(\.kind) }
    private var token: ObservationToken?
    init(_ window: Window) {
        token = window.observeKeyboardFrame { [weak self] in self?.events.append($0) }
    }
}

/// A text field that logs every call it receives, in order, and keeps the presses that reach it.
@MainActor
final class LoggingField: TextField {
    var log: [String] = []
    var beganPresses: [KeyPress] = []
    override func pressesBegan(_ press: KeyPress) {
        beganPresses.append(press)
        super.pressesBegan(press)
    }
    override func insertText(_ inserted: String) {
        log.append("insert(\(inserted))")
        super.insertText(inserted)
    }
    override func deleteBackward() {
        log.append("deleteBackward")
        super.deleteBackward()
    }
    override func setMarkedText(_ text: String?) {
        log.append("marked(\(text ?? "nil"))")
        super.setMarkedText(text)
    }
    override func setMarkedText(_ text: String?, attributes: MarkedTextAttributes) {
        log.append("marked(\(text ?? "nil"))")
        super.setMarkedText(text, attributes: attributes)
    }
}

extension Window {
    /// Clicks the middle of `view`: a press and a release, as a pointer would.
    func click(_ view: View) {
        let frame = view.frameInWindow
        let point = Point(x: frame.midX, y: frame.midY)
        sendPointerEvent(PointerEvent(.down, at: point))
        sendPointerEvent(PointerEvent(.up, at: point))
    }
}

/// A focused control whose input view is under test, in a window with a US keyboard.
@MainActor
final class InputViewHarness {
    final class Owner: Control {
        override var canBecomeFirstResponder: Bool { true }
    }

    let application: Application
    let window: Window
    let keyboard: HardwareKeyboard
    let owner = Owner(frame: Rect(x: 10, y: 10, width: 200, height: 30))
    let nextControl = Owner(frame: Rect(x: 10, y: 50, width: 200, height: 30))
    let background = View(frame: Rect(x: 0, y: 100, width: 400, height: 100))

    init(inputView: View) throws {
        keyboard = try Fixture.keyboard(layout: "us")
        (application, window) = Fixture.window(keyboard: keyboard)
        owner.identifier = "owner"
        nextControl.identifier = "next"
        owner.inputView = inputView
        window.addSubview(background)
        window.addSubview(owner)
        window.addSubview(nextControl)
        owner.becomeFirstResponder()
        window.advanceTime(by: 1)
    }

    /// Presses and releases keys, holding all but the last.
    func tap(_ names: String...) { keyboard.tap(names) }

    /// Types keys one after another.
    func type(_ names: String...) { keyboard.type(names) }

    /// Clicks at a point of `view`.
    func click(_ point: Point, in view: View) {
        let location = view.convert(point, to: nil)
        window.sendPointerEvent(PointerEvent(.down, at: location))
        window.sendPointerEvent(PointerEvent(.up, at: location))
    }

    /// Turns the wheel over a point of `view`.
    func scroll(dy: Double, at point: Point, in view: View) {
        window.sendPointerEvent(PointerEvent(.scroll(dx: 0, dy: dy), at: view.convert(point, to: nil)))
    }
}

/// Counts a control's events.
@MainActor
final class EventCounter {
    private(set) var counts: [Control.Event: Int] = [:]
    init(_ control: Control, events: [Control.Event] = [.valueChanged, .primaryActionTriggered]) {
        for event in events { control.addAction(for: event) { [weak self] _ in self?.counts[event, default: 0] += 1 } }
    }
    subscript(event: Control.Event) -> Int { counts[event] ?? 0 }
}
