extension DatePicker {
    /// What the picker chooses.
    public enum Mode: Hashable, Sendable {
        /// A time of day: hour, minute and, for 12-hour locales, AM/PM.
        case time
        /// A day: month, day and year in the locale's order.
        case date
        /// A day and a time of day.
        case dateAndTime
        /// A duration of up to 23 hours 59 minutes: hours and minutes.
        case countDownTimer
    }

    /// One field of the picker, and how its keys step it.
    ///
    /// | Field | Up/Down | Page Up/Down | Home/End |
    /// |---|---|---|---|
    /// | ``era`` | ±1 era, keeping the year within the era when it can | ±1 era | the minimum's or maximum's era (the calendar's first or last without one) |
    /// | ``year`` | ±1 year | ±10 years | the minimum's or maximum's year (1 or 9999 without one) |
    /// | ``month`` | ±1, wrapping within the months the year has | ±1 year | the year's first and last month |
    /// | ``day`` | ±1, wrapping within the month | ±1 month (wrapping within the year) | the first, the last day |
    /// | ``hour`` | ±1 hour, wrapping within the day | ±6 hours | the first, the last hour of the day |
    /// | ``minute`` | ±1 minute interval, wrapping within the hour | ±1 hour | :00, the last interval |
    /// | ``dayPeriod`` | AM ↔ PM | AM ↔ PM | AM, PM |
    /// | ``countDownHours`` | ±1, wrapping 0…23 | ±6 | 0, 23 |
    /// | ``countDownMinutes`` | ±1 minute interval, wrapping within the hour | ±1 hour | 0, the last interval |
    public enum Field: Hashable, Sendable {
        /// The era, in calendars whose era changes within living memory (the
        /// Japanese calendar's Shōwa, Heisei, Reiwa); elsewhere the era stays fixed.
        case era
        /// The year: within its era where there is an ``era`` field.
        case year
        /// The month.
        case month
        /// The day of the month.
        case day
        /// The hour, shown in the locale's clock (1–12 or 0–23).
        case hour
        /// The minute.
        case minute
        /// AM or PM, for 12-hour clocks.
        case dayPeriod
        /// The hours of a countdown.
        case countDownHours
        /// The minutes of a countdown.
        case countDownMinutes
    }
}
