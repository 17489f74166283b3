import KeyInputKit
import KeyInputKitTesting
import Testing

/// Text under a finger: long press selects a word, handles change the selection, a drag scrolls.
@MainActor
@Suite struct TextTouchTests {
    /// A window with a 300×120 text view of many lines, and a tester.
    private func notes(_ text: String) throws -> (WindowTester, TextView) {
        let window = Window(size: Size(width: 400, height: 600))
        Application().addWindow(window)
        window.caretBlinks = false
        let view = TextView(frame: Rect(x: 20, y: 20, width: 300, height: 120), text: text)
        window.addSubview(view)
        return (try WindowTester(window: window, layout: "us"), view)
    }

    /// The middle of the caret at a UTF-8 offset, in window coordinates (the selection moves there to ask).
    private func point(in view: TextView, atOffset offset: Int) -> Point {
        view.selectedRange = offset..<offset
        let caret = view.caretRect ?? .zero
        return view.convert(Point(x: caret.midX, y: caret.midY), to: nil)
    }

    private func selected(_ view: TextView) -> String {
        let utf8 = Array(view.text.utf8)
        return String(decoding: utf8[view.selectedRange], as: UTF8.self)
    }

    @Test func aLongPressOnAWordFocusesSelectsItAndShowsTheHandles() throws {
        let (tester, view) = try notes("alpha bravo charlie")
        tester.longPress(at: point(in: view, atOffset: 8))
        #expect(tester.firstResponder === view)
        #expect(selected(view) == "bravo")
        #expect(view.showsSelectionHandles)
        tester.tap(at: point(in: view, atOffset: 1))
        #expect(!view.showsSelectionHandles && view.selectedRange.isEmpty, "a tap places the caret and the handles go")
    }

    @Test func draggingTheEndHandleExtendsTheSelectionAndTheStartStays() throws {
        let (tester, view) = try notes("alpha bravo charlie")
        tester.longPress(at: point(in: view, atOffset: 8))
        let target = point(in: view, atOffset: 17)
        view.selectedRange = 6..<11
        let end = try #require(view.selectionHandleKnobs?.end)
        let knob = view.convert(Point(x: end.midX, y: end.midY), to: nil)
        tester.drag(from: knob, to: Point(x: target.x, y: knob.y))
        #expect(selected(view).hasPrefix("bravo ch"), "the end moved under the finger: \(selected(view))")
        #expect(view.showsSelectionHandles)
    }

    @Test func aDoubleTapByFingerShowsHandlesAndADoubleClickDoesNot() throws {
        let (tester, view) = try notes("alpha bravo charlie")
        try tester.tap(view)
        tester.advance(by: 1)
        tester.doubleTap(at: point(in: view, atOffset: 2))
        #expect(selected(view) == "alpha" && view.showsSelectionHandles)
        tester.advance(by: 1)
        let charlie = point(in: view, atOffset: 14)
        tester.click(at: charlie)
        tester.window.sendPointerEvent(PointerEvent(.down, at: charlie, clickCount: 2))
        tester.window.sendPointerEvent(PointerEvent(.up, at: charlie, clickCount: 2))
        #expect(selected(view) == "charlie" && !view.showsSelectionHandles)
    }

    @Test func aFingerDragScrollsATextViewAndSelectsNothingWhileTheMouseSelects() throws {
        let lines = (1...60).map { "line \($0)" }.joined(separator: "\n")
        let (tester, view) = try notes(lines)
        view.selectedRange = 0..<0
        try tester.tap(view)
        let before = view.selectedRange
        tester.drag(from: Point(x: 150, y: 130), to: Point(x: 150, y: 40))
        #expect(view.contentOffset.y > 60, "the text followed the finger up")
        #expect(view.selectedRange == before)
        tester.advance(by: 1)
        tester.window.sendPointerEvent(PointerEvent(.down, at: Point(x: 40, y: 40)))
        tester.window.sendPointerEvent(PointerEvent(.dragged, at: Point(x: 200, y: 100)))
        tester.window.sendPointerEvent(PointerEvent(.up, at: Point(x: 200, y: 100)))
        #expect(view.selectedRange.count > 0, "the mouse still selects by dragging")
    }

    @Test func aFlickScrollsOnAfterTheFingerLiftsAndStops() throws {
        let lines = (1...400).map { "line \($0)" }.joined(separator: "\n")
        let (tester, view) = try notes(lines)
        view.selectedRange = 0..<0
        #expect(view.contentOffset == .zero)
        tester.flick(from: Point(x: 150, y: 130), velocity: Point(x: 0, y: -1500))
        let atLift = view.contentOffset.y
        tester.advance(by: 0.2)
        #expect(view.contentOffset.y > atLift + 50, "momentum carried the text on")
        tester.settle()
        #expect(!tester.window.isAnimatingContent)
        let settled = view.contentOffset.y
        tester.advance(by: 0.5)
        #expect(view.contentOffset.y == settled)
        // A finger during the momentum stops it where it is, and places no caret.
        let caret = view.selectedRange
        tester.flick(from: Point(x: 150, y: 130), velocity: Point(x: 0, y: -1500))
        tester.advance(by: 0.1)
        tester.tap(at: Point(x: 150, y: 80))
        let stopped = view.contentOffset.y
        tester.advance(by: 0.3)
        #expect(view.contentOffset.y == stopped && !tester.window.isAnimatingContent)
        #expect(view.selectedRange == caret)
    }
}
