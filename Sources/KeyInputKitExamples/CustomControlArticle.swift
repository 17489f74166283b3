import KeyInputKit

final class PinPad: Control, KeyInput {
    private(set) var digits = ""

    override var canBecomeFirstResponder: Bool { true }

    var hasText: Bool { !digits.isEmpty }
    func insertText(_ text: String) { digits += text.filter(\.isNumber); setNeedsDisplay() }
    func deleteBackward() { if !digits.isEmpty { digits.removeLast() }; setNeedsDisplay() }

    var textInputTraits: TextInputTraits { TextInputTraits(keyboardType: .numberPad) }
}

/// The article *Making a custom control first responder*: a control that shows a date picker.
///
/// - Returns: The control, its input view a date picker.
@MainActor
package func customControlArticlePickerExample() -> Control {
    final class BirthdayControl: Control {
        override var canBecomeFirstResponder: Bool { true }
    }

    let birthday = BirthdayControl(frame: Rect(x: 20, y: 120, width: 240, height: 32))
    birthday.inputView = DatePicker(mode: .date)
    birthday.inputAccessoryView = InputAccessoryBar()

    return birthday
}
