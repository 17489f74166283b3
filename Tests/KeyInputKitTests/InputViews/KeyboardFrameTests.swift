import KeyInputKit
import Testing

@MainActor
@Suite struct KeyboardFrameTests {
    private func form() -> (Window, TextField, TextField, FrameRecorder) {
        let (_, window) = Fixture.window()
        window.onScreenKeyboardPolicy = .always
        let a = TextField(frame: Rect(x: 0, y: 0, width: 100, height: 30))
        let b = TextField(frame: Rect(x: 0, y: 40, width: 100, height: 30))
        window.addSubview(a)
        window.addSubview(b)
        return (window, a, b, FrameRecorder(window))
    }

    @Test func showingAndHidingSendWillAndDidWithFramesInWindowCoordinates() {
        let (window, a, _, frames) = form()
        a.becomeFirstResponder()
        window.advanceTime(by: 0.3)
        a.resignFirstResponder()
        window.advanceTime(by: 0.3)
        #expect(frames.kinds == [.willShow, .didShow, .willHide, .didHide])
        let shown = Rect(x: 0, y: 600 - OnScreenKeyboard.fullHeight, width: 400, height: OnScreenKeyboard.fullHeight)
        let below = Rect(x: 0, y: 600, width: 400, height: OnScreenKeyboard.fullHeight)
        #expect(frames.events[0].beginFrame == below && frames.events[0].endFrame == shown)
        #expect(frames.events[2].beginFrame == shown && frames.events[2].endFrame == below)
        #expect(frames.events.allSatisfy { $0.isLocal && $0.duration == 0.25 && $0.curve == .easeInOut })
    }

    @Test func movingFocusBetweenFieldsThatShareTheKeyboardSendsNoHide() {
        let (window, a, b, frames) = form()
        a.becomeFirstResponder()
        window.advanceTime(by: 1)
        b.becomeFirstResponder()
        window.advanceTime(by: 1)
        #expect(frames.kinds == [.willShow, .didShow])
    }

    @Test func aDifferentKeyboardSizeSendsAFrameChange() {
        let (window, a, b, frames) = form()
        b.textInputTraits.keyboardType = .numberPad
        a.becomeFirstResponder()
        window.advanceTime(by: 1)
        b.becomeFirstResponder()
        #expect(frames.kinds.last == .willChangeFrame)
        #expect(frames.events.last?.endFrame.height == OnScreenKeyboard.padHeight)
        window.advanceTime(by: 1)
        #expect(frames.kinds == [.willShow, .didShow, .willChangeFrame, .didChangeFrame])
    }

    @Test func interruptingAnAnimationKeepsWillAndDidPairedAndStartsFromWhereItWas() {
        let (window, a, _, frames) = form()
        a.becomeFirstResponder()
        window.advanceTime(by: 0.125)
        let midway = window.keyboardFrame
        a.resignFirstResponder()
        #expect(frames.kinds == [.willShow, .didShow, .willHide])
        #expect(frames.events[2].beginFrame == midway)
        window.advanceTime(by: 1)
        #expect(frames.kinds == [.willShow, .didShow, .willHide, .didHide])
    }

    @Test func aHardwareKeyboardHidesTheOnScreenKeyboardButKeepsTheAccessoryBar() throws {
        let keyboard = try Fixture.keyboard(layout: "us")
        let (_, window) = Fixture.window(keyboard: keyboard)
        let field = TextField(frame: Rect(x: 0, y: 0, width: 100, height: 30))
        field.inputAccessoryView = InputAccessoryBar()
        window.addSubview(field)
        field.becomeFirstResponder()
        window.advanceTime(by: 1)
        #expect(window.presentedInputView == nil)
        #expect(window.keyboardFrame.height == InputAccessoryBar.height)
        window.onScreenKeyboardPolicy = .always
        field.reloadInputViews()
        window.advanceTime(by: 1)
        #expect(window.presentedInputView === window.onScreenKeyboard)
    }

    @Test func otherWindowsHearOfTheKeyboardAsNotLocal() {
        let (application, window) = Fixture.window()
        window.onScreenKeyboardPolicy = .always
        let other = Window(size: Size(width: 100, height: 100))
        application.addWindow(other)
        let heard = FrameRecorder(other)
        let field = TextField(frame: Rect(x: 0, y: 0, width: 100, height: 30))
        window.addSubview(field)
        field.becomeFirstResponder()
        #expect(heard.events.count == 1)
        #expect(heard.events.first?.isLocal == false)
    }

    /// Nobody moves a closed window's clock: closing it mid-hide ends the hide.
    @Test func closingAWindowWhileItsKeyboardHidesEndsTheHide() {
        let (application, window) = Fixture.window()
        let frames = FrameRecorder(window)
        let field = TextField(frame: Rect(x: 10, y: 10, width: 100, height: 30))
        window.addSubview(field)
        field.becomeFirstResponder()
        window.advanceTime(by: 1)
        application.closeWindow(window)
        #expect(frames.kinds == [.willShow, .didShow, .willHide, .didHide])
        #expect(!window.isAnimatingInputViews)
    }

    @Test func returnKeyOfTheOnScreenKeyboardFollowsTheTraits() {
        let (_, window) = Fixture.window()
        window.onScreenKeyboardPolicy = .always
        let field = TextField(
            frame: Rect(x: 0, y: 0, width: 100, height: 30),
            traits: TextInputTraits(returnKeyType: .send, enablesReturnKeyAutomatically: true))
        window.addSubview(field)
        field.becomeFirstResponder()
        #expect(window.onScreenKeyboard.returnKeyTitle == "Send")
        #expect(!window.onScreenKeyboard.isReturnKeyEnabled)
        field.insertText("hi")
        #expect(window.onScreenKeyboard.isReturnKeyEnabled)
    }
}
