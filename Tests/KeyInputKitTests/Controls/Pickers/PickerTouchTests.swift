import Foundation
import KeyInputKit
import KeyInputKitTesting
import Testing

/// A date picker shown as an input view, driven by touch on the tester's clock.
@MainActor
private final class TouchedPicker {
    let picker: DatePicker
    let harness: InputViewHarness
    let tester: WindowTester
    /// The date each valueChanged carried, in order.
    private(set) var sent: [Date] = []

    init(date: Date = Berlin.date(2026, 3, 15), maximum: Date? = nil) throws {
        picker = makeDatePicker(.date, date: date)
        picker.maximumDate = maximum
        harness = try InputViewHarness(inputView: picker)
        tester = try WindowTester(window: harness.window, layout: "us")
        tester.settle()
        picker.addAction(for: .valueChanged) { [unowned self] _ in self.sent.append(self.picker.date) }
    }

    /// A point of the month column in window coordinates: its box's middle, moved down by `dy`.
    func month(dy: Double = 0) -> Point {
        let box = picker.fieldFrames[0]
        return picker.convert(Point(x: box.midX, y: box.midY + dy), to: nil)
    }

    /// The month of the picker's date.
    var monthNumber: Int { Berlin.parts(picker.date)[1] }
    /// The points between one row and the next.
    static let row = 40.0

    /// The window as text.
    func rendering() -> String { tester.render() }
}

@MainActor
@Suite struct PickerTouchTests {
    @Test func aDragTurnsTheColumnUnderTheFingerARowAStep() throws {
        let touched = try TouchedPicker()
        // Less than half a row: the rows slide with the finger, the value stays.
        let still = touched.rendering()
        let finger = touched.tester.touchDown(at: touched.month())
        for dy in [6.0, 12, 18] {
            touched.tester.advance(by: 0.02)
            touched.tester.touchMove(finger, to: touched.month(dy: dy))
        }
        #expect(touched.picker.isTurningColumn)
        #expect(touched.monthNumber == 3)
        #expect(touched.rendering() != still)
        touched.tester.advance(by: 0.2)
        touched.tester.touchUp(finger)
        touched.tester.settle()
        #expect(touched.rendering() == still)
        #expect(touched.sent.isEmpty)
        touched.tester.drag(from: touched.touchedDayThenMonth(), to: touched.month(dy: 2 * TouchedPicker.row))
        touched.tester.settle()
        // Down brings the value drawn above the box (the later month) into it.
        #expect(touched.monthNumber == 5)
        #expect(Berlin.parts(touched.picker.date)[2] == 15)
        #expect(touched.picker.selectedField == 0)
        #expect(touched.sent == [touched.picker.date])  // once, at rest
        touched.tester.drag(from: touched.month(), to: touched.month(dy: -TouchedPicker.row))
        touched.tester.settle()
        #expect(touched.monthNumber == 4)
        #expect(touched.harness.owner.isFirstResponder)
    }

    @Test func aFlickSpinsOnAndRestsOnARowSendingTheValueItRestsOn() throws {
        let touched = try TouchedPicker()
        touched.tester.flick(from: touched.month(), velocity: Point(x: 0, y: 600))
        #expect(touched.picker.isTurningColumn)
        #expect(touched.harness.window.isAnimatingContent)
        #expect(touched.sent.isEmpty)  // nothing until it rests
        var lastFrame = ""
        var frames = 0
        while touched.harness.window.isAnimatingContent, frames < 1000 {
            lastFrame = touched.rendering()
            touched.tester.advance(by: 0.01)
            frames += 1
        }
        #expect(lastFrame == touched.rendering())  // it slows onto the row, with no jump at the end
        touched.tester.settle()
        #expect(!touched.picker.isTurningColumn)
        #expect(!touched.harness.window.isAnimatingContent)
        #expect(touched.monthNumber - 3 > 1)
        #expect(touched.sent == [touched.picker.date])
        // At rest on a row: drawn exactly as a picker that was never turned.
        let still = try TouchedPicker(date: touched.picker.date)
        #expect(touched.rendering() == still.rendering())
    }

