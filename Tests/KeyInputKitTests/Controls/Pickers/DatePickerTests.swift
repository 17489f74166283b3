import Foundation
import KeyInputKit
import Testing
import XKB

/// Dates in Europe/Berlin, for tests that cross daylight-saving days.
enum Berlin {
    static let timeZone = TimeZone(identifier: "Europe/Berlin")!

    static var calendar: Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        return calendar
    }

    static func date(_ year: Int, _ month: Int, _ day: Int, _ hour: Int = 12, _ minute: Int = 0) -> Date {
        calendar.date(from: DateComponents(year: year, month: month, day: day, hour: hour, minute: minute))!
    }

    /// Year, month, day, hour, minute of a date in Berlin.
    static func parts(_ date: Date) -> [Int] {
        let c = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: date)
        return [c.year!, c.month!, c.day!, c.hour!, c.minute!]
    }
}

@MainActor
func makeDatePicker(
    _ mode: DatePicker.Mode = .date, date: Date = Berlin.date(2026, 3, 29), locale: String = "en_US"
) -> DatePicker {
    let picker = DatePicker(mode: mode, date: date)
    picker.calendar = Calendar(identifier: .gregorian)
    picker.locale = Locale(identifier: locale)
    picker.timeZone = Berlin.timeZone
    picker.frame = Rect(x: 0, y: 0, width: 400, height: DatePicker.height)
    return picker
}

@MainActor
@Suite struct DatePickerTests {
    // MARK: Fields and text

    @Test(arguments: [
        (DatePicker.Mode.date, "en_US", [DatePicker.Field.month, .day, .year], ["Mar", "29", "2026"]),
        (.date, "de_DE", [.day, .month, .year], ["29", "März", "2026"]),
        (.date, "ja_JP", [.year, .month, .day], ["2026", "3", "29"]),
        (.time, "en_US", [.hour, .minute, .dayPeriod], ["2", "05", "PM"]),
        (.time, "de_DE", [.hour, .minute], ["14", "05"]),
        (.time, "ko_KR", [.dayPeriod, .hour, .minute], ["오후", "2", "05"]),
        (.dateAndTime, "en_GB", [.day, .month, .year, .hour, .minute], ["29", "Mar", "2026", "14", "05"]),
        (.countDownTimer, "en_US", [.countDownHours, .countDownMinutes], ["0", "00"]),
    ])
    func fieldsFollowTheLocale(mode: DatePicker.Mode, locale: String, fields: [DatePicker.Field], texts: [String]) {
        let picker = makeDatePicker(mode, date: Berlin.date(2026, 3, 29, 14, 5), locale: locale)
        #expect(picker.fields == fields)
        #expect(picker.fieldTexts == texts)
    }

    @Test func formattedValueIsLocaleAware() {
        let picker = makeDatePicker(.date, date: Berlin.date(2026, 3, 29, 14, 5))
        #expect(picker.formattedValue == "Mar 29, 2026")
        picker.datePickerMode = .time
        #expect(picker.formattedValue == "2:05\u{202F}PM")
        picker.locale = Locale(identifier: "de_DE")
        #expect(picker.formattedValue == "14:05")
        picker.datePickerMode = .countDownTimer
        picker.locale = Locale(identifier: "en_US")
        picker.countDownDuration = 5400
        #expect(picker.formattedValue == "1 hr, 30 min")
    }

    @Test func defaultsSuitAnInputView() {
        let picker = DatePicker()
        #expect(picker.identifier == "date-picker")
        #expect(picker.frame.height == 216)
        #expect(picker.keepsKeyboardOnPress)
        #expect(!picker.becomesFirstResponderOnPress)
        #expect(picker.datePickerMode == .dateAndTime)
        #expect(picker.calendar.identifier == .gregorian)
    }

    // MARK: Calendar arithmetic

    @Test(arguments: [
        // (start, field, steps, expected)
        (Berlin.date(2026, 1, 31), DatePicker.Field.day, 1, Berlin.date(2026, 1, 1)),  // wraps, month kept
        (Berlin.date(2026, 3, 1), .day, -1, Berlin.date(2026, 3, 31)),
        (Berlin.date(2026, 4, 30), .day, 1, Berlin.date(2026, 4, 1)),
        (Berlin.date(2026, 1, 31), .month, 1, Berlin.date(2026, 2, 28)),  // day clamped
        (Berlin.date(2028, 1, 31), .month, 1, Berlin.date(2028, 2, 29)),  // leap year
        (Berlin.date(2026, 3, 31), .month, -1, Berlin.date(2026, 2, 28)),
        (Berlin.date(2026, 5, 31), .month, 1, Berlin.date(2026, 6, 30)),
        (Berlin.date(2026, 12, 15), .month, 1, Berlin.date(2026, 1, 15)),  // wraps, year kept
        (Berlin.date(2028, 2, 29), .year, 1, Berlin.date(2029, 2, 28)),
        (Berlin.date(2028, 2, 29), .year, -1, Berlin.date(2027, 2, 28)),
        (Berlin.date(2024, 2, 29), .year, 4, Berlin.date(2028, 2, 29)),
    ])
    func upAndDownDoCalendarArithmetic(start: Date, field: DatePicker.Field, steps: Int, expected: Date) throws {
        let picker = makeDatePicker(.date, date: start)
        picker.selectedField = try #require(picker.fields.firstIndex(of: field))
        picker.stepSelectedField(by: steps)
        #expect(Berlin.parts(picker.date) == Berlin.parts(expected))
    }

