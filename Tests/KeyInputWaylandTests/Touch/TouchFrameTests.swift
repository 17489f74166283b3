import KeyInputKit
import Testing

@testable import KeyInputWayland

@Suite("Touch events gathered into a wl_touch frame")
struct TouchFrameTests {
    @Test("A frame's fingers come out together, in order, each by its own id; a lift is where the finger last was")
    func gathersInOrder() {
        var frame = TouchFrame()
        frame.down(id: 0, at: Point(x: 10, y: 20), serial: 5, onContent: true)
        frame.down(id: 1, at: Point(x: 100, y: 20), serial: 6, onContent: true)
        #expect(
            frame.take() == [
                .down(id: 0, Point(x: 10, y: 20), serial: 5), .down(id: 1, Point(x: 100, y: 20), serial: 6),
            ])
        #expect(frame.take().isEmpty, "a frame is taken once")
        frame.motion(id: 1, to: Point(x: 110, y: 30))
        frame.up(id: 0, serial: 7)
        #expect(frame.take() == [.moved(id: 1, Point(x: 110, y: 30)), .up(id: 0, Point(x: 10, y: 20), serial: 7)])
        #expect(Array(frame.fingers.keys) == [1])
    }

    @Test("A finger that came down on a decoration is left out, its motion and lift too")
    func decorationFingersAreLeftOut() {
        var frame = TouchFrame()
        frame.down(id: 3, at: Point(x: 40, y: 12), serial: 1, onContent: false)
        frame.motion(id: 3, to: Point(x: 60, y: 12))
        frame.up(id: 3, serial: 2)
        #expect(frame.take().isEmpty)
        #expect(frame.cancel().isEmpty, "no finger of the window's to cancel")
    }

    @Test("A cancel gives what was gathered, then one cancellation, and forgets every finger")
    func cancelForgetsFingers() {
        var frame = TouchFrame()
        frame.down(id: 0, at: Point(x: 1, y: 2), serial: 1, onContent: true)
        #expect(frame.cancel() == [.down(id: 0, Point(x: 1, y: 2), serial: 1), .cancelled])
        frame.motion(id: 0, to: Point(x: 5, y: 5))
        frame.up(id: 0, serial: 2)
        #expect(frame.take().isEmpty, "a cancelled finger is heard of no more")
    }
}
