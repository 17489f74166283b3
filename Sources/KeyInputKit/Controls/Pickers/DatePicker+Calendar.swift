import Foundation

extension DatePicker {
    /// The years the picker offers when no bound says otherwise, in its calendar.
    static let yearRange = 1...9999

    // MARK: Values

    /// The date's parts in the picker's calendar and time zone.
    func parts(of date: Date) -> DateComponents {
        workingCalendar.dateComponents(
            [.era, .year, .month, .day, .hour, .minute, .second, .nanosecond, .isLeapMonth], from: date)
    }

    /// The number a field holds now, as typed digits would give it (the
    /// hour in the locale's clock; 0 for AM and 1 for PM; the month's place in its year).
    func numericValue(of field: Field) -> Int {
        let c = parts(of: self.date)
        switch field {
        case .era: return c.era ?? 0
        case .year: return c.year ?? 1
        case .month: return monthPlace(of: self.date)
        case .day: return c.day ?? 1
        case .hour: return displayedHour(c.hour ?? 0)
        case .minute: return c.minute ?? 0
        case .dayPeriod: return (c.hour ?? 0) >= 12 ? 1 : 0
        case .countDownHours: return Int(storedDuration) / 3600
        case .countDownMinutes: return (Int(storedDuration) % 3600) / 60
        }
    }

    /// The values digits can type into a field.
    func typedRange(of field: Field) -> ClosedRange<Int> {
        switch field {
        case .era: return eraRange
        case .year: return showsEra ? years(ofEra: parts(of: self.date).era ?? 0) : Self.yearRange
        case .month: return 1...monthsInYear(of: self.date)
        case .day: return 1...daysInMonth(of: self.date)
        case .hour:
            switch fieldOrder.hourCycle {
            case .h12: return 1...12
            case .h11: return 0...11
            case .h23: return 0...23
            case .h24: return 1...24
            }
        case .minute, .countDownMinutes: return 0...59
        case .countDownHours: return 0...23
        case .dayPeriod: return 0...1
        }
    }

    private func displayedHour(_ hour: Int) -> Int {
        switch fieldOrder.hourCycle {
        case .h12: return hour % 12 == 0 ? 12 : hour % 12
        case .h11: return hour % 12
        case .h23: return hour
        case .h24: return hour == 0 ? 24 : hour
        }
    }

    /// The number of months the year has (Foundation counts 13 in every Hebrew year; a common year has 12).
    func monthsInYear(of date: Date) -> Int {
        months(inYearOf: date).count
    }

    func daysInMonth(of date: Date) -> Int {
        workingCalendar.range(of: .day, in: .month, for: date)?.count ?? 31
    }

    // MARK: Date arithmetic

    /// `date` with one field changed (not clamped to the bounds).
    func changedDate(_ date: Date, field: Field, change: Change) -> Date {
        let c = parts(of: date)
        let era = c.era ?? 0, year = c.year ?? 1, month = month(of: date), day = c.day ?? 1
        switch field {
        case .era:
            let eras = eraRange
            let target: Int
            switch change {
            case .step(let n), .page(let n): target = era + n
            case .first: target = effectiveBounds.minimum.flatMap { parts(of: $0).era } ?? eras.lowerBound
            case .last: target = effectiveBounds.maximum.flatMap { parts(of: $0).era } ?? eras.upperBound
            case .set(let value): target = value
            }
            let clampedEra = min(max(target, eras.lowerBound), eras.upperBound)
            guard clampedEra != era else { return date }
            let years = years(ofEra: clampedEra)
            return settingDay(of: date, era: clampedEra, year: min(max(year, years.lowerBound), years.upperBound), month: month, day: day)
        case .year:
            // A year of the picker's calendar (2569 is 2569 BE in the Buddhist), within its era where eras show.
            let years = showsEra ? years(ofEra: era) : Self.yearRange
            func boundYear(_ bound: Date?) -> Int? {
                guard let bound else { return nil }
                let b = parts(of: bound)
                return !showsEra || b.era == era ? b.year : nil
            }
            let target: Int
            switch change {
            case .step(let n): target = year + n
            case .page(let n): target = year + 10 * n
            case .first: target = boundYear(effectiveBounds.minimum) ?? years.lowerBound
            case .last: target = boundYear(effectiveBounds.maximum) ?? years.upperBound
            case .set(let value): target = value
            }
            let clampedYear = min(max(target, years.lowerBound), years.upperBound)
            return settingDay(of: date, era: era, year: clampedYear, month: month, day: day)
        case .month:
            // By place in the year, so that steps visit exactly the months the year has.
            let months = months(inYearOf: date)
            let place = months.firstIndex(of: month) ?? 0
            let target: Int
            switch change {
            case .step(let n): target = wrap(place + n, count: months.count)
            case .page(let n): return changedDate(date, field: .year, change: .step(n))
            case .first: target = 0
            case .last: target = months.count - 1
            case .set(let value): target = min(max(value, 1), months.count) - 1
            }
            return settingDay(of: date, era: era, year: year, month: months[target], day: day)
        case .day:
            let days = daysInMonth(of: date)
            let target: Int
            switch change {
            case .step(let n): target = wrap(day - 1 + n, count: days) + 1
            case .page(let n): return changedDate(date, field: .month, change: .step(n))
            case .first: target = 1
            case .last: target = days
            case .set(let value): target = min(max(value, 1), days)
            }
            return settingDay(of: date, era: era, year: year, month: month, day: target)
        case .hour:
            switch change {
            case .step(let n): return movingWithinDay(date, by: Double(n) * 3600)
            case .page(let n): return movingWithinDay(date, by: Double(6 * n) * 3600)
            case .first, .last:
                guard let day = workingCalendar.dateInterval(of: .day, for: date) else { return date }
                let intoHour = date.timeIntervalSince(day.start).truncatingRemainder(dividingBy: 3600)
                let offset = change == .first ? intoHour : max(0, day.duration - 3600) + intoHour
                return day.start.addingTimeInterval(offset)
            case .set(let value):
                return settingHour(of: date, to: hour24(fromTyped: value, date: date))
            }
        case .minute:
            let minute = c.minute ?? 0
            let target: Int
            switch change {
            case .step(let n): target = steppedMinute(minute, by: n)
            case .page(let n): return changedDate(date, field: .hour, change: .step(n))
            case .first: target = 0
            case .last: target = 60 - effectiveMinuteInterval
            case .set(let value): target = value - value % effectiveMinuteInterval
            }
            // A real-time move keeps the same instance of a repeated hour.
            return date.addingTimeInterval(Double(target - minute) * 60)
        case .dayPeriod:
            let hour = c.hour ?? 0
            let isPM = hour >= 12
            let wantsPM: Bool
            switch change {
            case .step(let n), .page(let n): wantsPM = n % 2 == 0 ? isPM : !isPM
            case .first: wantsPM = false
            case .last: wantsPM = true
            case .set(let value): wantsPM = value != 0
            }
            guard wantsPM != isPM else { return date }
            return settingHour(of: date, to: wantsPM ? hour + 12 : hour - 12)
        case .countDownHours, .countDownMinutes:
            return date
        }
    }

