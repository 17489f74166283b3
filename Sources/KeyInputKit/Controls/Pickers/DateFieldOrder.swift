import Foundation

/// The fields a ``DatePicker`` shows, left to right, and the clock it counts
/// hours with, as a locale writes dates and times.
///
/// Both come from the locale's own formats: which of month, day and year
/// comes first, whether hours run 1–12 with AM/PM (and whether AM/PM comes
/// before or after them) or 0–23. A format that lacks a field still gets
/// it, in a conventional place.
///
/// ```swift
/// let order = DateFieldOrder(locale: Locale(identifier: "en_US"), mode: .dateAndTime)
/// order.fields  // [.month, .day, .year, .hour, .minute, .dayPeriod]
/// order.hourCycle  // .h12
/// ```
public struct DateFieldOrder: Hashable, Sendable {
    /// How a locale counts the hours of a day.
    public enum HourCycle: Hashable, Sendable {
        /// 1–12 with AM/PM (pattern letter `h`).
        case h12
        /// 0–11 with AM/PM (`K`).
        case h11
        /// 0–23 (`H`).
        case h23
        /// 1–24 (`k`).
        case h24

        /// Whether the clock needs an AM/PM field.
        public var usesDayPeriod: Bool { self == .h12 || self == .h11 }
    }

    /// The mode the order is for.
    public let mode: DatePicker.Mode
    /// The fields the mode shows, left to right.
    public let fields: [DatePicker.Field]
    /// The fields of a day in the locale's order (month, day and year in some
    /// order, and the era where it changes), whatever the mode.
    public let dateFields: [DatePicker.Field]
    /// The fields of a time of day in the locale's order (hour, minute and,
    /// for 12-hour clocks, AM/PM), whatever the mode.
    public let timeFields: [DatePicker.Field]
    /// The locale's clock.
    public let hourCycle: HourCycle
    /// The date-format pattern each field is written with (`MMM`, `d`, `y`, `h`, `mm`, `a`).
    let patterns: [DatePicker.Field: String]

    /// Reads the order from a locale's date and time formats, in the locale's own calendar.
    ///
    /// - Parameters:
    ///   - locale: The locale whose formats decide the order and the clock.
    ///   - mode: What the picker chooses; decides which fields are shown.
    public init(locale: Locale, mode: DatePicker.Mode) {
        self.init(locale: locale, calendar: locale.calendar, mode: mode)
    }

