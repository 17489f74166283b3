import Foundation

extension DatePicker {
    /// The bounds in force: none when ``minimumDate`` is after ``maximumDate``.
    var effectiveBounds: (minimum: Date?, maximum: Date?) {
        if let minimumDate, let maximumDate, minimumDate > maximumDate { return (nil, nil) }
        return (minimumDate, maximumDate)
    }

    /// A date clamped to the bounds in force.
    ///
    /// - Parameter date: Any date.
    /// - Returns: The date, or the nearer bound when it is outside them.
    public func clamped(_ date: Date) -> Date {
        let (minimum, maximum) = effectiveBounds
        if let minimum, date < minimum { return minimum }
        if let maximum, date > maximum { return maximum }
        return date
    }

    /// `duration` clamped to 0 … 23:59 and rounded to the nearest minute interval.
    func normalizedDuration(_ duration: TimeInterval) -> TimeInterval {
        let step = Double(effectiveMinuteInterval * 60)
        guard duration.isFinite else { return 0 }
        let last = (Self.maximumCountDownDuration / step).rounded(.down)
        let steps = min(max((duration / step).rounded(), 0), last)
        return steps * step
    }
}
