import KeyInputKit
import Testing

@Suite("Click counting")
struct ClickCounterTests {
    @Test("a second press within 400 ms and 4 points is a double click")
    func doubleClick() {
        var counter = ClickCounter()
        #expect(counter.press(at: Point(x: 10, y: 10), time: 1000) == 1)
        #expect(counter.press(at: Point(x: 13, y: 8), time: 1390) == 2)
        #expect(counter.press(at: Point(x: 13, y: 8), time: 1700) == 3)
    }

    @Test("a slow second press, or one too far away, starts over")
    func startsOver() {
        var counter = ClickCounter()
        #expect(counter.press(at: Point(x: 10, y: 10), time: 1000) == 1)
        #expect(counter.press(at: Point(x: 10, y: 10), time: 1401) == 1)
        #expect(counter.press(at: Point(x: 15, y: 10), time: 1500) == 1)
    }

    @Test("X server time wraps around without breaking a double click")
    func timeWraps() {
        var counter = ClickCounter()
        #expect(counter.press(at: .zero, time: UInt32.max - 100) == 1)
        #expect(counter.press(at: .zero, time: 100) == 2)
    }
}