    /// The next minute on the interval grid, `steps` away, wrapping within the
    /// hour; a minute off the grid moves to the grid line in that direction first.
    private func steppedMinute(_ minute: Int, by steps: Int) -> Int {
        let interval = effectiveMinuteInterval
        let slots = 60 / interval
        let base = steps > 0 ? minute / interval : (minute + interval - 1) / interval
        return wrap(base + steps, count: slots) * interval
    }

    /// The hour in 0…23 that a typed hour means, keeping AM or PM.
    private func hour24(fromTyped value: Int, date: Date) -> Int {
        let isPM = (parts(of: date).hour ?? 0) >= 12
        switch fieldOrder.hourCycle {
        case .h12: return value % 12 + (isPM ? 12 : 0)
        case .h11: return value % 12 + (isPM ? 12 : 0)
        case .h23: return value % 24
        case .h24: return value % 24
        }
    }

    /// The date on another day (the day clamped to the month's length), at
    /// the same wall-clock time — or the first valid time after it, on a
    /// daylight-saving day where that time does not exist. A month the year
    /// lacks (Adar I in a Hebrew common year) is read by Foundation as the next (Adar).
    private func settingDay(of date: Date, era: Int, year: Int, month: CalendarMonth, day: Int) -> Date {
        var c = parts(of: date)
        var first = DateComponents()
        first.era = era
        first.year = year
        first.month = month.number
        if month.isLeap { first.isLeapMonth = true }
        first.day = 1
        first.hour = 12
        guard let firstDay = workingCalendar.date(from: first) else { return date }
        let days = daysInMonth(of: firstDay)
        let landed = parts(of: firstDay)
        c.era = landed.era
        c.year = landed.year
        c.month = landed.month
        c.isLeapMonth = landed.isLeapMonth
        c.day = min(max(day, 1), days)
        return workingCalendar.date(from: c) ?? date
    }

    /// The date at another hour of the same day (the first valid time at or
    /// after it when that hour does not exist).
    private func settingHour(of date: Date, to hour: Int) -> Date {
        var c = parts(of: date)
        c.hour = hour
        return workingCalendar.date(from: c) ?? date
    }

    /// Moves by real time, wrapping within the day the date is in: on a
    /// 23- or 25-hour day the steps follow the clock the day really has.
    private func movingWithinDay(_ date: Date, by seconds: Double) -> Date {
        guard let day = workingCalendar.dateInterval(of: .day, for: date), day.duration > 0 else {
            return date.addingTimeInterval(seconds)
        }
        let offset = date.timeIntervalSince(day.start) + seconds
        var wrapped = offset.truncatingRemainder(dividingBy: day.duration)
        if wrapped < 0 { wrapped += day.duration }
        return day.start.addingTimeInterval(wrapped)
    }

    // MARK: Countdown arithmetic

    /// `duration` with one countdown field changed (not yet normalised).
    func changedDuration(_ duration: TimeInterval, field: Field, change: Change) -> TimeInterval {
        let total = Int(duration) / 60
        let hours = total / 60, minutes = total % 60
        switch field {
        case .countDownHours:
            let target: Int
            switch change {
            case .step(let n): target = wrap(hours + n, count: 24)
            case .page(let n): target = wrap(hours + 6 * n, count: 24)
            case .first: target = 0
            case .last: target = 23
            case .set(let value): target = min(max(value, 0), 23)
            }
            return Double(target * 3600 + minutes * 60)
        case .countDownMinutes:
            let target: Int
            switch change {
            case .step(let n): target = steppedMinute(minutes, by: n)
            case .page(let n): return changedDuration(duration, field: .countDownHours, change: .step(n))
            case .first: target = 0
            case .last: target = 60 - effectiveMinuteInterval
            case .set(let value): target = value - value % effectiveMinuteInterval
            }
            return Double(hours * 3600 + target * 60)
        default:
            return duration
        }
    }

    /// `value` modulo `count`, never negative.
    private func wrap(_ value: Int, count: Int) -> Int {
        guard count > 0 else { return 0 }
        let r = value % count
        return r < 0 ? r + count : r
    }
}
