import KeyInputKit
import KeyInputKitTesting
import Testing

/// A finger scrolls a scroll view as `UIScrollView` does: past a slop, with
/// momentum, rubber-banding at the edges, and without pressing what it starts on.
@MainActor
@Suite struct ScrollViewTouchTests {
    /// A 400×600 window with a scroll view at y 100, 400×300, over 400×1200 of content
    /// (offsets 0…900): a button at content y 40…80 and a field at content y 120…152.
    @MainActor private struct Form {
        let tester: WindowTester
        let scroll = ScrollView(frame: Rect(x: 0, y: 100, width: 400, height: 300))
        let button = Button(title: "Save", frame: Rect(x: 20, y: 40, width: 120, height: 40))
        let field = TextField(frame: Rect(x: 20, y: 120, width: 200, height: 32))
        var window: Window { tester.window }

        init() throws {
            let window = Window(size: Size(width: 400, height: 600))
            Application().addWindow(window)
            window.caretBlinks = false
            scroll.contentSize = Size(width: 400, height: 1200)
            scroll.addSubview(button)
            scroll.addSubview(field)
            window.addSubview(scroll)
            tester = try WindowTester(window: window, layout: "us")
        }

        /// The middle of the button, in window coordinates, where it is now.
        var buttonCenter: Point { Point(x: button.frameInWindow.midX, y: button.frameInWindow.midY) }
    }

    /// An empty spot of the scroll view, in window coordinates.
    private let empty = Point(x: 300, y: 350)

    // MARK: Dragging

    @Test func aFingerScrollsOncePastTheSlopAndThenFollowsPointForPoint() throws {
        let form = try Form()
        let finger = form.tester.touchDown(at: empty)
        // Held long enough for the scroll view itself to hear of the touch.
        form.tester.advance(by: 0.2)
        form.tester.touchMove(finger, to: Point(x: 302, y: 345))
        #expect(form.scroll.contentOffset == .zero, "a finger within the slop scrolled")
        #expect(!form.scroll.isDragging)
        form.tester.touchMove(finger, to: Point(x: 305, y: 335))
        #expect(form.scroll.isDragging)
        #expect(form.scroll.contentOffset == .zero, "the content jumped by the slop when scrolling began")
        form.tester.touchMove(finger, to: Point(x: 340, y: 235))
        #expect(form.scroll.contentOffset == Point(x: 0, y: 100), "the content did not follow the finger up 100 points")
        form.tester.advance(by: 0.15)
        form.tester.touchUp(finger)
        #expect(!form.scroll.isDragging)
        #expect(!form.scroll.isDecelerating, "a finger that stopped before lifting left momentum")
        form.tester.advance(by: 0.5)
        #expect(form.scroll.contentOffset == Point(x: 0, y: 100))
    }

    @Test func aDragThatStartsOnAButtonScrollsAndNeverPressesIt() throws {
        let form = try Form()
        var actions = 0
        form.button.addAction(for: .primaryActionTriggered) { _ in actions += 1 }
        // 30 points up: scrolling starts at 10 and the content moves 20, so the finger lifts on the button again.
        var start = form.buttonCenter
        var finger = form.tester.touchDown(at: start)
        for step in 1...3 {
            form.tester.advance(by: 0.01)
            form.tester.touchMove(finger, to: Point(x: start.x, y: start.y - 10 * Double(step)))
        }
        form.tester.advance(by: 0.15)
        form.tester.touchUp(finger)
        form.tester.advance(by: 0.05)
        #expect(form.scroll.contentOffset.y == 20)
        #expect(form.button.frameInWindow.contains(Point(x: start.x, y: start.y - 30)))
        #expect(actions == 0, "a drag that scrolled pressed the button")
        #expect(!form.button.isHighlighted)

        // Held until the button heard of it, then dragged: the scroll takes the press away.
        start = form.buttonCenter
        finger = form.tester.touchDown(at: start)
        form.tester.advance(by: 0.2)
        #expect(form.button.isHighlighted)
        for step in 1...3 { form.tester.touchMove(finger, to: Point(x: start.x, y: start.y - 10 * Double(step))) }
        #expect(!form.button.isHighlighted, "the scroll did not cancel the button's press")
        form.tester.advance(by: 0.15)
        form.tester.touchUp(finger)
        #expect(actions == 0)
        #expect(form.scroll.contentOffset.y == 40)
    }

