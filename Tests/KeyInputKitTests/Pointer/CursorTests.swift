import KeyInputKit
import Testing

@MainActor
@Suite struct CursorTests {
    @Test func textControlsShowTheIBeamAndTheRestTheArrow() {
        let window = Window(size: Size(width: 400, height: 300))
        let field = TextField(frame: Rect(x: 10, y: 10, width: 200, height: 30))
        let notes = TextView(frame: Rect(x: 10, y: 60, width: 200, height: 100))
        let button = Button(title: "Save", frame: Rect(x: 10, y: 200, width: 100, height: 30))
        [field, notes, button].forEach(window.addSubview)
        #expect(window.cursor(at: Point(x: 20, y: 20)) == .iBeam)
        #expect(window.cursor(at: Point(x: 20, y: 100)) == .iBeam)
        #expect(window.cursor(at: Point(x: 20, y: 210)) == .arrow)
        #expect(window.cursor(at: Point(x: 350, y: 250)) == .arrow)
    }

    @Test func aViewWithoutACursorShowsItsSuperviewsAndAHiddenViewNone() {
        let window = Window(size: Size(width: 400, height: 300))
        let card = View(frame: Rect(x: 0, y: 0, width: 200, height: 200))
        card.cursor = .pointingHand
        let inner = View(frame: Rect(x: 10, y: 10, width: 50, height: 50))
        card.addSubview(inner)
        window.addSubview(card)
        #expect(window.cursor(at: Point(x: 20, y: 20)) == .pointingHand, "the inner view sets none: its superview's")
        inner.cursor = .crosshair
        #expect(window.cursor(at: Point(x: 20, y: 20)) == .crosshair)
        card.isHidden = true
        #expect(window.cursor(at: Point(x: 20, y: 20)) == .arrow)
    }
}
