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
    /// order), whatever the mode.
    public let dateFields: [DatePicker.Field]
    /// The fields of a time of day in the locale's order (hour, minute and,
    /// for 12-hour clocks, AM/PM), whatever the mode.
    public let timeFields: [DatePicker.Field]
    /// The locale's clock.
    public let hourCycle: HourCycle
    /// The date-format pattern each field is written with (`MMM`, `d`, `y`, `h`, `mm`, `a`).
    let patterns: [DatePicker.Field: String]

    /// Reads the order from a locale's date and time formats.
    ///
    /// - Parameters:
    ///   - locale: The locale whose formats decide the order and the clock.
    ///   - mode: What the picker chooses; decides which fields are shown.
    public init(locale: Locale, mode: DatePicker.Mode) {
        let datePattern = DateFormatter.dateFormat(fromTemplate: "yMMMd", options: 0, locale: locale) ?? "MMM d, y"
        let timePattern = DateFormatter.dateFormat(fromTemplate: "jm", options: 0, locale: locale) ?? "HH:mm"
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
            case "y", "Y", "u", "U", "r": append(.year, pattern: "y", to: &dateFields)
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
