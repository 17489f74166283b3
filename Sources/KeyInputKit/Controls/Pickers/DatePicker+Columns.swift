import Foundation

extension DatePicker {
    /// The frames of the field boxes, in the picker's coordinates, for its current width.
    public var fieldFrames: [Rect] { columnFrames }

    /// The index of the field whose column holds `point`, if any.
    ///
    /// - Parameter point: A point in the picker's coordinates.
    /// - Returns: The field's index in ``fields``, or `nil` between and beside them.
    public func fieldIndex(at point: Point) -> Int? {
        columnIndex(at: point)
    }

    /// The width a field would like: its longest text, and at least 48 points.
    func preferredWidth(of field: Field) -> Double {
        let characters: Int
        switch field {
        case .month:
            // The longest month name of this year and the next three (a Hebrew leap year among them).
            let formatter = formatter(pattern: pattern(of: .month))
            let years = (0...3).compactMap { workingCalendar.date(byAdding: .year, value: $0, to: self.date) }
            let names = years.flatMap { year in
                months(inYearOf: year).compactMap { month in
                    var c = parts(of: year)
                    c.month = month.number
                    c.isLeapMonth = month.isLeap
                    c.day = 1
                    c.hour = 12
                    return workingCalendar.date(from: c).map(formatter.string(from:))
                }
            }
            characters = names.map(\.count).max() ?? 3
        case .era:
            // The longest name of the eras between the first one people pick dates in and today's.
            let formatter = formatter(pattern: pattern(of: .era))
            let first = min(parts(of: Date(timeIntervalSince1970: -631_152_000)).era ?? 0, parts(of: self.date).era ?? 0)
            let last = max(parts(of: Date()).era ?? 0, parts(of: self.date).era ?? 0)
            let names = (first...max(first, last)).compactMap { date(inEra: $0).map(formatter.string(from:)) }
            characters = names.map(\.count).max() ?? 2
        case .year: characters = max(4, text(of: .year, date: self.date, duration: 0).count)
        case .dayPeriod: characters = max(workingCalendar.amSymbol.count, workingCalendar.pmSymbol.count)
        case .countDownHours: characters = 4
        case .countDownMinutes: characters = 6
        case .day, .hour, .minute: characters = 2
        }
        return max(48, Double(characters) * ColumnMetrics.characterWidth + 24)
    }

    /// What the box of a field shows: its text, the digits of a year being
    /// typed, or a countdown value with its unit.
    func boxText(_ index: Int) -> String {
        let field = fields[index]
        if index == selectedField, field == .year, !pendingDigits.isEmpty { return pendingDigits }
        switch field {
        case .countDownHours: return countDownText(hours: Int(storedDuration) / 3600)
        case .countDownMinutes: return countDownText(minutes: (Int(storedDuration) % 3600) / 60)
        default: return text(of: field, date: self.date, duration: storedDuration)
        }
    }

    /// Hours or minutes of a countdown with their unit, in the locale's words and digits ("3 hr", "05 min", "۳ ساعت").
    func countDownText(hours: Int? = nil, minutes: Int? = nil) -> String {
        let unit: Duration.UnitsFormatStyle.Unit = hours != nil ? .hours : .minutes
        let style = Duration.UnitsFormatStyle(
            allowedUnits: [unit], width: .abbreviated, zeroValueUnits: .show(length: hours != nil ? 1 : 2))
        let seconds = Int64(hours.map { $0 * 3600 } ?? (minutes ?? 0) * 60)
        return Duration.seconds(seconds).formatted(style.locale(locale))
    }

    /// The text a field would show one step away, or `nil` when the bounds
    /// leave it where it is.
    func neighbourText(_ index: Int, steps: Int) -> String? {
        let field = fields[index]
        let current = text(of: field, date: self.date, duration: storedDuration)
        let neighbour: String
        if datePickerMode == .countDownTimer {
            let duration = normalizedDuration(changedDuration(storedDuration, field: field, change: .step(steps)))
            neighbour = text(of: field, date: self.date, duration: duration)
        } else {
            let date = clamped(changedDate(self.date, field: field, change: .step(steps)))
            neighbour = text(of: field, date: date, duration: storedDuration)
        }
        return neighbour == current ? nil : neighbour
    }
}
