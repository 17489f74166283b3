import KeyInputKit

/// The README's *Custom controls* example, word for word: a form on a German keyboard.
///
/// - Returns: The Name field, after the example pressed `KEY_Y` in it.
/// - Throws: What the example's keymap or key name throws.
@MainActor
package func readmeCustomControlsExample() throws -> TextField {
    final class PinPad: Control, KeyInput {          // not a text field, still takes typing
        private(set) var digits = ""
        override var canBecomeFirstResponder: Bool { true }
        var hasText: Bool { !digits.isEmpty }
        func insertText(_ text: String) { digits += text.filter(\.isNumber) }
        func deleteBackward() { if !digits.isEmpty { digits.removeLast() } }
        var textInputTraits: TextInputTraits { TextInputTraits(keyboardType: .numberPad) }
    }

    final class BirthdayControl: Control {          // shows a date picker instead of a keyboard
        override var canBecomeFirstResponder: Bool { true }
    }

    let window = Window(size: Size(width: 480, height: 640))
    let name = TextField(frame: Rect(x: 16, y: 16, width: 240, height: 40), placeholder: "Name",
                         traits: TextInputTraits(returnKeyType: .next))
    let birthday = BirthdayControl(frame: Rect(x: 16, y: 72, width: 240, height: 40))
    birthday.inputView = DatePicker()               // settable: a date picker instead of a keyboard
    birthday.inputAccessoryView = InputAccessoryBar() // Previous / Next / Done
    window.addSubview(name); window.addSubview(birthday)

    let keyboard = HardwareKeyboard(keymap: try Keymap(context: Context(), names: RuleNames(layout: "de")))
    let app = Application(); app.addWindow(window); app.attach(keyboard)
    name.becomeFirstResponder()
    keyboard.handleKey(try Keycode(name: "KEY_Y"), direction: .down, at: 0)   // types "z" into Name

    return name
}