    @Test func aTapOnAButtonInsideStillActsAndHighlightsOnlyAfterTheDelay() throws {
        let form = try Form()
        var actions = 0
        form.button.addAction(for: .primaryActionTriggered) { _ in actions += 1 }
        try form.tester.tap(form.button)
        #expect(actions == 1, "a quick tap on a button inside a scroll view did nothing")

        let finger = form.tester.touchDown(at: form.buttonCenter)
        #expect(!form.button.isHighlighted, "the button lit up before the finger could become a scroll")
        form.tester.advance(by: 0.2)
        #expect(form.button.isHighlighted, "a finger held still did not reach the button after 150 ms")
        form.tester.touchUp(finger)
        #expect(actions == 2)
        #expect(form.scroll.contentOffset == .zero)
    }

    @Test func aDragThatStartsOnAFieldDoesNotFocusIt() throws {
        let form = try Form()
        let start = Point(x: 100, y: form.field.frameInWindow.midY)
        form.tester.drag(from: start, to: Point(x: 100, y: start.y - 80))
        #expect(form.scroll.contentOffset.y > 0)
        #expect(form.tester.firstResponder == nil, "a drag that scrolled focused the field")
        try form.tester.tap(form.field)
        #expect(form.field.isFirstResponder, "a tap on the field did not focus it")
    }

    @Test func thePointerStillDragsWithoutSlopRubberBandOrMomentum() throws {
        let form = try Form()
        form.window.sendPointerEvent(PointerEvent(.down, at: empty))
        form.window.sendPointerEvent(PointerEvent(.dragged, at: Point(x: 300, y: 348)))
        #expect(form.scroll.contentOffset == Point(x: 0, y: 2))
        form.window.sendPointerEvent(PointerEvent(.dragged, at: Point(x: 300, y: 600)))
        form.window.sendPointerEvent(PointerEvent(.up, at: Point(x: 300, y: 600)))
        #expect(form.scroll.contentOffset == .zero)
        #expect(!form.scroll.isDecelerating)
        #expect(!form.window.isAnimatingContent)
    }

    // MARK: Momentum and edges

    @Test func aFlickGoesOnAfterTheFingerLiftsSlowsAndStops() throws {
        let form = try Form()
        form.tester.flick(from: Point(x: 200, y: 380), velocity: Point(x: 0, y: -1000))
        let atLift = form.scroll.contentOffset.y
        #expect(atLift > 0 && atLift <= 100)
        #expect(form.scroll.isDecelerating)
        form.tester.advance(by: 0.1)
        let early = form.scroll.contentOffset.y
        #expect(early - atLift > 50, "the content did not go on at the flick's speed")
        form.tester.advance(by: 0.1)
        let later = form.scroll.contentOffset.y
        #expect(later - early < early - atLift, "the content did not slow down")
        form.tester.settle()
        let end = form.scroll.contentOffset.y
        #expect(!form.scroll.isDecelerating)
        #expect(!form.window.isAnimatingContent)
        // UIKit's normal rate carries 1,000 points a second about 500 points.
        #expect(end > atLift + 400 && end < 900, "a flick at 1,000 points a second went to \(end)")
        form.tester.advance(by: 1)
        #expect(form.scroll.contentOffset.y == end)
    }

