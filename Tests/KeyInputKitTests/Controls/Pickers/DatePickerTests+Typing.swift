import Foundation
import KeyInputKit
import TestSupport
import Testing
import XKB

extension DatePickerTests {
    // MARK: Typing digits

    @Test func typingTwoDigitsIntoTheMonthGivesDecemberAndMovesOn() throws {
        let picker = makeDatePicker(.date, date: Berlin.date(2026, 3, 29))
        let harness = try InputViewHarness(inputView: picker)
        let counter = EventCounter(picker)
        harness.type("KEY_1")
        #expect(Berlin.parts(picker.date)[1] == 1)  // January at once
        #expect(picker.selectedField == 0)
        #expect(picker.pendingDigits == "1")
        harness.type("KEY_2")
        #expect(Berlin.parts(picker.date) == [2026, 12, 29, 12, 0])
        #expect(picker.selectedField == 1)
        #expect(counter[.valueChanged] == 2)
    }

    @Test(arguments: [
        // (field, start, digits, expected parts, field selected after)
        (DatePicker.Field.month, Berlin.date(2026, 1, 31), "3", [2026, 3, 31, 12, 0], 1),  // unambiguous: moves on at once
        (.month, Berlin.date(2026, 1, 31), "15", [2026, 5, 31, 12, 0], 1),  // 15 is no month: starts over with 5
        (.month, Berlin.date(2026, 1, 31), "02", [2026, 2, 28, 12, 0], 1),  // the day is clamped
        (.day, Berlin.date(2026, 2, 10), "3", [2026, 2, 3, 12, 0], 2),  // February has no 30th
        (.day, Berlin.date(2026, 2, 10), "2", [2026, 2, 2, 12, 0], 1),  // 20–28 are still possible
        (.day, Berlin.date(2026, 3, 10), "31", [2026, 3, 31, 12, 0], 2),
        (.year, Berlin.date(2026, 2, 10), "2028", [2028, 2, 10, 12, 0], 2),
        (.year, Berlin.date(2026, 2, 10), "20", [2026, 2, 10, 12, 0], 2),  // a year waits for four digits
    ])
    func digitsGoStraightIntoTheField(
        field: DatePicker.Field, start: Date, digits: String, expected: [Int], selectedAfter: Int
    ) throws {
        let picker = makeDatePicker(.date, date: start)
        picker.selectedField = try #require(picker.fields.firstIndex(of: field))
        #expect(picker.type(digits))
        #expect(Berlin.parts(picker.date) == expected)
        #expect(picker.selectedField == selectedAfter)
    }

    @Test func aYearTypedInPartIsShownAndDroppedWhenTheFieldIsLeft() throws {
        let picker = makeDatePicker(.date, date: Berlin.date(2026, 2, 10))
        let harness = try InputViewHarness(inputView: picker)
        harness.type("KEY_RIGHT", "KEY_RIGHT", "KEY_2", "KEY_0")
        #expect(picker.selectedField == 2)
        #expect(picker.pendingDigits == "20")
        #expect(Berlin.parts(picker.date)[0] == 2026)
        let canvas = TextCanvas(size: harness.window.frame.size)
        harness.window.render(to: canvas)
        #expect(canvas.rendering.split(separator: "\n").contains { $0.contains("║") && $0.contains(" 20 ") })
        harness.tap("KEY_LEFT")
        #expect(picker.pendingDigits == "")
        #expect(picker.selectedField == 1)
        #expect(Berlin.parts(picker.date)[0] == 2026)
    }

    @Test func twelveHourClocksTakeHoursAndAOrP() throws {
        let picker = makeDatePicker(.time, date: Berlin.date(2026, 6, 1, 9, 0))
        #expect(picker.fields == [.hour, .minute, .dayPeriod])
        picker.type("12")  // 12 AM: midnight
        #expect(Array(Berlin.parts(picker.date)[3...]) == [0, 0])
        #expect(picker.selectedField == 1)
        picker.type("45p")  // 45 fills the minute, p is PM
        #expect(Array(Berlin.parts(picker.date)[3...]) == [12, 45])
        #expect(picker.fieldTexts == ["12", "45", "PM"])
        picker.selectedField = 0
        picker.type("7")
        #expect(picker.fieldTexts == ["7", "45", "PM"])
        picker.selectedField = 2
        picker.type("a")
        #expect(Array(Berlin.parts(picker.date)[3...]) == [7, 45])
        picker.selectedField = 0
        picker.type("0")  // no hour 0 on this clock: waits for the next digit
        #expect(picker.pendingDigits == "0")
        #expect(Array(Berlin.parts(picker.date)[3...]) == [7, 45])
        picker.type("9")
        #expect(Array(Berlin.parts(picker.date)[3...]) == [9, 45])
        #expect(picker.selectedField == 1)
    }

    @Test func anotherKeyEndsTheTyping() throws {
        let picker = makeDatePicker(.date, date: Berlin.date(2026, 3, 29))
        let harness = try InputViewHarness(inputView: picker)
        harness.type("KEY_1", "KEY_UP")  // January, then February (the 29th clamped)
        #expect(picker.pendingDigits == "")
        harness.type("KEY_2")  // a fresh entry: February, complete
        #expect(Berlin.parts(picker.date) == [2026, 2, 28, 12, 0])
        #expect(picker.selectedField == 1)
        harness.type("KEY_KP1", "KEY_NUMLOCK", "KEY_KP1")  // keypad End without Num Lock, then a digit
        #expect(Berlin.parts(picker.date) == [2026, 2, 1, 12, 0])
        #expect(picker.pendingDigits == "1")
    }

