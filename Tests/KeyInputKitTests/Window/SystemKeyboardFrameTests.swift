import KeyInputKit
import Testing

/// The system's on-screen keyboard, as a host reports it, gives the window
/// the keyboard frame events, layout guide and avoidance its own keyboard gives.
@MainActor
@Suite struct SystemKeyboardFrameTests {
    let application: Application
    let window: Window
    let frames: FrameRecorder

    init() {
        (application, window) = Fixture.window()
        frames = FrameRecorder(window)
    }

    @Test func aKeyboardBelowAShorterWindowIsShownThenHidden() {
        // Phosh made the 400×600 window 400×400 to make room for a 200-point keyboard.
        window.resize(to: Size(width: 400, height: 400))
        let keyboard = Rect(x: 0, y: 400, width: 400, height: 200)
        window.systemKeyboardFrameDidChange(keyboard)
        #expect(frames.kinds == [.willShow, .didShow])
        #expect(frames.events.first?.beginFrame == Rect(x: 0, y: 400, width: 400, height: 200))
        #expect(frames.events.allSatisfy { $0.endFrame == keyboard && $0.duration == 0 && $0.isLocal })
        #expect(window.keyboardFrame == keyboard)
        #expect(window.keyboardFinalFrame == keyboard)
        #expect(window.systemKeyboardFrame == keyboard)
        // The same frame again posts nothing; a taller keyboard is a change of frame.
        window.systemKeyboardFrameDidChange(keyboard)
        #expect(frames.events.count == 2)
        window.resize(to: Size(width: 400, height: 350))
        let taller = Rect(x: 0, y: 350, width: 400, height: 250)
        window.systemKeyboardFrameDidChange(taller)
        #expect(frames.kinds.suffix(2) == [.willChangeFrame, .didChangeFrame])
        #expect(frames.events.last?.beginFrame == keyboard && frames.events.last?.endFrame == taller)

        window.resize(to: Size(width: 400, height: 600))
        window.systemKeyboardFrameDidChange(nil)
        #expect(frames.kinds.suffix(2) == [.willHide, .didHide])
        #expect(frames.events.last?.endFrame == Rect(x: 0, y: 600, width: 400, height: 250))
        #expect(window.keyboardFrame == Rect(x: 0, y: 600, width: 400, height: 0))
        #expect(window.systemKeyboardFrame == nil)
    }

    @Test func aScrollViewKeepsTheFocusedFieldAboveAKeyboardOverTheWindowAndScrollsBackWhenItGoes() {
        let scroll = ScrollView(frame: Rect(x: 0, y: 0, width: 400, height: 600))
        scroll.contentSize = Size(width: 400, height: 900)
        let field = TextField(frame: Rect(x: 10, y: 500, width: 300, height: 30))
        scroll.addSubview(field)
        window.addSubview(scroll)
        window.onScreenKeyboardPolicy = .never
        field.becomeFirstResponder()
        window.advanceTime(by: 1)
        #expect(scroll.contentOffset.y == 0)

        let keyboard = Rect(x: 0, y: 350, width: 400, height: 250)
        window.systemKeyboardFrameDidChange(keyboard)
        window.advanceTime(by: 1)
        #expect(window.keyboardLayoutGuide.frame == keyboard)
        #expect(window.keyboardLayoutGuide.bottomInset(for: scroll) == 250)
        #expect(field.frameInWindow.maxY <= keyboard.minY, "the field \(field.frameInWindow) is under the keyboard")
        #expect(field.frameInWindow.minY >= 0)

        window.systemKeyboardFrameDidChange(nil)
        window.advanceTime(by: 1)
        #expect(scroll.contentOffset.y == 0)
        #expect(window.keyboardLayoutGuide.bottomInset(for: scroll) == 0)
    }

    @Test func whileTheWindowsOwnInputViewsShowTheSystemsKeyboardPostsNothing() {
        let field = TextField(frame: Rect(x: 10, y: 10, width: 300, height: 30))
        window.addSubview(field)
        window.onScreenKeyboardPolicy = .always
        field.becomeFirstResponder()
        window.advanceTime(by: 1)
        let own = window.keyboardFrame
        let count = frames.events.count
        window.systemKeyboardFrameDidChange(Rect(x: 0, y: 400, width: 400, height: 200))
        #expect(frames.events.count == count)
        #expect(window.keyboardFrame == own)
    }
}