    @Test(arguments: [(2028, 29), (2027, 28), (2100, 28), (2000, 29)])
    func februaryHasTheRightLengthInEachYear(year: Int, days: Int) throws {
        let picker = makeDatePicker(.date, date: Berlin.date(year, 2, 10))
        picker.selectedField = try #require(picker.fields.firstIndex(of: .day))
        picker.moveSelectedFieldToEnd(true)
        #expect(Berlin.parts(picker.date) == [year, 2, days, 12, 0])
        picker.stepSelectedField(by: 1)
        #expect(Berlin.parts(picker.date) == [year, 2, 1, 12, 0])
    }

    @Test func theTimeOfDayIsKeptWhenTheDateChanges() {
        let picker = makeDatePicker(.dateAndTime, date: Berlin.date(2026, 1, 31, 23, 45))
        picker.selectedField = 0  // month in en_US
        picker.stepSelectedField(by: 1)
        #expect(Berlin.parts(picker.date) == [2026, 2, 28, 23, 45])
    }

    @Test func hourStepsOnTheSpringForwardDaySkipTheMissingHourAndStayMonotonic() throws {
        // 2026-03-29 in Berlin: 02:00–03:00 does not exist; the day has 23 hours.
        let picker = makeDatePicker(.time, date: Berlin.date(2026, 3, 29, 0, 30), locale: "de_DE")
        picker.selectedField = try #require(picker.fields.firstIndex(of: .hour))
        var dates = [picker.date]
        for _ in 0..<22 {
            picker.stepSelectedField(by: 1)
            dates.append(picker.date)
        }
        let hours = dates.map { Berlin.parts($0)[3] }
        #expect(hours == [0, 1] + Array(3...23))
        #expect(dates.allSatisfy { Berlin.parts($0)[2] == 29 && Berlin.parts($0)[4] == 30 })
        #expect(zip(dates, dates.dropFirst()).allSatisfy { $0.0 < $0.1 })
        #expect(zip(dates, dates.dropFirst()).allSatisfy { $0.1.timeIntervalSince($0.0) == 3600 })
        picker.stepSelectedField(by: 1)  // past the end of the day: back to its start
        #expect(Berlin.parts(picker.date) == [2026, 3, 29, 0, 30])
        picker.date = Berlin.date(2026, 3, 29, 3, 30)
        picker.stepSelectedField(by: -1)
        #expect(Berlin.parts(picker.date) == [2026, 3, 29, 1, 30])
        #expect(picker.fieldTexts == ["01", "30"])
    }

    @Test func hourStepsOnTheFallBackDayVisitTheRepeatedHourTwiceAndStayMonotonic() throws {
        // 2026-10-25 in Berlin: 02:00–03:00 happens twice (CEST, then CET); the day has 25 hours.
        let picker = makeDatePicker(.time, date: Berlin.date(2026, 10, 25, 0, 30), locale: "de_DE")
        picker.selectedField = try #require(picker.fields.firstIndex(of: .hour))
        var dates = [picker.date]
        for _ in 0..<24 {
            picker.stepSelectedField(by: 1)
            dates.append(picker.date)
        }
        #expect(dates.map { Berlin.parts($0)[3] } == [0, 1, 2, 2] + Array(3...23))
        #expect(zip(dates, dates.dropFirst()).allSatisfy { $0.1.timeIntervalSince($0.0) == 3600 })
        #expect(Berlin.timeZone.secondsFromGMT(for: dates[2]) == 7200)
        #expect(Berlin.timeZone.secondsFromGMT(for: dates[3]) == 3600)
        picker.stepSelectedField(by: 1)
        #expect(Berlin.parts(picker.date) == [2026, 10, 25, 0, 30])
        // Minutes within the second 02:xx stay in it.
        picker.date = dates[3]
        picker.selectedField = try #require(picker.fields.firstIndex(of: .minute))
        picker.stepSelectedField(by: 1)
        #expect(picker.date == dates[3].addingTimeInterval(60))
    }

