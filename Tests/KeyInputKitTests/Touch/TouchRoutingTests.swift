import KeyInputKit
import KeyInputKitTesting
import Testing

/// Fingers reach views as UIKit delivers them, and a tap moves focus as a click does.
@MainActor
@Suite struct TouchRoutingTests {
    /// A window with a name field, a notes field and a button, and a tester on the `us` layout.
    private func form() throws -> (WindowTester, TextField, TextField, Button) {
        let window = Window(size: Size(width: 400, height: 600))
        Application().addWindow(window)
        window.caretBlinks = false
        let name = TextField(frame: Rect(x: 20, y: 20, width: 300, height: 32))
        let other = TextField(frame: Rect(x: 20, y: 80, width: 300, height: 32))
        let button = Button(title: "Save", frame: Rect(x: 20, y: 140, width: 100, height: 32))
        for view in [name, other, button] as [View] { window.addSubview(view) }
        return (try WindowTester(window: window, layout: "us"), name, other, button)
    }

    @Test func aTapFocusesAFieldWhenTheFingerLiftsAndPlacesTheCaretWhereItTapped() throws {
        let (tester, name, _, _) = try form()
        name.text = "hello world"
        let finger = tester.touchDown(at: Point(x: 22, y: 36))
        #expect(tester.firstResponder == nil, "a finger that is still down may yet scroll: no focus")
        tester.touchUp(finger)
        #expect(tester.firstResponder === name)
        #expect(name.selectedRange == 0..<0)
        try tester.type("A")
        #expect(name.text == "Ahello world")
    }

    @Test func aDragThatStartsOnAFieldIsNotATapAndLeavesFocusAlone() throws {
        let (tester, name, other, _) = try form()
        other.becomeFirstResponder()
        tester.drag(from: Point(x: 100, y: 36), to: Point(x: 100, y: 200))
        #expect(tester.firstResponder === other)
        #expect(!name.isFirstResponder)
    }

    @Test func aTapOutsideDismissesAndADoubleTapInsideNeverDoes() throws {
        let (tester, name, _, _) = try form()
        name.text = "hello world"
        try tester.tap(name)
        try tester.doubleTap(name)
        #expect(tester.firstResponder === name, "a double tap inside the first responder keeps it")
        #expect(name.selectedRange.count > 0, "the second tap of a double tap selects a word")
        tester.tap(at: Point(x: 380, y: 500))
        #expect(tester.firstResponder == nil)
    }

    @Test func aButtonActsOnATapAndNotWhenTheFingerSlidesOff() throws {
        let (tester, _, _, button) = try form()
        var actions = 0
        button.addAction(for: .primaryActionTriggered) { _ in actions += 1 }
        try tester.tap(button)
        #expect(actions == 1)
        let finger = tester.touchDown(at: Point(x: 70, y: 156))
        #expect(button.isHighlighted)
        tester.touchMove(finger, to: Point(x: 300, y: 400))
        #expect(!button.isHighlighted, "a finger that slid off no longer highlights the button")
        tester.touchUp(finger)
        #expect(actions == 1)
    }

    @Test func aViewThatHandlesOnlyThePointerGetsOneFingerAsThePointer() throws {
        let (tester, _, _, _) = try form()
        let sketch = PointerLog(frame: Rect(x: 0, y: 300, width: 400, height: 300))
        tester.window.addSubview(sketch)
        let first = tester.touchDown(at: Point(x: 10, y: 310))
        let second = tester.touchDown(at: Point(x: 200, y: 400))
        tester.touchMove(second, to: Point(x: 210, y: 410))
        tester.touchMove(first, to: Point(x: 20, y: 320))
        tester.touchUp(second)
        tester.touchUp(first)
        #expect(sketch.log == ["down 10,10 touch", "dragged 20,20 touch", "up 20,20 touch"])
    }

    @Test func twoFingersOnOneViewAreKeptApartByTheirIdentity() throws {
        let (tester, _, _, _) = try form()
        let pad = TouchLog(frame: Rect(x: 0, y: 300, width: 400, height: 300))
        tester.window.addSubview(pad)
        let first = tester.touchDown(at: Point(x: 10, y: 310))
        let second = tester.touchDown(at: Point(x: 200, y: 400))
        #expect(tester.window.activeTouches.count == 2)
        tester.touchMove(first, to: Point(x: 500, y: 700))
        tester.touchUp(first)
        tester.touchUp(second)
        #expect(pad.log == [
            "began \(first) 10,10", "began \(second) 200,100", "moved \(first) 500,400", "ended \(first) 500,400",
            "ended \(second) 200,100",
        ], "hit-tested once: a finger that leaves the view still reports to it")
    }

    @Test func touchDownsCloseInTimeAndPlaceCountAsOneMultipleTap() throws {
        let (tester, _, _, _) = try form()
        let pad = TouchLog(frame: Rect(x: 0, y: 300, width: 400, height: 300))
        tester.window.addSubview(pad)
        tester.tap(at: Point(x: 100, y: 400))
        tester.tap(at: Point(x: 104, y: 402))
        tester.advance(by: 1)
        tester.tap(at: Point(x: 104, y: 402))
        #expect(pad.tapCounts == [1, 2, 1])
    }
}

/// Records what a view that handles only the pointer is told.
@MainActor
final class PointerLog: View {
    var log: [String] = []
    private func record(_ name: String, _ event: PointerEvent) {
        let point = event.location(in: self)
        log.append("\(name) \(Int(point.x)),\(Int(point.y))\(event.isTouch ? " touch" : "")\(event.isCancelled ? " cancelled" : "")")
    }
    override func pointerDown(_ event: PointerEvent) { record("down", event) }
    override func pointerDragged(_ event: PointerEvent) { record("dragged", event) }
    override func pointerUp(_ event: PointerEvent) { record("up", event) }
}

/// Records the touches a view is told of.
@MainActor
final class TouchLog: View {
    var log: [String] = []
    var tapCounts: [Int] = []
    private func record(_ touches: [Touch]) {
        for touch in touches {
            let point = touch.location(in: self)
            log.append("\(touch.phase) \(touch.id) \(Int(point.x)),\(Int(point.y))")
        }
    }
    override func touchesBegan(_ touches: [Touch], with event: TouchEvent) {
        record(touches)
        tapCounts += touches.map(\.tapCount)
    }
    override func touchesMoved(_ touches: [Touch], with event: TouchEvent) { record(touches) }
    override func touchesEnded(_ touches: [Touch], with event: TouchEvent) { record(touches) }
    override func touchesCancelled(_ touches: [Touch], with event: TouchEvent) { record(touches) }
}