    @Test func aFastDecelerationRateStopsSooner() throws {
        let normal = try Form()
        normal.tester.flick(from: Point(x: 200, y: 380), velocity: Point(x: 0, y: -1000))
        normal.tester.settle()
        let fast = try Form()
        fast.scroll.decelerationRate = .fast
        fast.tester.flick(from: Point(x: 200, y: 380), velocity: Point(x: 0, y: -1000))
        fast.tester.settle()
        #expect(fast.scroll.contentOffset.y < normal.scroll.contentOffset.y - 200)
    }

    @Test func aFlickTowardAnEdgeOvershootsAndEndsExactlyAtTheEdge() throws {
        let form = try Form()
        form.scroll.contentOffset = Point(x: 0, y: 500)
        form.tester.flick(from: Point(x: 200, y: 380), velocity: Point(x: 0, y: -2000))
        #expect(form.scroll.contentOffset.y < 900, "the finger alone took the content past the edge")
        var farthest = form.scroll.contentOffset.y
        while form.scroll.isDecelerating {
            form.tester.advance(by: 0.01)
            farthest = max(farthest, form.scroll.contentOffset.y)
        }
        #expect(farthest > 910, "the content did not bounce past the bottom edge")
        #expect(form.scroll.contentOffset.y == 900)

        form.tester.advance(by: 1)
        form.tester.flick(from: Point(x: 200, y: 150), velocity: Point(x: 0, y: 3000))
        #expect(form.scroll.contentOffset.y > 0, "the finger alone took the content past the edge")
        var nearest = form.scroll.contentOffset.y
        while form.scroll.isDecelerating {
            form.tester.advance(by: 0.01)
            nearest = min(nearest, form.scroll.contentOffset.y)
        }
        #expect(nearest < -10, "the content did not bounce past the top edge")
        #expect(form.scroll.contentOffset == .zero)
    }

    @Test func draggingPastTheTopRubberBandsAndSpringsBack() throws {
        let form = try Form()
        let finger = form.tester.touchDown(at: Point(x: 200, y: 150))
        form.tester.touchMove(finger, to: Point(x: 200, y: 170))
        form.tester.touchMove(finger, to: Point(x: 200, y: 270))
        // 100 points pulled past the edge of a 300-point view show (1 − 1/(100·0.55/300 + 1))·300.
        let shown = (1 - 1 / (100 * 0.55 / 300 + 1)) * 300
        #expect(abs(form.scroll.contentOffset.y + shown) < 0.001, "pulled 100 past the top, the offset is \(form.scroll.contentOffset.y)")
        form.tester.touchMove(finger, to: Point(x: 200, y: 220))
        #expect(abs(form.scroll.contentOffset.y + (1 - 1 / (50 * 0.55 / 300 + 1)) * 300) < 0.001)
        form.tester.advance(by: 0.15)
        form.tester.touchUp(finger)
        #expect(form.scroll.isDecelerating)
        form.tester.advance(by: 0.1)
        #expect(form.scroll.contentOffset.y < -1, "the content jumped back instead of springing")
        form.tester.advance(by: 0.4)
        #expect(form.scroll.contentOffset == .zero, "the content was not back at the edge half a second after release")
        #expect(!form.scroll.isDecelerating)
    }

