import Foundation
import KeyInputKit
import Testing

/// Foundation's own answers, which the picker's must equal (its ICU, not one typed from memory).
enum Reference {
    static func calendar(_ identifier: Calendar.Identifier) -> Calendar {
        var calendar = Calendar(identifier: identifier)
        calendar.timeZone = Berlin.timeZone
        return calendar
    }

    /// A date written with a fixed pattern in a calendar and locale.
    static func text(_ date: Date, pattern: String, calendar: Calendar, locale: String) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: locale)
        formatter.calendar = calendar
        formatter.timeZone = Berlin.timeZone
        formatter.dateFormat = pattern
        return formatter.string(from: date)
    }

    /// A date written from a template, as the locale arranges it, in a calendar.
    static func text(_ date: Date, template: String, calendar: Calendar, locale: String) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: locale)
        formatter.calendar = calendar
        formatter.timeZone = Berlin.timeZone
        formatter.setLocalizedDateFormatFromTemplate(template)
        return formatter.string(from: date)
    }

    /// A number in the digits of a locale (`ar_SA`, `fa_IR`, `th_TH@numbers=thai`).
    static func digits(_ number: Int, locale: String) -> String {
        let formatter = NumberFormatter()
        formatter.locale = Locale(identifier: locale)
        formatter.usesGroupingSeparator = false
        return formatter.string(from: NSNumber(value: number)) ?? ""
    }

    /// The months of the year of `date`, walked one month at a time: their first days.
    static func monthStarts(inYearOf date: Date, calendar: Calendar) -> [Date] {
        let year = calendar.component(.year, from: date)
        let start = calendar.dateInterval(of: .year, for: date)!.start.addingTimeInterval(12 * 3600)
        return (0..<20).map { calendar.date(byAdding: .month, value: $0, to: start)! }
            .filter { calendar.component(.year, from: $0) == year }
    }
}

@MainActor
func makeCalendarPicker(
    _ mode: DatePicker.Mode = .date, locale: String, calendar: Calendar? = nil, date: Date = Berlin.date(2026, 3, 29)
) -> DatePicker {
    let picker = DatePicker(mode: mode, date: date)
    picker.locale = Locale(identifier: locale)
    if let calendar { picker.calendar = calendar }
    picker.timeZone = Berlin.timeZone
    picker.frame = Rect(x: 0, y: 0, width: 400, height: DatePicker.height)
    return picker
}

@MainActor
@Suite struct DatePickerCalendarTests {
    // MARK: The locale's calendar

    @Test(arguments: [
        ("fa_IR", Calendar.Identifier.persian), ("th_TH", .buddhist), ("ar_SA", .islamicUmmAlQura),
        ("ja_JP@calendar=japanese", .japanese), ("en_US", .gregorian), ("de_DE", .gregorian),
    ])
    func theCalendarIsTheLocalesUntilTheAppSetsOne(locale: String, identifier: Calendar.Identifier) throws {
        let picker = makeCalendarPicker(locale: locale)
        #expect(picker.calendar.identifier == Locale(identifier: locale).calendar.identifier)
        #expect(picker.calendar.identifier == identifier)
        picker.locale = Locale(identifier: "fa_IR")  // not set by the app: follows the locale
        #expect(picker.calendar.identifier == .persian)
        picker.calendar = Calendar(identifier: .hebrew)  // set: pinned
        picker.locale = Locale(identifier: locale)
        #expect(picker.calendar.identifier == .hebrew)
        let year = try #require(picker.fields.firstIndex(of: .year))
        #expect(picker.fieldTexts[year] == Reference.text(picker.date, pattern: "y", calendar: Reference.calendar(.hebrew), locale: locale))
    }

