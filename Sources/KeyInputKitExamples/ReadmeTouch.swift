import KeyInputKit
import KeyInputKitTesting
import Testing

// The README's touch section: gesture recognizers on a view of one's own, and the tester's
// fingers. Linked into the examples tests, it runs with them.

@MainActor
@Test func aDoubleTapZoomsAndASingleTapSelects() throws {
    let window = Window(size: Size(width: 320, height: 480))
    let photo = View(frame: Rect(x: 0, y: 0, width: 320, height: 320))
    window.addSubview(photo)
    var log: [String] = []

    let doubleTap = TapGestureRecognizer { _ in log.append("zoom") }
    doubleTap.numberOfTapsRequired = 2
    let tap = TapGestureRecognizer { _ in log.append("select") }
    tap.require(toFail: doubleTap)             // a single tap waits until no second tap comes
    photo.addGestureRecognizer(doubleTap)
    photo.addGestureRecognizer(tap)

    let tester = try WindowTester(window: window, layout: "us")
    try tester.doubleTap(photo)
    try tester.tap(photo)
    tester.advance(by: 0.5)
    #expect(log == ["zoom", "select"])
}

@MainActor
@Test func aLongPressSelectsAWordAndShowsTheHandles() throws {
    let window = Window(size: Size(width: 320, height: 480))
    let notes = TextView(frame: Rect(x: 0, y: 0, width: 320, height: 200), text: "Meet at the library")
    window.addSubview(notes)

    let tester = try WindowTester(window: window, layout: "us")
    tester.longPress(at: Point(x: 110, y: 14))       // on "library": held still for 0.8 s
    #expect(tester.firstResponder === notes)
    #expect(notes.selectedRange == 12..<19)
    #expect(notes.showsSelectionHandles)            // a finger drags either end from here
}
