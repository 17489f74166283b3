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
            // The longest month name as the field writes it.
            let formatter = formatter(pattern: pattern(of: .month))
            let names = (1...12).compactMap { month in
                workingCalendar.date(from: DateComponents(year: 2001, month: month, day: 1, hour: 12))
                    .map(formatter.string(from:))
            }
            characters = names.map(\.count).max() ?? 3
        case .year: characters = 4
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
        let text = text(of: field, date: self.date, duration: storedDuration)
        switch field {
        case .countDownHours: return text + " h"
        case .countDownMinutes: return text + " min"
        default: return text
        }
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