    @Test func aFlickPastTheMaximumStopsAtIt() throws {
        let maximum = Berlin.date(2026, 6, 15)
        let touched = try TouchedPicker(maximum: maximum)
        touched.tester.flick(from: touched.month(), velocity: Point(x: 0, y: 2000))
        let atMaximum = try TouchedPicker(date: maximum, maximum: maximum).rendering()
        var frames = 0
        while touched.harness.window.isAnimatingContent, frames < 1000 {
            touched.tester.advance(by: 0.01)
            #expect(touched.picker.date <= maximum)
            // Once at the limit, no row slides in past it.
            if touched.picker.date == maximum { #expect(touched.rendering() == atMaximum) }
            frames += 1
        }
        #expect(touched.picker.date == maximum)
        #expect(touched.sent == [maximum])
        #expect(touched.rendering() == (try TouchedPicker(date: maximum, maximum: maximum)).rendering())
    }

    @Test func aTapOnTheRowAboveStepsToItAndADragFromThereDoesNotAlsoStep() throws {
        let touched = try TouchedPicker()
        let above = -TouchedPicker.row  // the value drawn above the box
        touched.tester.tap(at: touched.month(dy: above))
        #expect(touched.monthNumber == 4)
        touched.tester.tap(at: touched.month(dy: TouchedPicker.row))  // below
        #expect(touched.monthNumber == 3)
        #expect(touched.sent.count == 2)
        touched.tester.drag(from: touched.month(dy: above), to: touched.month(dy: above + TouchedPicker.row))
        touched.tester.settle()
        #expect(touched.monthNumber == 4)  // one row turned, no step for the press
        #expect(touched.sent.count == 3)
    }

    @Test func aTouchDuringTheSpinStopsItOnTheNearestRow() throws {
        let touched = try TouchedPicker()
        touched.tester.flick(from: touched.month(), velocity: Point(x: 0, y: 1500))
        touched.tester.advance(by: 0.1)
        #expect(touched.picker.isTurningColumn)
        // The finger lands on the value above: it stops the spin, it is not a tap on that row.
        let finger = touched.tester.touchDown(at: touched.month(dy: -TouchedPicker.row))
        #expect(!touched.picker.isTurningColumn)
        #expect(!touched.harness.window.isAnimatingContent)
        let stopped = touched.picker.date
        #expect(touched.sent == [stopped])
        touched.tester.advance(by: 0.05)
        touched.tester.touchUp(finger)
        touched.tester.settle()
        #expect(touched.picker.date == stopped)
        #expect(touched.sent == [stopped])
        #expect(touched.monthNumber > 4)
        #expect(touched.rendering() == (try TouchedPicker(date: stopped)).rendering())
    }

    @Test func aMouseDragTurnsTheColumnToo() throws {
        let touched = try TouchedPicker()
        let window = touched.harness.window
        let start = touched.month()
        window.sendPointerEvent(PointerEvent(.down, at: start))
        for step in 1...8 {
            touched.tester.advance(by: 0.02)
            window.sendPointerEvent(PointerEvent(.dragged, at: Point(x: start.x, y: start.y + Double(step) * 10)))
        }
        #expect(touched.picker.isTurningColumn)
        #expect(touched.monthNumber == 5)
        touched.tester.advance(by: 0.2)
        window.sendPointerEvent(PointerEvent(.up, at: Point(x: start.x, y: start.y + 80)))
        touched.tester.settle()
        #expect(touched.monthNumber == 5)
        #expect(touched.sent == [touched.picker.date])
    }

    @Test func aPickersRowsFollowTheFingerAndStopAtTheFirstRow() throws {
        let picker = Picker(components: [["A", "B", "C", "D", "E", "F", "G"]])
        picker.selectRow(3, inComponent: 0)
        let harness = try InputViewHarness(inputView: picker)
        let tester = try WindowTester(window: harness.window, layout: "us")
        tester.settle()
        let box = picker.columnFrames[0]
        let middle = picker.convert(Point(x: box.midX, y: box.midY), to: nil)
        // Row 2 is drawn above the box: a drag down by a row brings it in.
        tester.drag(from: middle, to: Point(x: middle.x, y: middle.y + TouchedPicker.row))
        tester.settle()
        #expect(picker.selectedRow(inComponent: 0) == 2)
        tester.flick(from: middle, velocity: Point(x: 0, y: 3000))
        tester.settle()
        #expect(picker.selectedRow(inComponent: 0) == 0)
        #expect(!picker.isTurningColumn)
    }

    @Test func escapeAfterATurnRestoresTheDateEditingBeganWith() throws {
        let touched = try TouchedPicker()
        touched.tester.flick(from: touched.month(), velocity: Point(x: 0, y: 800))
        touched.tester.advance(by: 0.05)
        touched.harness.tap("KEY_ESC")
        #expect(!touched.picker.isTurningColumn)
        #expect(touched.picker.date == Berlin.date(2026, 3, 15))
        touched.tester.settle()
        #expect(touched.picker.date == Berlin.date(2026, 3, 15))
    }
}

extension TouchedPicker {
    /// The month column's middle, after a tap on the day column moved the selection off it: the drag must select the column it turns.
    func touchedDayThenMonth() -> Point {
        let day = picker.fieldFrames[1]
        tester.tap(at: picker.convert(Point(x: day.midX, y: day.midY), to: nil))
        return month()
    }
}
