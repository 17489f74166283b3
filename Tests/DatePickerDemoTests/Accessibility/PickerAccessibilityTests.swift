import DatePickerDemo
import Foundation
import KeyInputKit
import KeyInputKitTesting
import TestSupport
import Testing

/// Pickers as spin buttons: each column's value, range and text, and what the arrow keys announce.
@MainActor
@Suite struct PickerAccessibilityTests {
    /// The demo form with Birthday focused (15 June 2000) and a recorder started after that.
    static func birthday() throws -> (DemoForm, WindowTester, AccessibilityEventRecorder) {
        let (form, tester) = try DemoFormAccessibilityTests.form()
        try tester.click(form.birthday)
        tester.settle()
        return (form, tester, AccessibilityEventRecorder(tester.application))
    }

    /// A control showing a date picker on 31 January 2001 (no bounds), focused, with a recorder.
    static func picker() throws -> (DatePicker, WindowTester, AccessibilityEventRecorder) {
        final class DateControl: Control {
            override var canBecomeFirstResponder: Bool { true }
        }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let picker = DatePicker(mode: .date)
        picker.calendar = calendar
        picker.timeZone = calendar.timeZone
        picker.locale = Locale(identifier: "en_US")
        picker.date = calendar.date(from: DateComponents(year: 2001, month: 1, day: 31, hour: 12))!
        let window = Window(size: Size(width: 480, height: 640))
        let control = DateControl(frame: Rect(x: 10, y: 10, width: 200, height: 30))
        control.inputView = picker
        window.addSubview(control)
        let tester = try WindowTester(window: window, layout: "us")
        try tester.click(control)
        tester.settle()
        return (picker, tester, AccessibilityEventRecorder(tester.application))
    }

    @Test func eachColumnOfTheBirthdayPickerIsASpinButtonWithItsRangeAndText() throws {
        let (form, _, _) = try Self.birthday()
        let columns = form.birthday.picker.accessibilityChildren
        #expect(columns.map(\.accessibilityRole) == [.spinButton, .spinButton, .spinButton])
        #expect(columns.map(\.accessibilityLabel) == ["Month", "Day", "Year"])
        let values = columns.compactMap(\.accessibilityValue)
        #expect(values.map(\.text) == ["Jun", "15", "2000"])
        #expect(values.map(\.current) == [6, 15, 2000])
        #expect(values.map(\.minimum) == [1, 1, 1])
        #expect(values.map(\.maximum) == [12, 30, 9999])
        #expect(values.map(\.step) == [1, 1, 1])
        #expect(columns.allSatisfy { $0.accessibilityParent === form.birthday.picker })
        #expect(columns[1].accessibilityFrameInWindow.minX > columns[0].accessibilityFrameInWindow.minX)
    }

    @Test func arrowKeysAnnounceTheNewValueAndMoveTheFocusBetweenColumns() throws {
        let (_, tester, recorder) = try Self.birthday()
        // The birthday cannot be after the day the form opened: Down moves it back.
        try tester.press("KEY_DOWN")
        try tester.press("KEY_RIGHT")
        try tester.press("KEY_DOWN KEY_DOWN")
        let focused = AccessibilityStates.focused.rawValue
        #expect(
            recorder.lines("value", "focus", "state") == [
                "value Month May",
                "state Month \(focused) off", "state Day \(focused) on", "focus Month→Day",
                "value Day 14", "value Day 13",
            ])
    }

    @Test func escapeAnnouncesTheValuesItRestores() throws {
        let (picker, tester, recorder) = try Self.picker()
        try tester.press("KEY_UP KEY_RIGHT KEY_UP")
        recorder.clear()
        try tester.press("KEY_ESC")
        #expect(picker.accessibilityChildren.compactMap(\.accessibilityValue?.text) == ["Jan", "31", "2001"])
        #expect(recorder.lines("value") == ["value Month Jan", "value Day 31"])
    }

    @Test func aReaderSettingTheBirthdayMovesTheFieldsDateWithinItsBounds() throws {
        let (form, _, recorder) = try Self.birthday()
        let day = form.birthday.picker.accessibilityChildren[1]
        #expect(day.setAccessibilityValue(3))
        #expect(day.accessibilityValue?.text == "3")
        #expect(form.birthday.accessibilityDescription == "Jun 3, 2000")
        #expect(recorder.lines("value") == ["value Day 3"])
        #expect(day.setAccessibilityValue(30))  // after the form's day: held at 15
        #expect(day.accessibilityValue?.text == "15")
        #expect(!day.setAccessibilityValue(.infinity))
    }

    @Test func aShorterMonthAnnouncesTheDayItMovedToo() throws {
        let (picker, _, recorder) = try Self.picker()
        let columns = picker.accessibilityChildren
        #expect(columns[0].setAccessibilityValue(2))  // 31 January → February 2001 has 28 days
        #expect(columns.compactMap(\.accessibilityValue?.text) == ["Feb", "28", "2001"])
        #expect(recorder.lines("value") == ["value Month Feb", "value Day 28"])
    }

    @Test func incrementAndDecrementActionsStepAColumn() throws {
        let (picker, _, recorder) = try Self.picker()
        let year = picker.accessibilityChildren[2]
        let increment = try #require(year.accessibilityActions.first { $0.name == "increment" })
        let decrement = try #require(year.accessibilityActions.first { $0.name == "decrement" })
        #expect(increment.perform())
        #expect(decrement.perform())
        #expect(decrement.perform())
        #expect(recorder.lines("value") == ["value Year 2002", "value Year 2001", "value Year 2000"])
    }

    @Test func aPickersColumnsReadTheirRowTitles() {
        let picker = Picker(components: [["Small", "Medium", "Large"], ["Red", "Blue"]])
        let window = Window(size: Size(width: 400, height: 400))
        window.addSubview(picker)
        picker.selectRow(1, inComponent: 0)
        let columns = picker.accessibilityChildren
        #expect(picker.accessibilityRole == .picker)
        #expect(columns.compactMap(\.accessibilityValue?.text) == ["Medium", "Red"])
        #expect(columns.compactMap(\.accessibilityValue?.maximum) == [2, 1])
        #expect(columns[1].setAccessibilityValue(1))
        #expect(picker.selectedTitles == ["Medium", "Blue"])
        #expect(!columns[1].setAccessibilityValue(.nan))
    }
}
