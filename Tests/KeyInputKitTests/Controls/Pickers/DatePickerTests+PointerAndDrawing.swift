import Foundation
import KeyInputKit
import Testing
import XKB

extension DatePickerTests {
    // MARK: Pointer

    @Test func clickingAFieldSelectsItAndKeepsTheResponder() throws {
        let picker = makeDatePicker(.date, date: Berlin.date(2026, 3, 29))
        let harness = try InputViewHarness(inputView: picker)
        harness.window.advanceTime(by: 1)
        let counter = EventCounter(picker)
        let frames = picker.fieldFrames
        #expect(frames.count == 3)
        harness.click(Point(x: frames[2].midX, y: frames[2].midY), in: picker)
        #expect(picker.selectedField == 2)
        #expect(harness.owner.isFirstResponder)
        harness.click(Point(x: frames[1].midX, y: frames[1].minY - 10), in: picker)  // the value above: +1
        #expect(picker.selectedField == 1)
        #expect(Berlin.parts(picker.date) == [2026, 3, 30, 12, 0])
        harness.click(Point(x: frames[1].midX, y: frames[1].maxY + 10), in: picker)  // below: -1
        #expect(picker.date == Berlin.date(2026, 3, 29))
        #expect(picker.fieldIndex(at: Point(x: 1, y: 100)) == nil)
        #expect(counter[.valueChanged] == 2)
        #expect(counter[.primaryActionTriggered] == 0)  // a click is not a confirmation
        // A press outside still dismisses.
        harness.click(Point(x: 5, y: 5), in: harness.background)
        #expect(harness.window.firstResponder == nil)
    }

    @Test func theWheelChangesTheFieldUnderThePointer() throws {
        let picker = makeDatePicker(.date, date: Berlin.date(2026, 3, 29))
        let harness = try InputViewHarness(inputView: picker)
        harness.window.advanceTime(by: 1)
        let counter = EventCounter(picker)
        let day = picker.fieldFrames[1]
        let center = Point(x: day.midX, y: day.midY)
        harness.scroll(dy: -1, at: center, in: picker)
        #expect(picker.selectedField == 1)
        #expect(Berlin.parts(picker.date) == [2026, 3, 30, 12, 0])
        harness.scroll(dy: 2, at: center, in: picker)
        #expect(Berlin.parts(picker.date) == [2026, 3, 28, 12, 0])
        harness.scroll(dy: -0.5, at: center, in: picker)  // a touchpad: fractions add up
        #expect(Berlin.parts(picker.date)[2] == 28)
        harness.scroll(dy: -0.5, at: center, in: picker)
        #expect(Berlin.parts(picker.date)[2] == 29)
        let month = picker.fieldFrames[0]
        harness.scroll(dy: -1, at: Point(x: month.midX, y: month.midY), in: picker)
        #expect(picker.selectedField == 0)
        #expect(Berlin.parts(picker.date) == [2026, 4, 29, 12, 0])
        #expect(counter[.valueChanged] == 4)
        #expect(harness.owner.isFirstResponder)
    }

    // MARK: Drawing

    @Test func drawsTitleFieldsNeighboursAndTheSelectedField() throws {
        let picker = makeDatePicker(.date, date: Berlin.date(2026, 3, 29))
        let harness = try InputViewHarness(inputView: picker)
        #expect(picker.frame == Rect(x: 0, y: 0, width: 400, height: 216))
        let canvas = TextCanvas(size: harness.window.frame.size)
        harness.window.render(to: canvas)
        let lines = canvas.rendering.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let top = Int(harness.window.keyboardFrame.minY / 16)
        let region = Array(lines[top...])
        #expect(region.contains { $0.contains("Mar 29, 2026") })
        #expect(region.contains { $0.contains("Apr") && $0.contains("30") && $0.contains("2027") })  // above: +1
        #expect(region.contains { $0.contains("Feb") && $0.contains("28") && $0.contains("2025") })  // below: -1
        let boxLine = try #require(region.first { $0.contains("Mar") && $0.contains("2026") && !$0.contains(",") })
        #expect(boxLine.contains("║"))  // the selected field's double border
        #expect(region.contains { $0.contains("╔") })
        #expect(region.contains { $0.contains("┌") })
        #expect(region.contains { $0.contains("esc cancel") })
        // The layout follows the width it is given.
        picker.frame = Rect(x: 0, y: 0, width: 200, height: 216)
        #expect(picker.fieldFrames.allSatisfy { $0.minX >= 0 && $0.maxX <= 200 })
    }
}