    @Test func aTouchDuringMomentumStopsItAndPressesNothing() throws {
        let form = try Form()
        let row = Button(title: "Row", frame: Rect(x: 0, y: 0, width: 400, height: 1200))
        form.scroll.insertSubview(row, at: 0)
        var actions = 0
        row.addAction(for: .primaryActionTriggered) { _ in actions += 1 }
        form.tester.flick(from: Point(x: 300, y: 380), velocity: Point(x: 0, y: -1500))
        form.tester.advance(by: 0.1)
        #expect(form.scroll.isDecelerating)
        let finger = form.tester.touchDown(at: empty)
        let caught = form.scroll.contentOffset
        #expect(!form.scroll.isDecelerating, "a touch did not stop the momentum")
        form.tester.advance(by: 0.3)
        #expect(form.scroll.contentOffset == caught, "the content moved on under a finger holding it")
        #expect(!row.isHighlighted, "the touch that stopped the content pressed what was under it")
        form.tester.touchUp(finger)
        #expect(actions == 0, "the touch that stopped the content tapped what was under it")
        form.tester.advance(by: 1)
        #expect(form.scroll.contentOffset == caught)

        // Caught again, the finger drags on without a slop.
        form.tester.flick(from: Point(x: 300, y: 380), velocity: Point(x: 0, y: -1500))
        form.tester.advance(by: 0.05)
        let again = form.tester.touchDown(at: empty)
        let held = form.scroll.contentOffset
        form.tester.touchMove(again, to: Point(x: 300, y: 345))
        #expect(form.scroll.contentOffset.y == held.y + 5)
        form.tester.advance(by: 0.15)
        form.tester.touchUp(again)
        #expect(actions == 0)

        form.tester.advance(by: 1)
        form.tester.tap(at: empty)
        #expect(actions == 1, "a tap on still content did not reach the button under it")
    }

    // MARK: Keyboard dismissal

    @Test func onDragResignsTheFirstResponderWhenADragScrollsAndNoneDoesNot() throws {
        let form = try Form()
        form.field.becomeFirstResponder()
        form.tester.drag(from: empty, to: Point(x: 300, y: 300))
        #expect(form.field.isFirstResponder, "with keyboardDismissMode .none a drag resigned the first responder")

        form.scroll.keyboardDismissMode = .onDrag
        let finger = form.tester.touchDown(at: empty)
        form.tester.touchMove(finger, to: Point(x: 300, y: 345))
        #expect(form.field.isFirstResponder, "a finger within the slop resigned the first responder")
        form.tester.touchMove(finger, to: Point(x: 300, y: 330))
        #expect(!form.field.isFirstResponder, "with .onDrag a drag that scrolled kept the first responder")
        form.tester.touchUp(finger)
    }

    @Test func interactiveDismissesWhenTheFingerDragsDownIntoTheKeyboardAndStaysThere() throws {
        let form = try Form()
        form.scroll.frame = Rect(x: 0, y: 100, width: 400, height: 500)
        form.scroll.keyboardDismissMode = .interactive
        form.scroll.avoidsKeyboard = false
        form.scroll.contentOffset = Point(x: 0, y: 400)
        form.window.onScreenKeyboardPolicy = .always
        form.field.becomeFirstResponder()
        form.tester.settle()
        let keyboardTop = form.window.keyboardFrame.minY
        #expect(keyboardTop == 600 - OnScreenKeyboard.fullHeight)

        // Down without reaching the keyboard: kept.
        form.tester.drag(from: Point(x: 300, y: 200), to: Point(x: 300, y: keyboardTop - 20))
        #expect(form.field.isFirstResponder, "a drag that stayed above the keyboard dismissed it")
        // Into the keyboard and back up out of it: kept.
        var finger = form.tester.touchDown(at: Point(x: 300, y: 200))
        for y in stride(from: 220.0, through: keyboardTop + 60, by: 20) { form.tester.touchMove(finger, to: Point(x: 300, y: y)) }
        form.tester.advance(by: 0.05)
        for y in stride(from: keyboardTop + 40, through: 250, by: -20) { form.tester.touchMove(finger, to: Point(x: 300, y: y)) }
        form.tester.advance(by: 0.15)
        form.tester.touchUp(finger)
        #expect(form.field.isFirstResponder, "a finger that went back up out of the keyboard dismissed it")
        // Past the keyboard's middle and lifted there: dismissed.
        form.tester.advance(by: 1)
        finger = form.tester.touchDown(at: Point(x: 300, y: 200))
        for y in stride(from: 220.0, through: keyboardTop + 140, by: 20) { form.tester.touchMove(finger, to: Point(x: 300, y: y)) }
        form.tester.advance(by: 0.15)
        form.tester.touchUp(finger)
        #expect(!form.field.isFirstResponder, "a finger that dragged the keyboard more than half away and lifted kept it")
    }

