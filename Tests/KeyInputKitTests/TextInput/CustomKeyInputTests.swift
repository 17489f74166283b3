import KeyInputKit
import Testing

/// A control that is not a text field: it collects a PIN's digits and says
/// so through `inputStateDidChange()`, as any custom `KeyInput` control can.
@MainActor
private final class PINEntry: Control, KeyInput {
    private(set) var digits = ""

    override var canBecomeFirstResponder: Bool { true }
    var textInputTraits: TextInputTraits {
        TextInputTraits(keyboardType: .numberPad, returnKeyType: .go, enablesReturnKeyAutomatically: true)
    }
    var hasText: Bool { !digits.isEmpty }

    func insertText(_ text: String) {
        digits += text.filter(\.isNumber)
        inputStateDidChange()
    }

    func deleteBackward() {
        guard !digits.isEmpty else { return }
        digits.removeLast()
        inputStateDidChange()
    }
}

@MainActor
@Suite struct CustomKeyInputTests {
    @Test func aCustomControlGreysTheReturnKeyInAndOutAsItsTextComesAndGoes() throws {
        let keyboard = try Fixture.keyboard(layout: "us")
        let (_, window) = Fixture.window(keyboard: keyboard)
        window.onScreenKeyboardPolicy = .always
        let pin = PINEntry(frame: Rect(x: 0, y: 0, width: 100, height: 30))
        window.addSubview(pin)
        pin.becomeFirstResponder()
        #expect(window.presentedInputView === window.onScreenKeyboard)
        #expect(!window.onScreenKeyboard.isReturnKeyEnabled)

        keyboard.tap("KEY_4")
        #expect(pin.digits == "4")
        #expect(window.onScreenKeyboard.isReturnKeyEnabled)

        keyboard.tap("KEY_BACKSPACE")
        #expect(pin.digits == "")
        #expect(!window.onScreenKeyboard.isReturnKeyEnabled)
    }
}
