import KeyInputKit
import KeyInputKitTesting
import TestSupport
import Testing

/// The on-screen keyboard and the accessory bar as a reader sees them, and the input views arriving.
@MainActor
@Suite struct InputViewAccessibilityTests {
    /// A field that shows the on-screen keyboard (US layout) and an accessory bar, beside a second field.
    static func window() throws -> (TextField, TextField, WindowTester) {
        let window = Window(size: Size(width: 480, height: 640))
        window.onScreenKeyboardPolicy = .always
        window.focusWraps = false
        let traits = TextInputTraits(autocapitalizationType: .none)
        let first = TextField(frame: Rect(x: 10, y: 10, width: 200, height: 30), placeholder: "First", traits: traits)
        first.identifier = "first"
        let second = TextField(frame: Rect(x: 10, y: 50, width: 200, height: 30), placeholder: "Second", traits: traits)
        second.identifier = "second"
        let bar = InputAccessoryBar()
        first.inputAccessoryView = bar
        second.inputAccessoryView = bar
        window.addSubview(first)
        window.addSubview(second)
        let tester = try WindowTester(window: window, layout: "us")
        return (first, second, tester)
    }

    @Test func theKeyboardArrivingIsAnnouncedAndItsKeysAreNamedForWhatTheyType() throws {
        let (first, _, tester) = try Self.window()
        let recorder = AccessibilityEventRecorder(tester.application)
        try tester.click(first)
        tester.settle()
        let keyboard = try #require(tester.window.presentedInputView as? OnScreenKeyboard)
        // The input views' container joins the window, above the two fields, with the keyboard in it.
        #expect(recorder.lines("children") == ["children frame +input-views at 2"])
        #expect(keyboard.accessibilityParent === tester.window.inputViewContainer)
        #expect(keyboard.accessibilityRole == .keyboard)
        let keys = keyboard.accessibilityChildren
        #expect(keys.allSatisfy { $0.accessibilityRole == .keyboardKey })
        let names = keys.compactMap(\.accessibilityLabel)
        #expect(names.prefix(3) == ["q", "w", "e"])
        #expect(names.contains("Numbers and symbols"), "the key to the digits says what it shows")
        #expect(names.contains("q") && names.contains("Shift") && names.contains("Backspace") && names.contains("Space"))
        let q = try #require(keys.first { $0.accessibilityLabel == "q" })
        #expect(keyboard.accessibilityFrameInWindow.contains(q.accessibilityFrameInWindow.origin))
    }

    @Test func pressingAKeyThroughItsActionTypesIt() throws {
        let (first, _, tester) = try Self.window()
        try tester.click(first)
        tester.settle()
        let recorder = AccessibilityEventRecorder(tester.application)
        let keyboard = try #require(tester.window.presentedInputView as? OnScreenKeyboard)
        func press(_ name: String) throws {
            let key = try #require(keyboard.accessibilityChildren.first { $0.accessibilityLabel == name })
            #expect(key.accessibilityActions.first { $0.name == "press" }?.perform() == true)
        }
        try press("q")
        try press("Shift")
        #expect(recorder.lines("name").contains("name W W"))  // "w" renamed "W" while Shift is held
        try press("W")
        #expect(first.text == "qW")
        #expect(recorder.lines("inserted") == ["inserted first 0 \"q\"", "inserted first 1 \"W\""])
    }

    @Test func theAccessoryBarIsAToolBarWhoseButtonsReadAsWords() throws {
        let (first, second, tester) = try Self.window()
        try tester.click(first)
        tester.settle()
        let bar = try #require(tester.window.presentedAccessoryView as? InputAccessoryBar)
        #expect(bar.accessibilityRole == .toolBar)
        let buttons = bar.accessibilityChildren.filter { $0.accessibilityRole == .button }
        #expect(buttons.map(\.accessibilityLabel) == ["Previous", "Next", "Done"])
        #expect(!buttons[0].accessibilityStates.contains(.enabled))
        let recorder = AccessibilityEventRecorder(tester.application)
        #expect(buttons[1].accessibilityActions.first { $0.name == "press" }?.perform() == true)
        #expect(second.isFirstResponder)
        #expect(recorder.lines("focus") == ["focus first→second"])
    }
}