    @Test func typingAMissingHourGivesAValidTime() throws {
        let picker = makeDatePicker(.time, date: Berlin.date(2026, 3, 29, 10, 15), locale: "de_DE")
        picker.selectedField = try #require(picker.fields.firstIndex(of: .hour))
        picker.type("02")
        let parts = Berlin.parts(picker.date)
        #expect(parts[2] == 29 && parts[3] == 3 && parts[4] == 15)  // 02:15 does not exist: 03:15
        #expect(picker.selectedField == 1)
    }

    @Test func switchingToAMOnTheSpringForwardDayGivesAValidTime() throws {
        let picker = makeDatePicker(.time, date: Berlin.date(2026, 3, 29, 14, 30))
        picker.selectedField = try #require(picker.fields.firstIndex(of: .dayPeriod))
        picker.stepSelectedField(by: 1)
        #expect(Berlin.parts(picker.date) == [2026, 3, 29, 3, 30])
        picker.stepSelectedField(by: 1)
        #expect(Berlin.parts(picker.date) == [2026, 3, 29, 15, 30])
    }

    @Test(arguments: [
        (DatePicker.Field.day, 1, [2026, 4, 29, 12, 0]),  // a page on the day is a month
        (.day, -1, [2026, 2, 28, 12, 0]),
        (.month, 1, [2027, 3, 29, 12, 0]),  // a page on the month is a year
        (.year, 1, [2036, 3, 29, 12, 0]),  // a page on the year is ten years
        (.year, -1, [2016, 3, 29, 12, 0]),
        (.hour, 1, [2026, 3, 29, 18, 0]),  // six hours
        (.hour, 2, [2026, 3, 29, 0, 0]),  // wrapping within the day
        (.minute, 1, [2026, 3, 29, 13, 0]),  // a page on the minute is an hour
    ])
    func pageUpAndDownTakeBiggerSteps(field: DatePicker.Field, pages: Int, expected: [Int]) throws {
        let picker = makeDatePicker(.dateAndTime, date: Berlin.date(2026, 3, 29, 12, 0), locale: "de_DE")
        picker.selectedField = try #require(picker.fields.firstIndex(of: field))
        picker.pageSelectedField(by: pages)
        #expect(Berlin.parts(picker.date) == expected)
    }

    @Test func homeAndEndGoToTheEndsOfEachField() throws {
        let picker = makeDatePicker(.dateAndTime, date: Berlin.date(2026, 3, 29, 14, 37), locale: "de_DE")
        picker.minuteInterval = 5
        func ends(_ field: DatePicker.Field) throws -> ([Int], [Int]) {
            let start = picker.date
            picker.selectedField = try #require(picker.fields.firstIndex(of: field))
            picker.moveSelectedFieldToEnd(false)
            let first = Berlin.parts(picker.date)
            picker.date = start
            picker.moveSelectedFieldToEnd(true)
            let last = Berlin.parts(picker.date)
            picker.date = start
            return (first, last)
        }
        #expect(try ends(.day) == ([2026, 3, 1, 14, 37], [2026, 3, 31, 14, 37]))
        #expect(try ends(.month) == ([2026, 1, 29, 14, 37], [2026, 12, 29, 14, 37]))
        #expect(try ends(.hour) == ([2026, 3, 29, 0, 37], [2026, 3, 29, 23, 37]))
        #expect(try ends(.minute) == ([2026, 3, 29, 14, 0], [2026, 3, 29, 14, 55]))
        picker.minimumDate = Berlin.date(2020, 6, 15)
        picker.maximumDate = Berlin.date(2030, 6, 15)
        #expect(try ends(.year) == ([2020, 6, 15, 12, 0], [2030, 3, 29, 14, 37]))
    }

    // MARK: Bounds, intervals, countdown

    @Test func resultsAreClampedToTheMinimumAndMaximum() throws {
        let picker = makeDatePicker(.date, date: Berlin.date(2026, 3, 15))
        picker.minimumDate = Berlin.date(2026, 3, 10)
        picker.maximumDate = Berlin.date(2026, 3, 20)
        let counter = EventCounter(picker)
        picker.selectedField = try #require(picker.fields.firstIndex(of: .day))
        picker.stepSelectedField(by: 10)
        #expect(picker.date == Berlin.date(2026, 3, 20))
        picker.stepSelectedField(by: 1)  // already at the maximum: no change, no event
        #expect(picker.date == Berlin.date(2026, 3, 20))
        picker.moveSelectedFieldToEnd(false)
        #expect(picker.date == Berlin.date(2026, 3, 10))
        picker.selectedField = try #require(picker.fields.firstIndex(of: .year))
        picker.stepSelectedField(by: 1)
        #expect(picker.date == Berlin.date(2026, 3, 20))
        #expect(counter[.valueChanged] == 3)
        // Code is clamped too, silently.
        picker.date = Berlin.date(2025, 1, 1)
        #expect(picker.date == Berlin.date(2026, 3, 10))
        #expect(counter[.valueChanged] == 3)
        // A new minimum moves the date.
        picker.minimumDate = Berlin.date(2026, 3, 12)
        #expect(picker.date == Berlin.date(2026, 3, 12))
    }

