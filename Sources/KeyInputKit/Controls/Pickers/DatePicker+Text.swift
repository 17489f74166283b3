import Foundation

extension DatePicker {
    /// The text of each field in ``fields``, for the current value, in the
    /// locale's digits and month names: `["Mar", "29", "2026"]` for March
    /// 29, 2026 in `en_US`.
    public var fieldTexts: [String] {
        fields.map { text(of: $0, date: self.date, duration: storedDuration) }
    }

    /// The whole value as the locale writes it: `Mar 29, 2026`,
    /// `2:30 PM`, `Mar 29, 2026 at 2:30 PM`, or `1 hr, 30 min` for a countdown.
    public var formattedValue: String {
        let era = showsEra ? "G" : ""  // 令和8年3月29日: a year of an era names its era
        switch datePickerMode {
        case .countDownTimer:
            let duration = Duration.seconds(Int64(storedDuration))
            return duration.formatted(
                Duration.UnitsFormatStyle(allowedUnits: [.hours, .minutes], width: .abbreviated).locale(locale))
        case .date:
            return formatter(template: era + "yMMMd").string(from: self.date)
        case .time:
            return formatter(template: "jm").string(from: self.date)
        case .dateAndTime:
            return formatter(template: era + "yMMMdjm").string(from: self.date)
        }
    }

    /// The text a field shows for a value.
    func text(of field: Field, date: Date, duration: TimeInterval) -> String {
        switch field {
        case .countDownHours: return String(Int(duration) / 3600)
        case .countDownMinutes: return String(format: "%02d", (Int(duration) % 3600) / 60)
        default:
            return formatter(pattern: pattern(of: field)).string(from: date)
        }
    }

    /// A formatter for a fixed pattern in the picker's calendar, locale and time zone.
    func formatter(pattern: String) -> DateFormatter {
        cachedFormatter(key: "p:" + pattern) { $0.dateFormat = pattern }
    }

    /// A formatter for a template (`yMMMd`) localised for the picker's locale.
    func formatter(template: String) -> DateFormatter {
        cachedFormatter(key: "t:" + template) { $0.setLocalizedDateFormatFromTemplate(template) }
    }

    /// The date-format pattern of a field (`MMM`, `d`, `y`, `h`, `mm`, `a`).
    func pattern(of field: Field) -> String { fieldOrder.pattern(of: field) }

    /// A formatter in the picker's calendar, locale and time zone, made once per key.
    func cachedFormatter(key: String, configure: (DateFormatter) -> Void) -> DateFormatter {
        if let cached = formatters[key] { return cached }
        let formatter = DateFormatter()
        formatter.locale = locale
        formatter.calendar = workingCalendar
        formatter.timeZone = timeZone
        configure(formatter)
        formatters[key] = formatter
        return formatter
    }
}
