import KeyInputGLib
import KeyInputKit
import XKB

extension IBusInputMethod {
    /// IBus modifier bits (`IBusModifierType`): Shift, Lock, Control, Mod1 (Alt), Mod2 (Num Lock), Mod4 (Super).
    static func state(of key: InputMethodKey) -> UInt32 {
        let bits: [(KeyModifierFlags, UInt32)] = [
            (.shift, 1 << 0), (.alphaShift, 1 << 1), (.control, 1 << 2), (.alternate, 1 << 3),
            (.numericPad, 1 << 4), (.command, 1 << 6),
        ]
        var state = bits.reduce(UInt32(0)) { key.modifiers.contains($1.0) ? $0 | $1.1 : $0 }
        if key.isRelease { state |= 1 << 30 }
        return state
    }

    static func modifiers(ofState state: UInt32) -> KeyModifierFlags {
        let bits: [(KeyModifierFlags, UInt32)] = [
            (.shift, 1 << 0), (.alphaShift, 1 << 1), (.control, 1 << 2), (.alternate, 1 << 3),
            (.numericPad, 1 << 4), (.command, 1 << 6),
        ]
        return bits.reduce(into: KeyModifierFlags()) { if state & $1.1 != 0 { $0.insert($1.0) } }
    }

    /// Subscribes to the input context's signals and to its daemon leaving the bus.
    func subscribe(_ created: IBusInputContext) {
        created.connection.subscribe(
            sender: nil, interface: IBusInputContext.interface, member: nil, path: created.path
        ) { [weak self] name, parameters in
            self?.handleSignal(name, parameters)
        }
        created.connection.subscribe(
            sender: "org.freedesktop.DBus", interface: "org.freedesktop.DBus", member: "NameOwnerChanged",
            path: "/org/freedesktop/DBus", arg0: created.endpoint.busName
        ) { [weak self] _, parameters in
            if parameters[2]?.string == "" { self?.daemonWentAway("\(created.endpoint.busName) left the bus") }
        }
        created.connection.onClose { [weak self] in self?.daemonWentAway("the connection closed") }
    }

    func handleSignal(_ name: String, _ parameters: DBusValue) {
        guard let delegate else { return }
        switch name {
        case "CommitText":
            guard staleRequests == 0, let text = parameters[0].flatMap(IBusText.decode)?.text else { return }
            delegate.inputMethod(self, send: .commit(text))
        case "UpdatePreeditText", "UpdatePreeditTextWithMode":
            guard staleRequests == 0, let decoded = parameters[0].flatMap(IBusText.decode) else { return }
            let cursor = Int(parameters[1]?.uint32 ?? UInt32(decoded.text.unicodeScalars.count))
            let visible = parameters[2]?.bool ?? true
            let attributes = MarkedTextAttributes(
                segments: decoded.segments, caret: IBusText.utf8Offset(ofCharacter: cursor, in: decoded.text))
            delegate.inputMethod(self, send: .preedit(visible ? decoded.text : "", attributes))
        case "HidePreeditText":
            guard staleRequests == 0 else { return }
            delegate.inputMethod(self, send: .preedit("", MarkedTextAttributes()))
        case "ForwardKeyEvent":
            guard let keyval = parameters[0]?.uint32, let keycode = parameters[1]?.uint32,
                let state = parameters[2]?.uint32
            else { return }
            let key = InputMethodKey(
                keysym: Keysym(keyval), keycode: Keycode(evdev: keycode), modifiers: Self.modifiers(ofState: state),
                isRelease: state & (1 << 30) != 0)
            delegate.inputMethod(self, send: .forwardKey(key))
        case "DeleteSurroundingText":
            guard let offset = parameters[0]?.int32, let count = parameters[1]?.uint32 else { return }
            delegate.inputMethod(self, send: .deleteSurrounding(offset: Int(offset), count: Int(count)))
        case "RequireSurroundingText":
            delegate.inputMethod(self, send: .surroundingTextRequested)
        default:
            break
        }
    }
}

extension InputMethodContext.Purpose {
    /// GTK's and IBus's input purpose number.
    var ibusValue: UInt32 {
        switch self {
        case .freeForm: 0
        case .digits: 2
        case .number: 3
        case .phone: 4
        case .url: 5
        case .email: 6
        case .name: 7
        }
    }
}
