import Foundation

extension DatePicker {
    /// Whether the picker has an era field (the Japanese calendar): the year is then a year of its era.
    var showsEra: Bool { fieldOrder.dateFields.contains(.era) }

    /// The eras Foundation knows for the calendar, by number (Japanese: 0, Taika, … 236, Reiwa).
    var eraRange: ClosedRange<Int> {
        let eras = workingCalendar.maximumRange(of: .era) ?? 0..<1
        return eras.lowerBound...max(eras.lowerBound, eras.upperBound - 1)
    }

    /// The years of an era: 1 through the year the next era began in (Heisei: 1–31),
    /// or through ``yearRange``'s last for the era still running.
    func years(ofEra era: Int) -> ClosedRange<Int> {
        let open = 1...Self.yearRange.upperBound
        guard era < eraRange.upperBound,
            var next = workingCalendar.date(from: DateComponents(era: era + 1, year: 1, month: 1, day: 1, hour: 12))
        else { return open }
        // Foundation reads a date before the next era's first day in the era before it.
        if parts(of: next).era == era + 1, let before = workingCalendar.date(byAdding: .day, value: -1, to: next) {
            next = before
        }
        let last = parts(of: next)
        guard last.era == era, let year = last.year, year >= 1 else { return open }
        return 1...year
    }

    /// A date well inside an era (the first day of its second year, else of its first), for its name.
    func date(inEra era: Int) -> Date? {
        for year in [2, 1] {
            if let date = workingCalendar.date(from: DateComponents(era: era, year: year, month: 1, day: 1, hour: 12)),
                parts(of: date).era == era
            {
                return date
            }
        }
        return nil
    }
}