    /// Reads the order from a locale's date and time formats as written in a calendar.
    ///
    /// Where the calendar's era changes within living memory (the Japanese
    /// calendar), the fields include ``DatePicker/Field/era``, placed where
    /// the locale's format writes the era, else just before the year; the
    /// year is then written as the locale writes a year of an era (`元年`).
    ///
    /// - Parameters:
    ///   - locale: The locale whose formats decide the order and the clock.
    ///   - calendar: The calendar the dates are counted in.
    ///   - mode: What the picker chooses; decides which fields are shown.
    public init(locale: Locale, calendar: Calendar, mode: DatePicker.Mode) {
        let formatLocale = Self.locale(locale, writing: calendar)
        let showsEra = Self.eraChanges(in: calendar)
        let datePattern = DateFormatter.dateFormat(fromTemplate: showsEra ? "GyMMMd" : "yMMMd", options: 0, locale: formatLocale) ?? "MMM d, y"
        let timePattern = DateFormatter.dateFormat(fromTemplate: "jm", options: 0, locale: formatLocale) ?? "HH:mm"
        var patterns: [DatePicker.Field: String] = [:]
        var dateFields: [DatePicker.Field] = []
        var timeFields: [DatePicker.Field] = []
        var hourCycle = HourCycle.h23
        func append(_ field: DatePicker.Field, pattern: String, to order: inout [DatePicker.Field]) {
            guard patterns[field] == nil else { return }
            patterns[field] = pattern
            order.append(field)
        }
        for (letter, count) in Self.patternFields(datePattern) {
            switch letter {
            case "G" where showsEra: append(.era, pattern: String(repeating: "G", count: count), to: &dateFields)
            case "y", "Y", "u", "U", "r":
                let year = showsEra ? "y" + Self.literal(after: letter, in: datePattern) : "y"
                append(.year, pattern: year, to: &dateFields)
            case "M", "L": append(.month, pattern: String(repeating: letter, count: count), to: &dateFields)
            case "d": append(.day, pattern: String(repeating: "d", count: count), to: &dateFields)
            default: break
            }
        }
        for (letter, count) in Self.patternFields(timePattern) {
            switch letter {
            case "h", "K", "H", "k":
                hourCycle = letter == "h" ? .h12 : letter == "K" ? .h11 : letter == "k" ? .h24 : .h23
                append(.hour, pattern: String(repeating: letter, count: min(count, 2)), to: &timeFields)
            case "m": append(.minute, pattern: "mm", to: &timeFields)
            case "a", "b", "B": append(.dayPeriod, pattern: "a", to: &timeFields)
            default: break
            }
        }
        // Formats without a field still get one, in a conventional place.
        for field in [DatePicker.Field.month, .day, .year] where patterns[field] == nil {
            append(field, pattern: field == .year ? "y" : field == .month ? "MMM" : "d", to: &dateFields)
        }
        if showsEra, patterns[.era] == nil, let year = dateFields.firstIndex(of: .year) {
            patterns[.era] = "G"
            dateFields.insert(.era, at: year)
        }
        for field in [DatePicker.Field.hour, .minute] where patterns[field] == nil {
            append(field, pattern: field == .hour ? "HH" : "mm", to: &timeFields)
        }
        if hourCycle.usesDayPeriod, patterns[.dayPeriod] == nil {
            append(.dayPeriod, pattern: "a", to: &timeFields)
        }
        if !hourCycle.usesDayPeriod { timeFields.removeAll { $0 == .dayPeriod } }

        self.mode = mode
        self.dateFields = dateFields
        self.timeFields = timeFields
        self.hourCycle = hourCycle
        self.patterns = patterns
        switch mode {
        case .date: fields = dateFields
        case .time: fields = timeFields
        case .dateAndTime: fields = dateFields + timeFields
        case .countDownTimer: fields = [.countDownHours, .countDownMinutes]
        }
    }

    /// The date-format pattern of a field (`MMM`, `d`, `y`, `h`, `mm`, `a`).
    func pattern(of field: DatePicker.Field) -> String { patterns[field] ?? "d" }

    /// The locale as it writes dates in `calendar` (its `calendar=` keyword set when that differs).
    static func locale(_ locale: Locale, writing calendar: Calendar) -> Locale {
        guard locale.calendar.identifier != calendar.identifier else { return locale }
        var components = Locale.Components(locale: locale)
        components.calendar = calendar.identifier
        return Locale(components: components)
    }

    /// Whether the calendar's era changes between 1950 and 2100, the dates
    /// people pick: true of the Japanese calendar, false where one era runs on.
    static func eraChanges(in calendar: Calendar) -> Bool {
        var utc = calendar
        utc.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        let from = Date(timeIntervalSince1970: -631_152_000)  // 1950-01-01
        let to = Date(timeIntervalSince1970: 4_133_894_400)  // 2101-01-01
        return utc.component(.era, from: from) != utc.component(.era, from: to)
    }

    /// The literal text a pattern writes right after a field's letters (`年` after `y` in `Gy年M月d日`).
    static func literal(after letter: Character, in pattern: String) -> String {
        guard let start = pattern.firstIndex(of: letter) else { return "" }
        let rest = pattern[start...].drop { $0 == letter }
        return String(rest.prefix { !$0.isASCII && !$0.isWhitespace && !$0.isPunctuation })
    }

    /// The pattern letters of a date format, in order, with their run
    /// lengths; quoted literals are skipped.
    static func patternFields(_ pattern: String) -> [(Character, Int)] {
        var result: [(Character, Int)] = []
        var inQuote = false
        var previous: Character?
        for character in pattern {
            if character == "'" {
                inQuote.toggle()
                previous = nil
                continue
            }
            guard !inQuote, character.isASCII, character.isLetter else {
                previous = nil
                continue
            }
            if character == previous, let last = result.indices.last {
                result[last].1 += 1
            } else {
                result.append((character, 1))
            }
            previous = character
        }
        return result
    }
}
