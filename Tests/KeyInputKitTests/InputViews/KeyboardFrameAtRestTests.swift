import KeyInputKit
import Testing

/// With no input view shown, the keyboard frame is zero height at the window's bottom edge.
@MainActor
@Suite struct KeyboardFrameAtRestTests {
    @Test func beforeAnyKeyboardABarPlacedAtTheKeyboardTopSitsOnTheBottomEdge() {
        let (_, window) = Fixture.window()
        let bar = View(frame: Rect(x: 0, y: 0, width: 400, height: 44))
        window.addSubview(bar)
        bar.frame.origin.y = window.keyboardLayoutGuide.frame.minY - bar.frame.height
        #expect(bar.frame.maxY == 600)
        #expect(window.keyboardFrame == Rect(x: 0, y: 600, width: 400, height: 0))
        #expect(window.keyboardFinalFrame == window.keyboardFrame)
    }

    @Test func aWindowResizedBeforeAnyKeyboardHasItsZeroHeightFrameAtTheNewBottomEdge() {
        let (_, window) = Fixture.window()
        window.frame = Rect(x: 0, y: 0, width: 700, height: 500)
        #expect(window.keyboardFrame == Rect(x: 0, y: 500, width: 700, height: 0))
        #expect(window.keyboardLayoutGuide.frame == window.keyboardFrame)
    }

    @Test func onceTheKeyboardHasHiddenTheFrameIsZeroHeightAtTheBottomEdgeAgain() {
        let (_, window) = Fixture.window()
        window.onScreenKeyboardPolicy = .always
        let frames = FrameRecorder(window)
        let field = TextField(frame: Rect(x: 0, y: 0, width: 100, height: 30))
        window.addSubview(field)
        field.becomeFirstResponder()
        window.advanceTime(by: 1)
        #expect(window.keyboardFrame.height == OnScreenKeyboard.fullHeight)
        field.resignFirstResponder()
        window.advanceTime(by: 1)
        // The hide itself still ends below the window, with the keyboard's height.
        #expect(frames.events.last?.endFrame == Rect(x: 0, y: 600, width: 400, height: OnScreenKeyboard.fullHeight))
        #expect(window.keyboardFrame == Rect(x: 0, y: 600, width: 400, height: 0))
        window.frame = Rect(x: 0, y: 0, width: 300, height: 450)
        #expect(window.keyboardFrame == Rect(x: 0, y: 450, width: 300, height: 0))
    }
}