    /// Moves `finger` to each y of `ys` at x 300, a frame (1/60 s) apart.
    private func move(_ finger: Int, through ys: StrideThrough<Double>, in form: Form) {
        for y in ys {
            form.tester.advance(by: 1.0 / 60)
            form.tester.touchMove(finger, to: Point(x: 300, y: y))
        }
    }

    @Test func interactiveKeyboardFollowsTheFingerDownAndBackUpAndSlidesAwayWhenLiftedMovingDown() throws {
        let form = try Form()
        form.scroll.frame = Rect(x: 0, y: 100, width: 400, height: 500)
        form.scroll.keyboardDismissMode = .interactive
        form.scroll.contentOffset = Point(x: 0, y: 400)
        form.window.onScreenKeyboardPolicy = .always
        form.field.becomeFirstResponder()
        form.tester.settle()
        let rest = form.window.keyboardFrame
        #expect(rest.minY == 600 - OnScreenKeyboard.fullHeight)
        var events: [KeyboardFrameEvent] = []
        let token = form.window.observeKeyboardFrame { events.append($0) }
        defer { token.cancel() }
        let held = rest.minY + 60

        // The keyboard follows the finger 60 points into it, and observers see it move.
        var finger = form.tester.touchDown(at: Point(x: 300, y: 200))
        move(finger, through: stride(from: held - 220, through: held, by: 20), in: form)
        #expect(
            form.window.keyboardFrame == rest.offsetBy(dx: 0, dy: 60), "the keyboard did not follow the finger down")
        #expect(events.last?.kind == .didChangeFrame && events.last?.endFrame == form.window.keyboardFrame)
        #expect(events.map(\.kind).allSatisfy { $0 == .willChangeFrame || $0 == .didChangeFrame })
        #expect(events.count.isMultiple(of: 2), "a will-event of the drag went without its did-event")
        // Back up out of it: the keyboard comes back to rest; lifted there, it stays.
        move(finger, through: stride(from: rest.minY + 40, through: 250, by: -20), in: form)
        #expect(form.window.keyboardFrame == rest, "the keyboard did not come back up with the finger")
        form.tester.advance(by: 0.15)
        form.tester.touchUp(finger)
        form.tester.settle()
        #expect(form.field.isFirstResponder, "a finger that went back up out of the keyboard dismissed it")
        #expect(form.window.keyboardFrame == rest)

        // Lifted still 60 points in, less than half hidden: it slides back up.
        form.tester.advance(by: 1)
        finger = form.tester.touchDown(at: Point(x: 300, y: 200))
        move(finger, through: stride(from: held - 220, through: held, by: 20), in: form)
        form.tester.advance(by: 0.15)
        form.tester.touchUp(finger)
        #expect(form.field.isFirstResponder, "a still finger with the keyboard mostly shown dismissed it")
        #expect(form.window.isAnimatingInputViews && form.window.keyboardFinalFrame == rest)
        form.tester.settle()
        #expect(form.window.keyboardFrame == rest, "the keyboard did not slide back up")

        // Lifted while moving down: it slides away from where the finger held it.
        form.tester.advance(by: 1)
        events = []
        finger = form.tester.touchDown(at: Point(x: 300, y: 200))
        move(finger, through: stride(from: held - 220, through: held, by: 20), in: form)
        form.tester.touchUp(finger)
        #expect(!form.field.isFirstResponder, "a finger lifted moving down kept the keyboard")
        let hide = events.first { $0.kind == .willHide }
        #expect(hide?.beginFrame == rest.offsetBy(dx: 0, dy: 60), "the keyboard did not slide away from the finger")
        form.tester.advance(by: 1)
        #expect(form.window.keyboardFrame.height == 0 && !form.window.isAnimatingInputViews)
    }
}
