import KeyInputKit
import KeyInputKitTesting
import Testing

/// Tap, long press and pan follow UIKit's state machine, for fingers and the pointer alike.
@MainActor
@Suite struct GestureRecognizerTests {
    /// A window with one 200×200 view at (100, 100), and a tester.
    private func pad() throws -> (WindowTester, View) {
        let window = Window(size: Size(width: 400, height: 600))
        Application().addWindow(window)
        let view = View(frame: Rect(x: 100, y: 100, width: 200, height: 200))
        window.addSubview(view)
        return (try WindowTester(window: window, layout: "us"), view)
    }

    private let middle = Point(x: 200, y: 200)

    @Test func aTapIsRecognizedOnATapAndNotOnADrag() throws {
        let (tester, view) = try pad()
        var states: [GestureRecognizer.State] = []
        view.addGestureRecognizer(TapGestureRecognizer { states.append($0.state) })
        tester.tap(at: middle)
        #expect(states == [.recognized])
        tester.advance(by: 1)
        tester.drag(from: middle, to: Point(x: 260, y: 200))
        #expect(states == [.recognized])
    }

    @Test func aSingleTapThatRequiresTheDoubleToFailWaitsForIt() throws {
        let (tester, view) = try pad()
        var log: [String] = []
        let double = TapGestureRecognizer { _ in log.append("double") }
        double.numberOfTapsRequired = 2
        let single = TapGestureRecognizer { _ in log.append("single") }
        single.require(toFail: double)
        view.addGestureRecognizer(double)
        view.addGestureRecognizer(single)
        tester.tap(at: middle)
        #expect(log.isEmpty, "the single tap waits while a second tap may come")
        tester.advance(by: 0.5)
        #expect(log == ["single"])
        tester.doubleTap(at: middle)
        tester.advance(by: 0.5)
        #expect(log == ["single", "double"])
    }

    @Test func aLongPressBeginsAfterItsDurationAndFailsWhenTheFingerWanders() throws {
        let (tester, view) = try pad()
        var states: [GestureRecognizer.State] = []
        let press = LongPressGestureRecognizer { states.append($0.state) }
        var taps = 0
        view.addGestureRecognizer(press)
        view.addGestureRecognizer(TapGestureRecognizer { _ in taps += 1 })
        let finger = tester.touchDown(at: middle)
        tester.advance(by: 0.4)
        #expect(states.isEmpty)
        tester.advance(by: 0.2)
        #expect(states == [.began])
        tester.touchMove(finger, to: Point(x: 230, y: 200))
        tester.touchUp(finger)
        #expect(states == [.began, .changed, .ended])
        #expect(taps == 0, "once the long press began, the tap failed")
        states = []
        let wandering = tester.touchDown(at: middle)
        tester.touchMove(wandering, to: Point(x: 240, y: 200))
        tester.advance(by: 1)
        tester.touchUp(wandering)
        #expect(states.isEmpty)
    }

    @Test func aPanReportsItsTranslationAndTheVelocityItLiftsWith() throws {
        let (tester, view) = try pad()
        var translations: [Point] = []
        var liftVelocity: Point?
        // The action reads the recognizer's view: capturing `view` would make the two keep each other.
        let pan = PanGestureRecognizer { recognizer in
            let pan = recognizer as! PanGestureRecognizer
            translations.append(pan.translation(in: pan.view))
            if pan.state == .ended { liftVelocity = pan.velocity(in: pan.view) }
        }
        view.addGestureRecognizer(pan)
        tester.flick(from: middle, velocity: Point(x: 0, y: 800))
        #expect(translations.last.map { abs($0.y - 80) < 0.5 } == true, "0.1 s at 800 points a second")
        #expect(liftVelocity.map { abs($0.y - 800) < 80 && abs($0.x) < 1 } == true)
        tester.advance(by: 1)
        tester.drag(from: middle, to: Point(x: 200, y: 260))
        #expect(liftVelocity.map { abs($0.y) < 1 } == true, "a finger that stopped before lifting flicks nothing")
    }

    @Test func recognizersSeeThePointerUnlessTheyTakeOnlyFingers() throws {
        let (tester, view) = try pad()
        let other = View(frame: Rect(x: 100, y: 350, width: 200, height: 200))
        tester.window.addSubview(other)
        var any = 0
        var fingers = 0
        other.addGestureRecognizer(TapGestureRecognizer { _ in any += 1 })
        let fingerTap = TapGestureRecognizer { _ in fingers += 1 }
        fingerTap.allowedTouchKinds = [.finger]
        view.addGestureRecognizer(fingerTap)
        tester.click(at: Point(x: 200, y: 450))
        tester.click(at: middle)
        tester.advance(by: 1)
        #expect(any == 1 && fingers == 0)
        tester.tap(at: middle)
        #expect(any == 1 && fingers == 1)
    }

    @Test func aGestureThatBeginsTakesThePressFromTheButtonUnderIt() throws {
        let (tester, view) = try pad()
        let button = Button(title: "Go", frame: Rect(x: 50, y: 50, width: 100, height: 40))
        view.addSubview(button)
        var actions = 0
        button.addAction(for: .primaryActionTriggered) { _ in actions += 1 }
        var pans = 0
        view.addGestureRecognizer(PanGestureRecognizer { if $0.state == .began { pans += 1 } })
        let start = Point(x: 200, y: 170)
        tester.drag(from: start, to: Point(x: 205, y: 175 + 40))
        #expect(pans == 1 && actions == 0 && !button.isHighlighted)
        // The mouse too: the drag is the pan's, the release acts on nothing.
        tester.window.sendPointerEvent(PointerEvent(.down, at: start))
        tester.window.sendPointerEvent(PointerEvent(.dragged, at: Point(x: 200, y: 200)))
        tester.window.sendPointerEvent(PointerEvent(.up, at: start))
        #expect(pans == 2 && actions == 0)
        tester.advance(by: 1)
        try tester.tap(button)
        #expect(actions == 1, "a tap that never moved is still the button's")
    }

    @Test func aRecognizerTurnedOffMidGestureIsCancelledAndWorksAgainOnceTurnedOn() throws {
        let (tester, view) = try pad()
        var states: [GestureRecognizer.State] = []
        let pan = PanGestureRecognizer { states.append($0.state) }
        view.addGestureRecognizer(pan)
        let finger = tester.touchDown(at: middle)
        tester.touchMove(finger, to: Point(x: 200, y: 240))
        pan.isEnabled = false
        tester.touchMove(finger, to: Point(x: 200, y: 260))
        tester.touchUp(finger)
        #expect(states == [.began, .cancelled])
        #expect(pan.state == .possible && pan.numberOfTouches == 0)
        pan.isEnabled = true
        tester.drag(from: middle, to: Point(x: 200, y: 260))
        #expect(Array(states.prefix(3)) == [.began, .cancelled, .began] && states.last == .ended)
    }

    @Test func aRecognizerRemovedMidGestureIsCancelled() throws {
        let (tester, view) = try pad()
        var states: [GestureRecognizer.State] = []
        let pan = PanGestureRecognizer { states.append($0.state) }
        view.addGestureRecognizer(pan)
        let finger = tester.touchDown(at: middle)
        tester.touchMove(finger, to: Point(x: 200, y: 240))
        view.removeGestureRecognizer(pan)
        tester.touchMove(finger, to: Point(x: 200, y: 260))
        tester.touchUp(finger)
        #expect(states == [.began, .cancelled])
        #expect(pan.view == nil && view.gestureRecognizers.isEmpty)
    }
}