    @Test(arguments: [
        ("fa_IR", Calendar.Identifier.persian), ("th_TH", .buddhist), ("ar_SA", .islamicUmmAlQura), ("en_US", .gregorian),
    ])
    func theFieldsShowTheDateInTheLocalesCalendar(locale: String, identifier: Calendar.Identifier) throws {
        let date = Berlin.date(2026, 11, 27)
        let picker = makeCalendarPicker(locale: locale, date: date)
        let calendar = Reference.calendar(identifier)
        let letters: [DatePicker.Field: String] = [.year: "y", .month: "MMM", .day: "d"]
        #expect(Set(picker.fields) == [.year, .month, .day])
        let expected = try picker.fields.map { Reference.text(date, pattern: try #require(letters[$0]), calendar: calendar, locale: locale) }
        #expect(picker.fieldTexts == expected)
        let year = try #require(picker.fields.firstIndex(of: .year))
        #expect(picker.accessibilityValue(ofColumn: year)?.current == Double(calendar.component(.year, from: date)))
        // The whole value too: the locale's own writing of the date in its calendar.
        #expect(picker.formattedValue == Reference.text(date, template: "yMMMd", calendar: calendar, locale: locale))
    }

    @Test func ummAlQuraMonthsHaveTheLengthOfTheTable() throws {
        let calendar = Reference.calendar(.islamicUmmAlQura)
        let starts = Reference.monthStarts(inYearOf: Berlin.date(2026, 3, 29), calendar: calendar)
        let picker = makeCalendarPicker(locale: "ar_SA", date: starts[0])
        let day = try #require(picker.fields.firstIndex(of: .day))
        var lengths: [Int] = []
        for start in starts {
            picker.date = start
            picker.selectedField = day
            picker.moveSelectedFieldToEnd(true)
            lengths.append(calendar.component(.day, from: picker.date))
            #expect(lengths.last == calendar.range(of: .day, in: .month, for: start)?.count)
            #expect(calendar.component(.month, from: picker.date) == calendar.component(.month, from: start))
            #expect(picker.accessibilityValue(ofColumn: day)?.maximum == Double(lengths.last ?? 0))
        }
        #expect(Set(lengths) == [29, 30])
    }

    @Test(arguments: [
        Calendar.Identifier.gregorian, .buddhist, .chinese, .coptic, .ethiopicAmeteMihret, .ethiopicAmeteAlem, .hebrew,
        .iso8601, .indian, .islamic, .islamicCivil, .islamicTabular, .islamicUmmAlQura, .japanese, .persian, .republicOfChina,
    ])
    func everyCalendarFoundationKnowsStepsThroughItsOwnMonths(identifier: Calendar.Identifier) throws {
        let calendar = Reference.calendar(identifier)
        let start = Berlin.date(2025, 7, 10)  // a Chinese leap sixth month
        let picker = makeCalendarPicker(locale: "en_US", calendar: Calendar(identifier: identifier), date: start)
        let month = try #require(picker.fields.firstIndex(of: .month))
        let expected = Reference.monthStarts(inYearOf: start, calendar: calendar).map {
            Reference.text($0, pattern: "MMM", calendar: calendar, locale: "en_US")
        }
        picker.selectedField = month
        picker.moveSelectedFieldToEnd(false)
        var names: [String] = []
        for _ in expected {
            names.append(picker.fieldTexts[month])
            picker.stepSelectedField(by: 1)
        }
        if identifier == .ethiopicAmeteAlem {
            withKnownIssue("Foundation's Calendar counts Amete Alem dates as Gregorian (2025-07-10 is its 2025-07-10) while DateFormatter writes ICU's Amete Alem months") {
                #expect(names == expected)
            }
        } else {
            #expect(names == expected)
            #expect(picker.fieldTexts[month] == expected.first)
        }
        for field in picker.fields.indices {
            picker.selectedField = field
            for steps in [1, -1, 7, -7] { picker.stepSelectedField(by: steps) }
            picker.moveSelectedFieldToEnd(true)
            picker.moveSelectedFieldToEnd(false)
            #expect(picker.fieldTexts.allSatisfy { !$0.isEmpty })
        }
    }

    // MARK: Hebrew: a leap month in leap years only

    @Test(arguments: [5784, 5785])
    func hebrewMonthsAreTheYearsOwnInOrder(year: Int) throws {
        let calendar = Reference.calendar(.hebrew)
        let first = try #require(calendar.date(from: DateComponents(year: year, month: 1, day: 10, hour: 12)))
        let expectedNames = Reference.monthStarts(inYearOf: first, calendar: calendar).map {
            Reference.text($0, pattern: "MMM", calendar: calendar, locale: "he_IL")
        }
        #expect(expectedNames.count == (year == 5784 ? 13 : 12))  // Foundation numbers both 1–13
        let picker = makeCalendarPicker(locale: "he_IL", calendar: Calendar(identifier: .hebrew), date: first)
        let month = try #require(picker.fields.firstIndex(of: .month))
        #expect(picker.accessibilityValue(ofColumn: month)?.maximum == Double(expectedNames.count))
        picker.selectedField = month
        var names: [String] = []
        for _ in expectedNames {
            names.append(picker.fieldTexts[month])
            picker.stepSelectedField(by: 1)
        }
        #expect(names == expectedNames)
        #expect(picker.fieldTexts[month] == expectedNames[0])  // wrapped within the year
        #expect(calendar.component(.year, from: picker.date) == year)
        picker.stepSelectedField(by: -1)
        #expect(picker.fieldTexts[month] == expectedNames.last)
    }

    @Test func adarIAndIIAreInTheLeapYearAloneAndAdarIBecomesAdarInACommonYear() throws {
        let calendar = Reference.calendar(.hebrew)
        let adarI = try #require(calendar.date(from: DateComponents(year: 5784, month: 6, day: 15, hour: 12)))
        let adarII = try #require(calendar.date(from: DateComponents(year: 5784, month: 7, day: 15, hour: 12)))
        let adar = try #require(calendar.date(from: DateComponents(year: 5785, month: 7, day: 15, hour: 12)))
        let name = { Reference.text($0, pattern: "MMM", calendar: calendar, locale: "he_IL") }
        #expect(Set([name(adarI), name(adarII), name(adar)]).count == 3)
        let picker = makeCalendarPicker(locale: "he_IL", calendar: Calendar(identifier: .hebrew), date: adarI)
        let month = try #require(picker.fields.firstIndex(of: .month))
        #expect(picker.fieldTexts[month] == name(adarI))
        picker.selectedField = month
        picker.stepSelectedField(by: 1)
        #expect(picker.date == adarII)
        #expect(picker.fieldTexts[month] == name(adarII))
        // The next year has no Adar I: the picker lands on its Adar, the 15th kept.
        picker.date = adarI
        picker.selectedField = try #require(picker.fields.firstIndex(of: .year))
        picker.stepSelectedField(by: 1)
        #expect(picker.date == adar)
        #expect(picker.fieldTexts[month] == name(adar))
        // Typing a month types its place in the year: the sixth month of 5785 is Adar.
        picker.date = try #require(calendar.date(from: DateComponents(year: 5785, month: 1, day: 15, hour: 12)))
        picker.selectedField = month
        picker.type("6")
        #expect(picker.date == adar)
    }

    @Test func aMinimumInAdarIIStopsTheStepBackIntoAdarI() throws {
        let calendar = Reference.calendar(.hebrew)
        let minimum = try #require(calendar.date(from: DateComponents(year: 5784, month: 7, day: 1, hour: 12)))
        let adarII = try #require(calendar.date(from: DateComponents(year: 5784, month: 7, day: 10, hour: 12)))
        let picker = makeCalendarPicker(locale: "he_IL", calendar: Calendar(identifier: .hebrew), date: adarII)
        picker.minimumDate = minimum
        let month = try #require(picker.fields.firstIndex(of: .month))
        picker.selectedField = month
        #expect(picker.neighbourText(inColumn: month, step: -1) == nil)
        picker.stepSelectedField(by: -1)
        #expect(picker.date == minimum)
        #expect(picker.fieldTexts[month] == Reference.text(adarII, pattern: "MMM", calendar: calendar, locale: "he_IL"))
        picker.minimumDate = nil
        picker.stepSelectedField(by: -1)
        #expect(calendar.dateComponents([.year, .month, .day], from: picker.date) == DateComponents(year: 5784, month: 6, day: 1))
    }

    // MARK: Japanese: eras

    static let japaneseLocale = "ja_JP@calendar=japanese"

    @Test func theJapaneseCalendarHasAnEraFieldWhereTheLocaleWritesTheEra() throws {
        let picker = makeCalendarPicker(locale: Self.japaneseLocale)
        let calendar = Reference.calendar(.japanese)
        let pattern = try #require(DateFormatter.dateFormat(fromTemplate: "GyMMMd", options: 0, locale: Locale(identifier: Self.japaneseLocale)))
        var letters: [Character] = []
        for letter in pattern where "GyMd".contains(letter) && !letters.contains(letter) { letters.append(letter) }
        #expect(picker.fields.firstIndex(of: .era) == letters.firstIndex(of: "G"))
        #expect(picker.fields.firstIndex(of: .year) == letters.firstIndex(of: "y"))
        let era = try #require(picker.fields.firstIndex(of: .era))
        #expect(picker.fieldTexts[era] == Reference.text(picker.date, pattern: "G", calendar: calendar, locale: Self.japaneseLocale))
        #expect(picker.accessibilityLabel(ofColumn: era) == ToolkitString.fieldEra.localized(for: picker.locale))
        #expect(picker.formattedValue == Reference.text(picker.date, template: "GyMMMd", calendar: calendar, locale: Self.japaneseLocale))
        // Elsewhere one era runs on: no era field, in Japanese or in a calendar that writes its era.
        #expect(!makeCalendarPicker(locale: "ja_JP").fields.contains(.era))
        #expect(!makeCalendarPicker(locale: "th_TH").fields.contains(.era))
        #expect(!makeCalendarPicker(locale: "en_US", calendar: Calendar(identifier: .buddhist)).fields.contains(.era))
    }

    @Test func aCalendarSetByTheAppGivesTheOrderTheLocaleWritesInIt() {
        let japanese = DateFieldOrder(locale: Locale(identifier: "ja_JP"), calendar: Calendar(identifier: .japanese), mode: .dateAndTime)
        #expect(japanese == DateFieldOrder(locale: Locale(identifier: Self.japaneseLocale), mode: .dateAndTime))
        #expect(japanese.dateFields.contains(.era))
        #expect(Set(japanese.fields).isSuperset(of: DateFieldOrder(locale: Locale(identifier: "ja_JP"), mode: .dateAndTime).fields))
        let picker = makeCalendarPicker(.dateAndTime, locale: "ja_JP", calendar: Calendar(identifier: .japanese))
        #expect(picker.fieldOrder == japanese)
        // One era runs on: the Gregorian order, unchanged.
        let gregorian = DateFieldOrder(locale: Locale(identifier: "en_US"), calendar: Calendar(identifier: .gregorian), mode: .date)
        #expect(gregorian == DateFieldOrder(locale: Locale(identifier: "en_US"), mode: .date))
        #expect(gregorian.fields == [.month, .day, .year])
    }

    @Test(arguments: [Berlin.date(2019, 5, 1), Berlin.date(1989, 1, 8), Berlin.date(2026, 3, 29)])
    func theYearOfAnEraIsWrittenAsTheLocaleWritesIt(date: Date) throws {
        let picker = makeCalendarPicker(locale: Self.japaneseLocale, date: date)
        let calendar = Reference.calendar(.japanese)
        let era = try #require(picker.fields.firstIndex(of: .era))
        let year = try #require(picker.fields.firstIndex(of: .year))
        let whole = Reference.text(date, template: "GyMMMd", calendar: calendar, locale: Self.japaneseLocale)
        #expect(whole.hasPrefix(picker.fieldTexts[era] + picker.fieldTexts[year]))
        let number = Reference.text(date, pattern: "y", calendar: calendar, locale: Self.japaneseLocale)
        if calendar.component(.year, from: date) == 1 {
            #expect(!picker.fieldTexts[year].contains(number))  // 元年, not 1年
        } else {
            #expect(picker.fieldTexts[year].hasPrefix(number))
        }
    }

    @Test func theEraStepsAndTheYearStaysWithinIt() throws {
        let calendar = Reference.calendar(.japanese)
        let picker = makeCalendarPicker(locale: Self.japaneseLocale, date: Berlin.date(2026, 3, 29))
        let reiwa = calendar.component(.era, from: Berlin.date(2026, 3, 29))
        picker.selectedField = try #require(picker.fields.firstIndex(of: .era))
        picker.stepSelectedField(by: -1)  // Reiwa 8 → Heisei 8
        let heisei8 = try #require(calendar.date(from: DateComponents(era: reiwa - 1, year: 8, month: 3, day: 29, hour: 12)))
        #expect(picker.date == heisei8)
        picker.stepSelectedField(by: 1)
        #expect(picker.date == Berlin.date(2026, 3, 29))
        // Heisei's years end where Reiwa's begin; typing fills the year at once.
        picker.date = heisei8
        let year = try #require(picker.fields.firstIndex(of: .year))
        let lastOfHeisei = calendar.component(.year, from: Berlin.date(2019, 4, 30))
        #expect(picker.accessibilityValue(ofColumn: year)?.maximum == Double(lastOfHeisei))
        picker.selectedField = year
        picker.type("1")
        #expect(calendar.component(.year, from: picker.date) == 1)
        picker.type("2")
        #expect(calendar.dateComponents([.era, .year], from: picker.date) == DateComponents(era: reiwa - 1, year: 12))
        #expect(picker.selectedField == year + 1)
        picker.selectedField = year
        picker.moveSelectedFieldToEnd(true)
        #expect(calendar.dateComponents([.era, .year], from: picker.date) == DateComponents(era: reiwa - 1, year: lastOfHeisei))
    }

    @Test func limitsHoldAcrossTheHeiseiReiwaBoundary() throws {
        let calendar = Reference.calendar(.japanese)
        let picker = makeCalendarPicker(locale: Self.japaneseLocale, date: Berlin.date(2020, 6, 1))
        picker.minimumDate = Berlin.date(2019, 5, 1)  // Reiwa 1
        let era = try #require(picker.fields.firstIndex(of: .era))
        let year = try #require(picker.fields.firstIndex(of: .year))
        let counter = EventCounter(picker)
        let reiwa = picker.fieldTexts[era]
        picker.selectedField = era
        #expect(picker.neighbourText(inColumn: era, step: -1) == nil)
        picker.stepSelectedField(by: -1)  // Heisei 2 is before the minimum: clamped to it, still Reiwa
        #expect(picker.date == Berlin.date(2019, 5, 1))
        #expect(picker.fieldTexts[era] == reiwa)
        picker.stepSelectedField(by: -1)  // at the minimum: stops
        #expect(picker.date == Berlin.date(2019, 5, 1))
        picker.date = Berlin.date(2020, 6, 1)
        picker.selectedField = year
        picker.stepSelectedField(by: -1)
        #expect(picker.date == Berlin.date(2019, 6, 1))
        picker.stepSelectedField(by: -1)  // no year 0 of Reiwa: stops
        #expect(picker.date == Berlin.date(2019, 6, 1))
        #expect(counter[.valueChanged] == 2)
        // A maximum in Heisei: the step into Reiwa is clamped to it, still Heisei.
        picker.minimumDate = nil
        picker.maximumDate = Berlin.date(2019, 4, 30)
        picker.date = Berlin.date(1996, 3, 29)
        picker.selectedField = era
        picker.stepSelectedField(by: 1)
        #expect(picker.date == Berlin.date(2019, 4, 30))
        #expect(picker.fieldTexts[era] == Reference.text(Berlin.date(2019, 4, 30), pattern: "G", calendar: calendar, locale: Self.japaneseLocale))
    }

    // MARK: Typing in the locale's digits, in the picker's calendar

    @Test(arguments: ["fa_IR", "ar_SA", "ar_EG", "th_TH@numbers=thai", "hi_IN@numbers=deva", "en_US"])
    func digitsTypedInTheLocalesScriptAreRead(digitsLocale: String) throws {
        let picker = makeCalendarPicker(locale: "de_DE", calendar: Calendar(identifier: .gregorian), date: Berlin.date(2026, 3, 29))
        picker.selectedField = try #require(picker.fields.firstIndex(of: .day))
        let day = Reference.digits(17, locale: digitsLocale)
        #expect(day.count == 2)
        #expect(day.allSatisfy(\.isASCII) == (digitsLocale == "en_US"))
        #expect(picker.type(day))
        picker.selectedField = try #require(picker.fields.firstIndex(of: .year))
        #expect(picker.type(Reference.digits(2031, locale: digitsLocale)))
        #expect(Berlin.parts(picker.date) == [2031, 3, 17, 12, 0])
    }

    @Test(arguments: [
        ("fa_IR", "fa_IR", Calendar.Identifier.persian, 1405),
        ("th_TH", "th_TH", .buddhist, 2569),
        ("th_TH", "th_TH@numbers=thai", .buddhist, 2569),
        ("ar_SA", "ar_SA", .islamicUmmAlQura, 1449),
        ("he_IL", "he_IL", .hebrew, 5786),
    ])
    func aTypedYearIsAYearOfThePickersCalendar(locale: String, digitsLocale: String, identifier: Calendar.Identifier, year: Int) throws {
        let calendar = Reference.calendar(identifier)
        let start = Berlin.date(2024, 1, 10)
        let picker = makeCalendarPicker(locale: locale, calendar: locale == "he_IL" ? Calendar(identifier: .hebrew) : nil, date: start)
        #expect(picker.calendar.identifier == identifier)
        picker.selectedField = try #require(picker.fields.firstIndex(of: .year))
        let digits = Reference.digits(year, locale: digitsLocale)
        #expect(picker.type(digits))
        let expected = calendar.dateComponents([.month, .day], from: start)
        #expect(calendar.dateComponents([.year, .month, .day], from: picker.date)
            == DateComponents(year: year, month: expected.month, day: expected.day))
    }

    // MARK: Widths and words

    @Test func theMonthColumnIsAsWideAsTheCalendarsLongestName() throws {
        let calendar = Reference.calendar(.hebrew)
        let date = try #require(calendar.date(from: DateComponents(year: 5785, month: 1, day: 1, hour: 12)))
        let picker = makeCalendarPicker(locale: "he_IL", calendar: Calendar(identifier: .hebrew), date: date)
        let month = try #require(picker.fields.firstIndex(of: .month))
        let longest = try [5784, 5785, 5786, 5787].flatMap { year in
            Reference.monthStarts(inYearOf: try #require(calendar.date(from: DateComponents(year: year, month: 1, day: 1, hour: 12))), calendar: calendar)
        }.map { Reference.text($0, pattern: "MMM", calendar: calendar, locale: "he_IL").count }.max() ?? 0
        let gregorian = makeCalendarPicker(locale: "he_IL", calendar: Calendar(identifier: .gregorian), date: date)
        let gregorianMonth = try #require(gregorian.fields.firstIndex(of: .month))
        let gregorianLongest = (1...12).map {
            Reference.text(Berlin.date(2001, $0, 1), pattern: "MMM", calendar: Reference.calendar(.gregorian), locale: "he_IL").count
        }.max() ?? 0
        #expect(longest != gregorianLongest)
        let perCharacter = (picker.preferredWidth(ofColumn: month) - gregorian.preferredWidth(ofColumn: gregorianMonth))
            / Double(longest - gregorianLongest)
        #expect(perCharacter > 0)
    }

    @Test(arguments: ["en_US", "de_DE", "fa_IR", "ja_JP"])
    func countdownUnitsAreInTheLocalesWords(locale: String) {
        let picker = makeCalendarPicker(.countDownTimer, locale: locale)
        picker.countDownDuration = 3 * 3600 + 5 * 60
        let hours = Duration.seconds(3 * 3600).formatted(
            Duration.UnitsFormatStyle(allowedUnits: [.hours], width: .abbreviated).locale(Locale(identifier: locale)))
        let minutes = Duration.seconds(5 * 60).formatted(
            Duration.UnitsFormatStyle(allowedUnits: [.minutes], width: .abbreviated, zeroValueUnits: .show(length: 2))
                .locale(Locale(identifier: locale)))
        #expect(picker.selectedText(inColumn: 0) == hours)
        #expect(picker.selectedText(inColumn: 1) == minutes)
        #expect(picker.fieldTexts == ["3", "05"])
    }
}
