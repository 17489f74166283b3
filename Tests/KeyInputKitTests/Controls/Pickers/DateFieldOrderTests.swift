import Foundation
import KeyInputKit
import Testing

@Suite struct DateFieldOrderTests {
    @Test(arguments: [
        // (locale, mode, fields left to right, clock)
        ("en_US", DatePicker.Mode.dateAndTime, [DatePicker.Field.month, .day, .year, .hour, .minute, .dayPeriod], DateFieldOrder.HourCycle.h12),
        ("en_US", .date, [.month, .day, .year], .h12),
        ("de_DE", .dateAndTime, [.day, .month, .year, .hour, .minute], .h23),
        ("ja_JP", .date, [.year, .month, .day], .h23),
        ("ja_JP", .time, [.hour, .minute], .h23),
        ("en_GB", .dateAndTime, [.day, .month, .year, .hour, .minute], .h23),
        ("fr_FR", .dateAndTime, [.day, .month, .year, .hour, .minute], .h23),
        ("ar_EG", .dateAndTime, [.day, .month, .year, .hour, .minute, .dayPeriod], .h12),
        ("ko_KR", .date, [.year, .month, .day], .h12),
        ("ko_KR", .time, [.dayPeriod, .hour, .minute], .h12),
        ("en_US", .time, [.hour, .minute, .dayPeriod], .h12),
        ("de_DE", .time, [.hour, .minute], .h23),
        ("en_US", .countDownTimer, [.countDownHours, .countDownMinutes], .h12),
        ("ko_KR", .countDownTimer, [.countDownHours, .countDownMinutes], .h12),
    ])
    func fieldsAndClockFollowTheLocale(
        locale: String, mode: DatePicker.Mode, fields: [DatePicker.Field], hourCycle: DateFieldOrder.HourCycle
    ) {
        let order = DateFieldOrder(locale: Locale(identifier: locale), mode: mode)
        #expect(order.mode == mode)
        #expect(order.fields == fields)
        #expect(order.hourCycle == hourCycle)
        #expect(order.hourCycle.usesDayPeriod == order.timeFields.contains(.dayPeriod))
    }

    @Test(arguments: ["en_US", "de_DE", "ja_JP", "en_GB", "fr_FR", "ar_EG", "ko_KR"])
    func aDateAndTimeIsTheDatePartThenTheTimePart(locale: String) {
        let identifier = Locale(identifier: locale)
        let both = DateFieldOrder(locale: identifier, mode: .dateAndTime)
        let date = DateFieldOrder(locale: identifier, mode: .date)
        let time = DateFieldOrder(locale: identifier, mode: .time)
        #expect(both.fields == date.fields + time.fields)
        #expect(both.dateFields == date.fields)
        #expect(both.timeFields == time.fields)
        #expect(Set(date.fields) == [.year, .month, .day])
        #expect(both != date)
        #expect(both == DateFieldOrder(locale: identifier, mode: .dateAndTime))
    }

    @MainActor
    @Test func thePickerShowsTheOrderOfItsLocaleAndMode() {
        let picker = DatePicker(mode: .date)
        picker.locale = Locale(identifier: "de_DE")
        #expect(picker.fieldOrder == DateFieldOrder(locale: Locale(identifier: "de_DE"), mode: .date))
        picker.locale = Locale(identifier: "ko_KR")
        picker.datePickerMode = .time
        #expect(picker.fieldOrder == DateFieldOrder(locale: Locale(identifier: "ko_KR"), mode: .time))
        #expect(picker.fields == [.dayPeriod, .hour, .minute])
    }
}
