import KeyInputKit

/// The article *Making a control accessible*: seed 001's PIN pad, announced as
/// what it is.
///
/// - Parameter print: Where the example prints what a reader would hear.
/// - Returns: The pad in a window, labelled by the label beside it, and the label.
@MainActor
package func accessibleControlArticleExample(print: @escaping @MainActor (String) -> Void) -> (pad: Control, label: Label) {
    final class PinPad: Control, KeyInput {
        private(set) var digits = "" {
            didSet { postAccessibilityEvent(.valueChanged(self)) }   // built only while a reader listens
        }
        override var canBecomeFirstResponder: Bool { true }
        var hasText: Bool { !digits.isEmpty }
        func insertText(_ text: String) { digits += text.filter(\.isNumber).prefix(4 - digits.count) }
        func deleteBackward() { if !digits.isEmpty { digits.removeLast() } }
        var textInputTraits: TextInputTraits { TextInputTraits(keyboardType: .numberPad) }

        // What a screen reader announces: "PIN, password text, 2 of 4 digits".
        override var accessibilityRole: AccessibilityRole { .secureTextField }
        override var accessibilityValue: AccessibilityValue? {
            AccessibilityValue(current: Double(digits.count), minimum: 0, maximum: 4, text: "\(digits.count) of 4 digits")
        }
    }

    let window = Window(size: Size(width: 480, height: 640))
    let label = Label(text: "PIN", frame: Rect(x: 16, y: 16, width: 80, height: 40))
    let pad = PinPad(frame: Rect(x: 104, y: 16, width: 160, height: 40))
    pad.accessibilityLabel = "PIN"                  // its name
    pad.accessibilityLabelledBy = label             // and the label beside it reads as its label
    window.addSubview(label); window.addSubview(pad)

    let app = Application(); app.addWindow(window)
    let token = app.observeAccessibility { event in // what an AT-SPI2 bridge does
        if case .valueChanged(let node) = event { print(node.accessibilityValue?.text ?? "") }
    }
    pad.becomeFirstResponder()
    pad.insertText("12"); pad.deleteBackward()      // prints "2 of 4 digits", then "1 of 4 digits"
    token.cancel()

    return (pad, label)
}