    // MARK: Keyboard through the window

    @Test func realKeysReachThePresentedDatePicker() throws {
        let picker = makeDatePicker(.date, date: Berlin.date(2026, 1, 31))
        let harness = try InputViewHarness(inputView: picker)
        let counter = EventCounter(picker)
        #expect(harness.window.presentedInputView === picker)
        harness.tap("KEY_UP")  // month: February, the 31st clamped
        #expect(Berlin.parts(picker.date) == [2026, 2, 28, 12, 0])
        harness.tap("KEY_RIGHT")
        #expect(picker.selectedField == 1)
        harness.tap("KEY_UP")  // day: wraps within February
        #expect(Berlin.parts(picker.date) == [2026, 2, 1, 12, 0])
        harness.tap("KEY_DOWN")
        harness.tap("KEY_PAGEUP")  // a month
        #expect(Berlin.parts(picker.date) == [2026, 3, 28, 12, 0])
        harness.tap("KEY_TAB")
        harness.tap("KEY_PAGEDOWN")  // ten years
        #expect(Berlin.parts(picker.date) == [2016, 3, 28, 12, 0])
        harness.tap("KEY_LEFTSHIFT", "KEY_TAB")
        #expect(picker.selectedField == 1)
        #expect(counter[.valueChanged] == 5)
        #expect(counter[.primaryActionTriggered] == 0)
        #expect(harness.owner.isFirstResponder)

        harness.tap("KEY_ENTER")
        #expect(counter[.primaryActionTriggered] == 1)
        #expect(!harness.owner.isFirstResponder)
        #expect(harness.window.firstResponder == nil)
        #expect(Berlin.parts(picker.date) == [2016, 3, 28, 12, 0])
        // While it slides away, keys are no longer the picker's.
        harness.tap("KEY_UP")
        #expect(Berlin.parts(picker.date) == [2016, 3, 28, 12, 0])
        harness.window.advanceTime(by: 1)
        #expect(harness.window.presentedInputView == nil)
    }

    @Test func escapeRestoresTheDateEditingBeganWithAndResigns() throws {
        let picker = makeDatePicker(.date, date: Berlin.date(2026, 3, 29))
        let harness = try InputViewHarness(inputView: picker)
        let counter = EventCounter(picker)
        harness.type("KEY_UP", "KEY_UP", "KEY_RIGHT", "KEY_DOWN")
        #expect(Berlin.parts(picker.date) == [2026, 5, 28, 12, 0])
        harness.tap("KEY_ESC")
        #expect(picker.date == Berlin.date(2026, 3, 29))
        #expect(harness.window.firstResponder == nil)
        #expect(counter[.valueChanged] == 4)  // three steps and the restore
        #expect(counter[.primaryActionTriggered] == 0)

        // The next session starts from the confirmed value.
        harness.window.advanceTime(by: 1)
        harness.owner.becomeFirstResponder()
        harness.window.advanceTime(by: 1)
        harness.type("KEY_UP", "KEY_ENTER")
        #expect(Berlin.parts(picker.date) == [2026, 4, 29, 12, 0])
        harness.window.advanceTime(by: 1)
        harness.owner.becomeFirstResponder()
        harness.type("KEY_UP", "KEY_ESC")
        #expect(Berlin.parts(picker.date) == [2026, 4, 29, 12, 0])
    }

    @Test func refocusingWhileThePickerSlidesAwayStartsANewSession() throws {
        let picker = makeDatePicker(.date, date: Berlin.date(2026, 3, 29))
        let harness = try InputViewHarness(inputView: picker)
        harness.type("KEY_UP", "KEY_ENTER")  // April, confirmed; the picker starts to hide
        harness.owner.becomeFirstResponder()  // back before it is gone
        #expect(harness.window.presentedInputView === picker)
        harness.type("KEY_UP", "KEY_ESC")
        #expect(Berlin.parts(picker.date) == [2026, 4, 29, 12, 0])
    }

    @Test func tabPastTheLastFieldMovesFocusToTheNextControl() throws {
        let picker = makeDatePicker(.date)
        let harness = try InputViewHarness(inputView: picker)
        harness.type("KEY_TAB", "KEY_TAB")
        #expect(picker.selectedField == 2)
        #expect(harness.owner.isFirstResponder)
        harness.tap("KEY_RIGHT")  // arrows stop at the end
        #expect(picker.selectedField == 2)
        #expect(harness.owner.isFirstResponder)
        harness.tap("KEY_TAB")
        #expect(harness.nextControl.isFirstResponder)
    }

    @Test func shortcutsAndReleasesAreLeftToOthers() {
        let picker = makeDatePicker(.date)
        let up = KeyPress(
            keycode: key("KEY_UP"), phase: .began, keysyms: Keysyms(.up), characters: "", charactersIgnoringModifiers: "",
            modifiers: [])
        var release = up
        release.phase = .ended
        var withControl = up
        withControl.modifiers = .control
        let letter = KeyPress(
            keycode: key("KEY_Q"), phase: .began, keysyms: Keysyms(Keysym(name: "q")!), characters: "q",
            charactersIgnoringModifiers: "q", modifiers: [])
        #expect(!picker.handleKeyPress(release))
        #expect(!picker.handleKeyPress(withControl))
        #expect(!picker.handleKeyPress(letter))
        #expect(picker.date == Berlin.date(2026, 3, 29))
        #expect(picker.handleKeyPress(up))
        picker.isEnabled = false
        #expect(!picker.handleKeyPress(up))
    }
}