    @Test func aMinimumAfterTheMaximumIgnoresBoth() throws {
        let picker = makeDatePicker(.date, date: Berlin.date(2026, 3, 15))
        picker.minimumDate = Berlin.date(2026, 4, 1)
        picker.maximumDate = Berlin.date(2026, 3, 1)
        #expect(picker.date == Berlin.date(2026, 3, 15))
        picker.date = Berlin.date(2030, 1, 1)
        #expect(picker.date == Berlin.date(2030, 1, 1))
        picker.selectedField = try #require(picker.fields.firstIndex(of: .year))
        picker.stepSelectedField(by: -10)
        #expect(picker.date == Berlin.date(2020, 1, 1))
    }

    @Test(arguments: [
        // (interval, start minute, steps, expected hour and minute)
        (15, 7, 1, [10, 15]),
        (15, 7, -1, [10, 0]),
        (15, 0, 1, [10, 15]),
        (15, 45, 1, [10, 0]),  // wraps within the hour
        (15, 0, -1, [10, 45]),
        (7, 7, 1, [10, 8]),  // 7 does not divide 60: treated as 1
        (0, 59, 1, [10, 0]),
        (30, 10, 1, [10, 30]),
    ])
    func minutesStepByTheMinuteInterval(interval: Int, minute: Int, steps: Int, expected: [Int]) throws {
        let picker = makeDatePicker(.time, date: Berlin.date(2026, 3, 29, 10, minute), locale: "de_DE")
        picker.minuteInterval = interval
        picker.selectedField = try #require(picker.fields.firstIndex(of: .minute))
        picker.stepSelectedField(by: steps)
        #expect(Array(Berlin.parts(picker.date)[3...]) == expected)
    }

    @Test func onlyIntervalsThatDivideSixtyAreUsed() {
        let picker = makeDatePicker(.time)
        for (interval, effective) in [(1, 1), (5, 5), (15, 15), (30, 30), (7, 1), (0, 1), (-5, 1), (60, 1), (45, 1)] {
            picker.minuteInterval = interval
            #expect(picker.effectiveMinuteInterval == effective, "interval \(interval)")
        }
    }

    @Test(arguments: [
        // (interval, duration set, duration kept)
        (1, 5000.0, 4980.0),  // rounded to the nearest minute
        (1, 100_000.0, 86_340.0),  // at most 23:59
        (1, -5.0, 0.0),
        (1, 29.0, 0.0),
        (15, 86_340.0, 85_500.0),  // 23:45: the last quarter before 24 hours
        (15, 1200.0, 900.0),
        (15, 1400.0, 1800.0),
        (7, 430.0, 420.0),  // an invalid interval counts as 1
    ])
    func countDownDurationIsClampedAndRounded(interval: Int, duration: Double, expected: Double) {
        let picker = makeDatePicker(.countDownTimer)
        picker.minuteInterval = interval
        picker.countDownDuration = duration
        #expect(picker.countDownDuration == expected)
    }

    @Test func countDownFieldsWrapAndStayInRange() {
        let picker = makeDatePicker(.countDownTimer)
        let counter = EventCounter(picker)
        picker.countDownDuration = 23 * 3600 + 50 * 60
        picker.selectedField = 0
        picker.stepSelectedField(by: 1)
        #expect(picker.countDownDuration == 50 * 60)  // 23 → 0 hours
        picker.stepSelectedField(by: -1)
        #expect(picker.fieldTexts == ["23", "50"])
        picker.selectedField = 1
        picker.moveSelectedFieldToEnd(true)
        #expect(picker.countDownDuration == DatePicker.maximumCountDownDuration)
        picker.stepSelectedField(by: 1)
        #expect(picker.fieldTexts == ["23", "00"])
        picker.minuteInterval = 15
        picker.moveSelectedFieldToEnd(true)
        #expect(picker.fieldTexts == ["23", "45"])
        picker.pageSelectedField(by: 1)
        #expect(picker.fieldTexts == ["0", "45"])
        #expect(counter[.valueChanged] == 6)
        // A shorter interval rounds what is there.
        picker.minuteInterval = 1
        picker.countDownDuration = 37 * 60
        picker.minuteInterval = 10
        #expect(picker.countDownDuration == 40 * 60)
    }
}
