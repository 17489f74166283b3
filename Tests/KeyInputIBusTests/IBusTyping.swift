import Foundation
import KeyInputIBus
import KeyInputKit
import TestSupport
import XKB

extension InputMethodDaemonSession {
    /// What a client reads to find this session's daemon.
    var locator: IBusDaemonLocator { IBusDaemonLocator(environment: environment, usesPortal: false) }
}

/// A window with two text fields and a US keyboard, whose input method is
/// an ``IBusInputMethod`` connected to a daemon of a private session.
@MainActor
final class IBusTyping {
    let application = Application()
    let window = Window(size: Size(width: 400, height: 300))
    let first = RecordingField(frame: Rect(x: 10, y: 10, width: 300, height: 30))
    let second = RecordingField(frame: Rect(x: 10, y: 60, width: 300, height: 30))
    let keyboard: HardwareKeyboard
    let inputMethod: IBusInputMethod

    init(_ session: InputMethodDaemonSession) throws {
        let context = try Context(options: .noEnvironmentNames)
        keyboard = HardwareKeyboard(keymap: try Keymap(context: context, names: RuleNames(layout: "us")))
        application.addWindow(window)
        application.attach(keyboard)
        window.addSubview(first)
        window.addSubview(second)
        inputMethod = IBusInputMethod(locator: session.locator)
        // A loaded machine (the whole suite on two cores) may answer slowly: these tests are not about timeouts.
        inputMethod.keyTimeout = 5
        window.inputMethod = inputMethod
        first.becomeFirstResponder()
        // The daemon starts its engine on the first focus: let it come up.
        pump(for: 0.5)
    }

    /// Types chords of keys by their kernel names without `KEY_` (`"r"`,
    /// `"leftshift+v"`), each answered before the next.
    ///
    /// - Throws: When a key has no such name.
    func type(_ keys: String) throws {
        for chord in keys.split(separator: " ") {
            let codes = try chord.split(separator: "+").map { try Keycode(name: String($0)) }
            for code in codes { keyboard.handleKey(code, direction: .down, at: 0) }
            for code in codes.reversed() { keyboard.handleKey(code, direction: .up, at: 0) }
            settle()
        }
    }

    /// Dispatches the daemon's answers until no key waits for one (at most 5 s).
    func settle() {
        let deadline = Date().addingTimeInterval(5)
        while window.inputMethodDeadline != nil, Date() < deadline { inputMethod.processEvents(timeout: 0.05) }
        pump(for: 0.05)
    }

    /// Dispatches whatever the daemon sends for a while.
    func pump(for seconds: Double) {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline { inputMethod.processEvents(timeout: 0.01) }
    }
}

/// A text field that records the marked text it showed.
@MainActor
final class RecordingField: TextField {
    var preedits: [String] = []
    override func setMarkedText(_ text: String?, attributes: MarkedTextAttributes) {
        if let text, !text.isEmpty { preedits.append(text) }
        super.setMarkedText(text, attributes: attributes)
    }
}
