import Foundation

extension DatePicker {
    /// The catalog entry naming a field.
    static func name(of field: Field) -> ToolkitString {
        switch field {
        case .era: .fieldEra
        case .year: .fieldYear
        case .month: .fieldMonth
        case .day: .fieldDay
        case .hour: .fieldHour
        case .minute: .fieldMinute
        case .dayPeriod: .fieldDayPeriod
        case .countDownHours: .fieldCountDownHours
        case .countDownMinutes: .fieldCountDownMinutes
        }
    }
}
