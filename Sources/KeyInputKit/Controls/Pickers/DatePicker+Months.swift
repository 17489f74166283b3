import Foundation

extension DatePicker {
    /// A month as the calendar numbers it; a leap month (Chinese) shares its number with the month before.
    struct CalendarMonth: Equatable {
        var number: Int
        var isLeap: Bool
    }

    /// The months the year of `date` has, in order, as Foundation numbers them.
    ///
    /// Twelve in the Gregorian calendar; in the Hebrew, 1–13 in a leap year
    /// (6 is Adar I, 7 Adar II) and 1–5, 7–13 in a common year (no Adar I).
    func months(inYearOf date: Date) -> [CalendarMonth] {
        let c = parts(of: date)
        guard let start = workingCalendar.dateInterval(of: .year, for: date)?.start,
            let anchor = workingCalendar.date(byAdding: .hour, value: 12, to: start)
        else { return (1...12).map { CalendarMonth(number: $0, isLeap: false) } }
        var months: [CalendarMonth] = []
        for offset in 0..<24 {
            guard let day = workingCalendar.date(byAdding: .month, value: offset, to: anchor) else { break }
            let m = parts(of: day)
            guard m.era == c.era, m.year == c.year, let number = m.month else { break }
            let month = CalendarMonth(number: number, isLeap: m.isLeapMonth ?? false)
            if months.last != month { months.append(month) }
        }
        return months.isEmpty ? [CalendarMonth(number: c.month ?? 1, isLeap: c.isLeapMonth ?? false)] : months
    }

    /// The month `date` is in.
    func month(of date: Date) -> CalendarMonth {
        let c = parts(of: date)
        return CalendarMonth(number: c.month ?? 1, isLeap: c.isLeapMonth ?? false)
    }

    /// The place of the date's month in its year, from 1 (what the month field counts and digits type).
    func monthPlace(of date: Date) -> Int {
        let month = month(of: date)
        return (months(inYearOf: date).firstIndex(of: month) ?? month.number - 1) + 1
    }
}
