import KeyInputKit
import Testing

@MainActor
@Suite struct WindowResizeTests {
    /// Holds the application, which its windows hold only weakly.
    private var application: Application?

    /// A 400×600 window with a US keyboard attached, a field with the accessory bar, and its frame events.
    private mutating func form() throws -> (Window, TextField, InputAccessoryBar, FrameRecorder) {
        let (application, window) = Fixture.window(keyboard: try Fixture.keyboard(layout: "us"))
        self.application = application
        window.onScreenKeyboardPolicy = .always
        let field = TextField(frame: Rect(x: 20, y: 20, width: 360, height: 30))
        let bar = InputAccessoryBar()
        field.inputAccessoryView = bar
        window.addSubview(field)
        return (window, field, bar, FrameRecorder(window))
    }

    private let keyboardHeight = OnScreenKeyboard.fullHeight + InputAccessoryBar.height

    @Test mutating func withNothingShownTheRestingKeyboardFrameFollowsAndNoEventIsSent() throws {
        let (window, _, _, frames) = try form()
        window.resize(to: Size(width: 700, height: 500))
        #expect(window.frame == Rect(x: 0, y: 0, width: 700, height: 500))
        #expect(window.keyboardFrame == Rect(x: 0, y: 500, width: 700, height: 0))
        #expect(frames.events.isEmpty)
    }

    @Test mutating func aShownKeyboardMovesToTheNewBottomEdgeAtTheNewWidthAtOnce() throws {
        let (window, field, _, frames) = try form()
        field.becomeFirstResponder()
        window.advanceTime(by: 1)
        let before = window.keyboardFrame
        window.resize(to: Size(width: 700, height: 500))
        // 700 points wide: the whole main block, five rows of 48 points.
        let wide = OnScreenKeyboard.wideHeight + InputAccessoryBar.height
        let after = Rect(x: 0, y: 500 - wide, width: 700, height: wide)
        #expect(window.keyboardFrame == after)
        #expect(!window.isAnimatingInputViews)
        #expect(frames.kinds == [.willShow, .didShow, .willChangeFrame, .didChangeFrame])
        let change = try #require(frames.events.last)
        #expect(change.beginFrame == before && change.endFrame == after && change.duration == 0)
        #expect(window.keyboardLayoutGuide.bottomInset(for: window) == wide)
    }

    @Test mutating func theKeyboardsKeysAndTheAccessoryBarSpanTheNewWidth() throws {
        let (window, field, bar, _) = try form()
        field.becomeFirstResponder()
        window.advanceTime(by: 1)
        window.resize(to: Size(width: 700, height: 500))
        let keyboard = window.onScreenKeyboard
        #expect(keyboard.frame.width == 700)
        let rightmost = try #require(keyboard.keys.map(\.frame.maxX).max())
        #expect(rightmost > 690 && rightmost <= 700, "the keys end at \(rightmost)")
        let space = try #require(keyboard.keys.first { $0.label == "space" })
        #expect(space.frame.width > 400, "space is \(space.frame.width) wide")
        #expect(bar.frame.width == 700)
        #expect(bar.doneButton.frame.maxX == 696, "Done sits on the right edge")

        // A narrower window brings them back in.
        window.resize(to: Size(width: 320, height: 480))
        #expect(window.keyboardFrame == Rect(x: 0, y: 480 - keyboardHeight, width: 320, height: keyboardHeight))
        #expect(try #require(keyboard.keys.map(\.frame.maxX).max()) <= 320)
        #expect(bar.doneButton.frame.maxX == 316)
    }

    @Test mutating func aKeyboardStillMovingInEndsItsShowThenFollowsTheResize() throws {
        let (window, field, _, frames) = try form()
        field.becomeFirstResponder()
        window.advanceTime(by: 0.1)
        window.resize(to: Size(width: 500, height: 700))
        #expect(frames.kinds == [.willShow, .didShow, .willChangeFrame, .didChangeFrame])
        #expect(frames.events[2].beginFrame == frames.events[1].endFrame)
        #expect(window.keyboardFrame == Rect(x: 0, y: 700 - keyboardHeight, width: 500, height: keyboardHeight))
    }

    @Test mutating func aKeyboardHidingEndsItsHideAndRestsAtTheNewBottomEdge() throws {
        let (window, field, _, frames) = try form()
        field.becomeFirstResponder()
        window.advanceTime(by: 1)
        field.resignFirstResponder()
        window.advanceTime(by: 0.1)
        window.resize(to: Size(width: 500, height: 700))
        #expect(frames.kinds == [.willShow, .didShow, .willHide, .didHide])
        #expect(window.presentedInputView == nil)
        #expect(window.keyboardFrame == Rect(x: 0, y: 700, width: 500, height: 0))
    }

    @Test mutating func theKeyboardsBottomRowIsInsideTheSmallerWindowAndTypes() throws {
        let (window, field, _, _) = try form()
        field.becomeFirstResponder()
        window.advanceTime(by: 1)
        window.resize(to: Size(width: 700, height: 500))
        let keyboard = window.onScreenKeyboard
        let space = try #require(keyboard.keys.first { $0.label == "space" })
        let center = keyboard.convert(Point(x: space.frame.midX, y: space.frame.midY), to: nil)
        #expect(center.y > 450 && center.y < 500, "the space bar is at y = \(center.y)")
        window.sendPointerEvent(PointerEvent(.down, at: center))
        window.sendPointerEvent(PointerEvent(.up, at: center))
        #expect(field.text == " ")
    }
}
