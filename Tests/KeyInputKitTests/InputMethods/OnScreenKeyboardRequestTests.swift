import KeyInputKit
import Testing

/// When the window asks its input method for the system's on-screen
/// keyboard: after the user's tap or click, never for a field the program
/// focused alone, never while the window shows an input view of its own.
@MainActor
@Suite struct OnScreenKeyboardRequestTests {
    let keyboard: HardwareKeyboard
    let application: Application
    let window: Window
    let field = LoggingField(frame: Rect(x: 10, y: 10, width: 300, height: 30))
    let email = LoggingField(frame: Rect(x: 10, y: 60, width: 300, height: 30))
    let background = View(frame: Rect(x: 0, y: 200, width: 400, height: 200))
    let method = ScriptedInputMethod()

    init() throws {
        keyboard = try Fixture.keyboard(layout: "us")
        (application, window) = Fixture.window(keyboard: keyboard)
        email.textInputTraits.keyboardType = .emailAddress
        for view in [background, field, email] { window.addSubview(view) }
        window.inputMethod = method
    }

    @Test func aFieldFocusedByTheProgramAsksForNoKeyboardAndAClickOnItDoes() {
        field.becomeFirstResponder()
        #expect(method.calls == ["focusIn(freeForm)"])
        #expect(method.onScreenKeyboardRequests == 0)
        window.click(field)
        #expect(method.onScreenKeyboardRequests == 1)
        // Again on the focused field: a keyboard the user hid comes back.
        window.click(field)
        #expect(method.onScreenKeyboardRequests == 2)
    }

    @Test func aClickOnAnotherFieldAsksAfterItsFocusIn() {
        field.becomeFirstResponder()
        window.click(email)
        #expect(method.calls == ["focusIn(freeForm)", "focusOut", "focusIn(email)"])
        #expect(method.onScreenKeyboardPurposes == [.email])
    }

    @Test func focusMovingOnFromAFieldTheUserActivatedKeepsTheRequestAndResigningEndsIt() {
        window.click(field)
        window.focusNext()
        #expect(email.isFirstResponder)
        #expect(method.onScreenKeyboardPurposes == [.freeForm, .email])
        // A click outside resigns; the next focus by the program alone asks for nothing.
        window.click(background)
        #expect(window.firstResponder == nil)
        #expect(method.calls.last == "focusOut")
        field.becomeFirstResponder()
        #expect(method.onScreenKeyboardRequests == 2)
    }

    @Test func theWindowRegainingTheDesktopsFocusAsksAgain() {
        window.click(field)
        window.inputMethodWindowFocusDidChange(false)
        window.inputMethodWindowFocusDidChange(true)
        #expect(method.onScreenKeyboardRequests == 2)
    }

    @Test func theWindowsOwnKeyboardOrInputViewTakesThePlaceOfTheSystemsKeyboard() {
        window.onScreenKeyboardPolicy = .always
        window.click(field)
        #expect(field.isFirstResponder)
        #expect(window.presentedInputView === window.onScreenKeyboard)
        #expect(method.onScreenKeyboardRequests == 0)

        window.onScreenKeyboardPolicy = .whenNoHardwareKeyboard
        email.inputView = View(frame: Rect(x: 0, y: 0, width: 400, height: 200))
        window.click(email)
        #expect(email.isFirstResponder)
        #expect(method.onScreenKeyboardRequests == 0)
        email.inputView = nil
        window.click(email)
        #expect(method.onScreenKeyboardRequests == 1)
    }

    @Test func theAccessoryBarsNextIsTheUsersMove() throws {
        let bar = InputAccessoryBar()
        field.inputAccessoryView = bar
        email.inputAccessoryView = bar
        field.becomeFirstResponder()
        window.advanceTime(by: 1)
        let next = try #require(bar.subtree.first { $0.identifier == "accessory-next" })
        window.click(next)
        #expect(email.isFirstResponder)
        #expect(method.onScreenKeyboardPurposes == [.email])
    }
}
