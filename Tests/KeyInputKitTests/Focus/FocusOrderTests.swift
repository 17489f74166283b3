import KeyInputKit
import Testing
import XKB

/// A window's `focusOrder` decides where Tab, Shift+Tab and the accessory bar go,
/// even against reading order.
@MainActor
@Suite struct FocusOrderTests {
    /// Name, email and phone top to bottom, and a notes field the order leaves out.
    @MainActor private struct Form {
        let window: Window
        let name = TextField(frame: Rect(x: 0, y: 0, width: 200, height: 30), placeholder: "Name")
        let email = TextField(frame: Rect(x: 0, y: 50, width: 200, height: 30), placeholder: "Email")
        let phone = TextField(frame: Rect(x: 0, y: 100, width: 200, height: 30), placeholder: "Phone")
        let notes = TextField(frame: Rect(x: 0, y: 150, width: 200, height: 30), placeholder: "Notes")

        init(window: Window) {
            self.window = window
            [phone, notes, name, email].forEach(window.addSubview)
            // Every step differs from reading order (name → email → phone → notes).
            window.focusOrder = [email, name, phone]
        }

        func focused() -> String? { (window.firstResponder as? TextField)?.placeholder }
    }

    @Test func tabAndShiftTabFollowTheFocusOrderNotReadingOrder() throws {
        let keyboard = try Fixture.keyboard(layout: "us")
        let (_, window) = Fixture.window(keyboard: keyboard)
        let form = Form(window: window)
        form.email.becomeFirstResponder()

        var visited: [String?] = []
        for _ in 0..<3 {
            keyboard.tap("KEY_TAB")
            visited.append(form.focused())
        }
        #expect(visited == ["Name", "Phone", "Email"])

        visited = []
        for _ in 0..<3 {
            keyboard.tap("KEY_LEFTSHIFT", "KEY_TAB")
            visited.append(form.focused())
        }
        #expect(visited == ["Phone", "Name", "Email"])
    }

    @Test func theAccessoryBarsPreviousAndNextFollowTheFocusOrder() {
        let (_, window) = Fixture.window()
        window.onScreenKeyboardPolicy = .always
        window.focusWraps = false
        let form = Form(window: window)
        let bar = InputAccessoryBar()
        for field in [form.name, form.email, form.phone, form.notes] { field.inputAccessoryView = bar }

        form.email.becomeFirstResponder()
        window.advanceTime(by: 1)
        #expect(!bar.previousButton.isEnabled, "Email is first in the focus order")
        #expect(bar.nextButton.isEnabled)

        window.click(bar.nextButton)
        #expect(form.focused() == "Name")
        window.click(bar.nextButton)
        #expect(form.focused() == "Phone")
        #expect(!bar.nextButton.isEnabled, "Phone is last in the focus order")
        #expect(bar.previousButton.isEnabled)

        window.click(bar.previousButton)
        #expect(form.focused() == "Name")
        window.click(bar.previousButton)
        #expect(form.focused() == "Email")
    }

    /// Typing keeps what Previous and Next were worked out for; a change that
    /// moves focus order (here: the only field after this one is hidden, then
    /// shown, then disabled) shows at the next keystroke.
    @Test func theAccessoryBarFollowsFieldsHiddenOrDisabledWhileTyping() throws {
        let keyboard = try Fixture.keyboard(layout: "us")
        let (_, window) = Fixture.window(keyboard: keyboard)
        window.onScreenKeyboardPolicy = .always
        window.focusWraps = false
        let first = TextField(frame: Rect(x: 0, y: 0, width: 200, height: 30), placeholder: "First")
        let second = TextField(frame: Rect(x: 0, y: 50, width: 200, height: 30), placeholder: "Second")
        let bar = InputAccessoryBar()
        for field in [first, second] {
            window.addSubview(field)
            field.inputAccessoryView = bar
        }
        first.becomeFirstResponder()
        window.advanceTime(by: 1)
        keyboard.tap("KEY_A")
        #expect(bar.nextButton.isEnabled)

        second.isHidden = true
        keyboard.tap("KEY_B")
        #expect(!bar.nextButton.isEnabled, "the only field after this one is hidden")
        second.isHidden = false
        keyboard.tap("KEY_C")
        #expect(bar.nextButton.isEnabled)
        second.isEnabled = false
        keyboard.tap("KEY_D")
        #expect(!bar.nextButton.isEnabled, "the only field after this one is disabled")
        #expect(first.text == "abcd")
    }
}
