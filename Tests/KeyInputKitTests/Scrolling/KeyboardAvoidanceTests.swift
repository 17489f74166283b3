import KeyInputKit
import Testing

@MainActor
@Suite struct KeyboardAvoidanceTests {
    /// A control as tall as a notes editor, whose caret moves down a line at a time.
    final class TallEditor: Control {
        var line = 0 {
            didSet { inputStateDidChange() }
        }
        override var canBecomeFirstResponder: Bool { true }
        override var caretRect: Rect? { Rect(x: 4, y: Double(line) * 16, width: 2, height: 16) }
    }

    /// A 400×600 window filled by a scroll view 700 high inside, with fields at y 20, 300 and 500;
    /// the full on-screen keyboard (216 high) covers y 384 and below.
    @MainActor private struct Form {
        let keyboard: HardwareKeyboard
        let window: Window
        let scroll: ScrollView
        let top = TextField(frame: Rect(x: 10, y: 20, width: 200, height: 30))
        let middle = TextField(frame: Rect(x: 10, y: 300, width: 200, height: 30))
        let bottom = TextField(frame: Rect(x: 10, y: 500, width: 200, height: 30))

        init() throws {
            keyboard = try Fixture.keyboard(layout: "us")
            (_, window) = Fixture.window(keyboard: keyboard)
            window.onScreenKeyboardPolicy = .always
            scroll = ScrollView(frame: window.bounds)
            scroll.contentSize = Size(width: 400, height: 700)
            for field in [top, middle, bottom] { scroll.addSubview(field) }
            window.addSubview(scroll)
        }
    }

    /// The offset that puts the bottom field's lower edge 8 points above the full keyboard.
    private let bottomFieldOffset = 530 + 8 - (600 - OnScreenKeyboard.fullHeight)

    @Test func tabToAFieldUnderTheKeyboardScrollsItIntoView() throws {
        let form = try Form()
        form.top.becomeFirstResponder()
        form.window.advanceTime(by: 1)
        form.keyboard.tap("KEY_TAB")
        form.window.advanceTime(by: 1)
        #expect(form.middle.isFirstResponder)
        #expect(form.scroll.contentOffset == .zero, "a field already above the keyboard moved")
        form.keyboard.tap("KEY_TAB")
        #expect(form.bottom.isFirstResponder)
        form.window.advanceTime(by: 1)
        #expect(form.scroll.contentOffset == Point(x: 0, y: bottomFieldOffset))
        #expect(form.bottom.frameInWindow.maxY + 8 == form.window.keyboardFrame.minY)
        form.keyboard.tap("KEY_LEFTSHIFT", "KEY_TAB")
        form.keyboard.tap("KEY_LEFTSHIFT", "KEY_TAB")
        form.window.advanceTime(by: 1)
        #expect(form.top.isFirstResponder)
        #expect(form.top.frameInWindow.minY == 8, "Shift+Tab back to the top field left it above the view")
    }

    @Test func theOffsetComesBackWhenTheKeyboardHides() throws {
        let form = try Form()
        form.scroll.contentOffset = Point(x: 0, y: 40)
        form.bottom.becomeFirstResponder()
        form.window.advanceTime(by: 1)
        #expect(form.scroll.contentOffset == Point(x: 0, y: bottomFieldOffset))
        form.keyboard.tap("KEY_ESC")
        #expect(!form.bottom.isFirstResponder)
        form.window.advanceTime(by: 0.125)
        let midway = form.scroll.contentOffset.y
        #expect(midway > 40 && midway < bottomFieldOffset, "the offset jumped instead of following the keyboard down")
        form.window.advanceTime(by: 1)
        #expect(form.scroll.contentOffset == Point(x: 0, y: 40))
    }

    @Test func scrollingFollowsTheKeyboardCurve() throws {
        let form = try Form()
        form.bottom.becomeFirstResponder()
        form.window.advanceTime(by: 0.0625)  // a quarter of the way through the keyboard's 0.25 s
        #expect(form.window.isAnimatingInputViews && form.scroll.isAnimatingScroll)
        let keyboardProgress = (600 - form.window.keyboardFrame.minY) / OnScreenKeyboard.fullHeight
        let scrollProgress = form.scroll.contentOffset.y / bottomFieldOffset
        #expect(abs(keyboardProgress - AnimationCurve.easeInOut.progress(at: 0.25)) < 1e-9)
        #expect(abs(scrollProgress - keyboardProgress) < 1e-9, "scrolled \(scrollProgress) of the way while the keyboard moved \(keyboardProgress)")
        form.window.advanceTime(by: 0.2)
        #expect(!form.scroll.isAnimatingScroll)
        #expect(form.scroll.contentOffset.y == bottomFieldOffset)
    }

    @Test func aScrollViewWithAvoidanceOffDoesNotMove() throws {
        let form = try Form()
        form.scroll.avoidsKeyboard = false
        form.bottom.becomeFirstResponder()
        form.window.advanceTime(by: 1)
        #expect(form.window.keyboardFrame.minY == 600 - OnScreenKeyboard.fullHeight)
        #expect(form.scroll.contentOffset == .zero)
        #expect(form.scroll.maximumContentOffset == Point(x: 0, y: 100), "the keyboard extended the content of a view that does not avoid it")
    }

    @Test func aLargerMarginLeavesMoreRoom() throws {
        let form = try Form()
        form.scroll.keyboardAvoidanceMargin = 30
        form.bottom.becomeFirstResponder()
        form.window.advanceTime(by: 1)
        #expect(form.bottom.frameInWindow.maxY + 30 == form.window.keyboardFrame.minY)
    }

    @Test func theCaretOfATallEditorStaysAboveTheKeyboardAsItMovesDown() throws {
        let form = try Form()
        let editor = TallEditor(frame: Rect(x: 0, y: 150, width: 400, height: 400))
        editor.inputView = View(frame: Rect(x: 0, y: 0, width: 400, height: OnScreenKeyboard.fullHeight))
        form.scroll.addSubview(editor)
        editor.becomeFirstResponder()
        form.window.advanceTime(by: 1)
        #expect(form.scroll.contentOffset == .zero, "the caret on the first line was visible already")
        editor.line = 20  // content y 470…486
        form.window.advanceTime(by: 1)
        let caret = editor.convert(editor.caretRect!, to: nil)
        #expect(caret.maxY + 8 == form.window.keyboardFrame.minY)
    }
}
