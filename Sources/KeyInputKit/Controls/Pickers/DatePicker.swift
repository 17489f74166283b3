import Foundation
import XKB

/// A control for choosing a date, a time, both, or a countdown duration —
/// UIKit's `UIDatePicker`, driven by keyboard and pointer.
///
/// Make it a control's ``Responder/inputView`` and it replaces the on-screen
/// keyboard while the control is first responder; the window sends it keys
/// before anyone else (``InputViewKeyHandling``).
///
/// The value is shown as fields — month, day and year in the locale's order,
/// hour and minute (and AM/PM where the locale uses a 12-hour clock), or the
/// hours and minutes of a countdown. One field is selected.
///
/// ## Keyboard
///
/// | Key | Does |
/// |---|---|
/// | Left, Right | Selects the field before or after (stops at the ends). |
/// | Tab, Shift+Tab | The same, but from the last (first) field, focus moves on to the next (previous) control. |
/// | Up, Down | The selected field one up or down, wrapping within the next larger unit: the day within its month, the month within its year, the hour within its day, the minute within its hour. The year does not wrap. |
/// | Page Up, Page Down | A bigger step: see ``Field``. |
/// | Home, End | The field's first or last value. |
/// | Digits | Typed straight into the field; when no further digit could fit, the picker moves on to the next field. |
/// | A, P | AM or PM, on the AM/PM field. |
/// | Return, keypad Enter | Confirms: sends ``Control/Event/primaryActionTriggered`` and ends editing. |
/// | Escape | Cancels: restores the value editing began with and ends editing. |
///
/// Every result is clamped to ``minimumDate`` … ``maximumDate``. Calendar
/// arithmetic uses ``calendar`` in ``timeZone``: a month change keeps the day
/// when it can and clamps it otherwise (January 31 + 1 month = February 28,
/// or 29 in a leap year); an hour step moves by one real hour within the day,
/// so on a daylight-saving day it skips the hour that does not exist and
/// visits twice the hour that happens twice, always forwards.
///
/// ## Pointer
///
/// A click on a field selects it; a click on the value drawn above or below
/// a field steps it that way; the scroll wheel over a field steps it (up
/// increases).
///
/// Changes made by the person send ``Control/Event/valueChanged``; changes
/// made by code (``date``, ``countDownDuration``) do not.
@MainActor
open class DatePicker: Control, InputViewKeyHandling {
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
    /// | ``year`` | ±1 year | ±10 years | the minimum's or maximum's year (1 or 9999 without one) |
    /// | ``month`` | ±1, wrapping within the year | ±1 year | January, December |
    /// | ``day`` | ±1, wrapping within the month | ±1 month (wrapping within the year) | the first, the last day |
    /// | ``hour`` | ±1 hour, wrapping within the day | ±6 hours | the first, the last hour of the day |
    /// | ``minute`` | ±1 minute interval, wrapping within the hour | ±1 hour | :00, the last interval |
    /// | ``dayPeriod`` | AM ↔ PM | AM ↔ PM | AM, PM |
    /// | ``countDownHours`` | ±1, wrapping 0…23 | ±6 | 0, 23 |
    /// | ``countDownMinutes`` | ±1 minute interval, wrapping within the hour | ±1 hour | 0, the last interval |
    public enum Field: Hashable, Sendable {
        /// The year.
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

    /// The picker's standard height: the on-screen keyboard's.
    public static let height = 216.0
    /// The longest countdown: 23 hours 59 minutes.
    public static let maximumCountDownDuration: TimeInterval = 23 * 3600 + 59 * 60

    // MARK: Configuration

    /// What the picker chooses (UIKit's name). ``Mode/dateAndTime`` by default, as in UIKit.
    open var datePickerMode: Mode = .dateAndTime {
        didSet { configurationDidChange() }
    }

    /// The calendar fields are computed in. The Gregorian calendar by default.
    open var calendar: Calendar {
        didSet { configurationDidChange() }
    }

    /// The locale for field order, month names and the 12- or 24-hour clock.
    /// The current locale by default.
    open var locale: Locale {
        didSet { configurationDidChange() }
    }

    /// The time zone the date is shown and changed in. The current time zone by default.
    open var timeZone: TimeZone {
        didSet { configurationDidChange() }
    }

    /// A title drawn above the fields; `nil` (the default) draws ``formattedValue``.
    open var title: String? {
        didSet { setNeedsDisplay() }
    }

    // MARK: Value

    private var storedDate: Date
    private(set) var storedDuration: TimeInterval = 0

    /// The chosen date, clamped to ``minimumDate`` … ``maximumDate``.
    ///
    /// The bounds in force when it is read apply, whatever order they were
    /// set in. Setting it from code sends no event.
    open var date: Date {
        get { clamped(storedDate) }
        set {
            storedDate = clamped(newValue)
            pendingDigits = ""
            setNeedsDisplay()
        }
    }

    /// The earliest date the picker allows, or `nil`. Ignored, with
    /// ``maximumDate``, when it is later than ``maximumDate``.
    open var minimumDate: Date? {
        didSet { boundsDidChange() }
    }

    /// The latest date the picker allows, or `nil`. Ignored, with
    /// ``minimumDate``, when it is earlier than ``minimumDate``.
    open var maximumDate: Date? {
        didSet { boundsDidChange() }
    }

    /// The step of the minute fields. It must divide 60 and be at most 30;
    /// any other value is treated as 1 (see ``effectiveMinuteInterval``).
    open var minuteInterval: Int = 1 {
        didSet {
            storedDuration = normalizedDuration(storedDuration)
            setNeedsDisplay()
        }
    }

    /// The minute step in use: ``minuteInterval`` when it is valid, else 1.
    public var effectiveMinuteInterval: Int {
        (1...30).contains(minuteInterval) && 60 % minuteInterval == 0 ? minuteInterval : 1
    }

    /// The countdown's duration in seconds, for ``Mode/countDownTimer``:
    /// clamped to 0 … 23:59 and rounded to the nearest minute interval (the
    /// longest is the last whole interval before 24 hours).
    ///
    /// Setting it from code sends no event.
    open var countDownDuration: TimeInterval {
        get { storedDuration }
        set {
            storedDuration = normalizedDuration(newValue)
            pendingDigits = ""
            setNeedsDisplay()
        }
    }

    // MARK: Fields

    /// The fields shown for the mode and locale, left to right.
    public private(set) var fields: [Field] = []

    /// The index of the selected field in ``fields``.
    ///
    /// Selecting a field throws away digits typed into the one before.
    public var selectedField: Int = 0 {
        didSet {
            let clampedIndex = fields.isEmpty ? 0 : min(max(selectedField, 0), fields.count - 1)
            if clampedIndex != selectedField { selectedField = clampedIndex }
            pendingDigits = ""
            scrollCarry = 0
            setNeedsDisplay()
        }
    }

    /// Digits typed into the selected field that are not complete yet (a
    /// year needs four; a leading zero waits for the next digit). Any other
    /// key, a click, or selecting another field drops them.
    public internal(set) var pendingDigits = ""

    // MARK: Internal state

    /// The calendar with the picker's time zone and locale.
    private(set) var workingCalendar: Calendar
    /// Date-format patterns of each field, from the locale's formats.
    private var patterns: [Field: String] = [:]
    /// The fields of the date part and of the time part, in the locale's order.
    private(set) var dateFieldOrder: [Field] = []
    private var timeFieldOrder: [Field] = []
    /// The locale's clock.
    private(set) var hourCycle: HourCycle = .h23
    private var formatters: [String: DateFormatter] = [:]
    var snapshot: EditingSnapshot<(date: Date, duration: TimeInterval)>?
    var scrollCarry = 0.0

    /// How a locale counts hours.
    enum HourCycle {
        /// 1–12 with AM/PM (`h`).
        case h12
        /// 0–11 with AM/PM (`K`).
        case h11
        /// 0–23 (`H`).
        case h23
        /// 1–24 (`k`).
        case h24

        var usesDayPeriod: Bool { self == .h12 || self == .h11 }
    }

    // MARK: Creating

    /// Creates a date picker.
    ///
    /// - Parameters:
    ///   - mode: What it chooses.
    ///   - date: The initial date; now by default.
    ///   - frame: Its frame; the height is ``height`` by default and the
    ///     window gives it its width when it is shown as an input view.
    public init(mode: Mode = .dateAndTime, date: Date = Date(), frame: Rect = Rect(x: 0, y: 0, width: 0, height: DatePicker.height)) {
        self.datePickerMode = mode
        self.storedDate = date
        self.calendar = Calendar(identifier: .gregorian)
        self.locale = .current
        self.timeZone = .current
        self.workingCalendar = Calendar(identifier: .gregorian)
        super.init(frame: frame)
        identifier = "date-picker"
        keepsKeyboardOnPress = true
        becomesFirstResponderOnPress = false
        configurationDidChange()
    }

    private func configurationDidChange() {
        var working = calendar
        working.timeZone = timeZone
        working.locale = locale
        workingCalendar = working
        formatters.removeAll()
        derivePatterns()
        switch datePickerMode {
        case .date: fields = dateFieldOrder
        case .time: fields = timeFieldOrder
        case .dateAndTime: fields = dateFieldOrder + timeFieldOrder
        case .countDownTimer: fields = [.countDownHours, .countDownMinutes]
        }
        selectedField = min(selectedField, fields.count - 1)
        setNeedsDisplay()
    }

    private func boundsDidChange() {
        setNeedsDisplay()
    }

    /// Reads the field order and patterns from the locale's own formats.
    private func derivePatterns() {
        let datePattern = DateFormatter.dateFormat(fromTemplate: "yMMMd", options: 0, locale: locale) ?? "MMM d, y"
        let timePattern = DateFormatter.dateFormat(fromTemplate: "jm", options: 0, locale: locale) ?? "HH:mm"
        patterns = [:]
        dateFieldOrder = []
        timeFieldOrder = []
        hourCycle = .h23
        for (letter, count) in Self.patternFields(datePattern) {
            switch letter {
            case "y", "Y", "u", "U", "r":
                append(.year, pattern: "y", to: &dateFieldOrder)
            case "M", "L":
                append(.month, pattern: String(repeating: letter, count: count), to: &dateFieldOrder)
            case "d":
                append(.day, pattern: String(repeating: "d", count: count), to: &dateFieldOrder)
            default: break
            }
        }
        for (letter, count) in Self.patternFields(timePattern) {
            switch letter {
            case "h", "K", "H", "k":
                hourCycle = letter == "h" ? .h12 : letter == "K" ? .h11 : letter == "k" ? .h24 : .h23
                append(.hour, pattern: String(repeating: letter, count: min(count, 2)), to: &timeFieldOrder)
            case "m":
                append(.minute, pattern: "mm", to: &timeFieldOrder)
            case "a", "b", "B":
                append(.dayPeriod, pattern: "a", to: &timeFieldOrder)
            default: break
            }
        }
        // Formats without a field still get one, in a conventional place.
        for field in [Field.month, .day, .year] where patterns[field] == nil {
            append(field, pattern: field == .year ? "y" : field == .month ? "MMM" : "d", to: &dateFieldOrder)
        }
        for field in [Field.hour, .minute] where patterns[field] == nil {
            append(field, pattern: field == .hour ? "HH" : "mm", to: &timeFieldOrder)
        }
        if hourCycle.usesDayPeriod, patterns[.dayPeriod] == nil {
            append(.dayPeriod, pattern: "a", to: &timeFieldOrder)
        }
        if !hourCycle.usesDayPeriod { timeFieldOrder.removeAll { $0 == .dayPeriod } }
    }

    /// The date-format pattern of a field (`MMM`, `d`, `y`, `h`, `mm`, `a`).
    func pattern(of field: Field) -> String { patterns[field] ?? "d" }

    /// A formatter in the picker's calendar, locale and time zone, made once per key.
    func cachedFormatter(key: String, configure: (DateFormatter) -> Void) -> DateFormatter {
        if let cached = formatters[key] { return cached }
        let formatter = DateFormatter()
        formatter.calendar = workingCalendar
        formatter.locale = locale
        formatter.timeZone = timeZone
        configure(formatter)
        formatters[key] = formatter
        return formatter
    }

    private func append(_ field: Field, pattern: String, to order: inout [Field]) {
        guard patterns[field] == nil else { return }
        patterns[field] = pattern
        order.append(field)
    }

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

    // MARK: Editing

    /// Remembers the current value as the one Escape restores.
    ///
    /// The picker calls it itself when it joins a window (when it is shown
    /// as an input view) and, failing that, before the first change of an
    /// editing session; a control that shows one picker for several values
    /// calls it when it becomes first responder, after setting ``date``.
    open func beginEditing() {
        snapshot = EditingSnapshot(value: (date, storedDuration), owner: window?.firstResponder)
    }

    /// Makes sure a snapshot for the current editing session exists: a new
    /// session starts when another responder is first.
    private func ensureSnapshot() {
        if let snapshot {
            guard let first = window?.firstResponder, snapshot.owner !== first else { return }
        }
        beginEditing()
    }

    /// When the picker is shown, selects the first field and remembers the
    /// value for Escape; forgets it when the picker leaves its window.
    open override func didMoveToWindow() {
        super.didMoveToWindow()
        if window != nil {
            selectedField = 0  // also drops typed digits and wheel fractions
            beginEditing()
        } else {
            snapshot = nil
            pendingDigits = ""
        }
    }

    /// Confirms the value, as Return does: sends
    /// ``Control/Event/primaryActionTriggered`` and asks the window to end
    /// editing (the first responder resigns, which hides the picker).
    open func confirm() {
        pendingDigits = ""
        snapshot = nil
        sendActions(for: .primaryActionTriggered)
        window?.endEditing(force: false)
        setNeedsDisplay()
    }

    /// Cancels, as Escape does: restores the value editing began with
    /// (sending ``Control/Event/valueChanged`` when that changes it) and
    /// asks the window to end editing.
    open func cancel() {
        pendingDigits = ""
        if let snapshot {
            self.snapshot = nil
            let restoredDate = clamped(snapshot.value.date)
            let restoredDuration = normalizedDuration(snapshot.value.duration)
            let changed = restoredDate != date || restoredDuration != storedDuration
            storedDate = restoredDate
            storedDuration = restoredDuration
            if changed { sendActions(for: .valueChanged) }
        }
        window?.endEditing(force: false)
        setNeedsDisplay()
    }

    /// Selects the next field; returns `false` at the last one.
    @discardableResult
    open func selectNextField() -> Bool {
        guard selectedField + 1 < fields.count else { return false }
        selectedField += 1
        return true
    }

    /// Selects the previous field; returns `false` at the first one.
    @discardableResult
    open func selectPreviousField() -> Bool {
        guard selectedField > 0 else { return false }
        selectedField -= 1
        return true
    }

    /// Steps the selected field as Up (positive) or Down (negative) does,
    /// as a person would: clamped, with ``Control/Event/valueChanged``.
    open func stepSelectedField(by steps: Int) {
        perform(.step(steps))
    }

    /// Changes the selected field as Page Up (positive) or Page Down
    /// (negative) does; see ``Field`` for the size of a page.
    open func pageSelectedField(by pages: Int) {
        perform(.page(pages))
    }

    /// Sets the selected field to its first value (Home) or its last (End).
    open func moveSelectedFieldToEnd(_ last: Bool) {
        perform(last ? .last : .first)
    }

    /// A change to the selected field.
    enum Change: Equatable {
        case step(Int)
        case page(Int)
        case first
        case last
        case set(Int)
    }

    /// Applies a change to the selected field as the person's action.
    func perform(_ change: Change) {
        if case .set = change {} else { pendingDigits = "" }  // another key ends the typing
        guard fields.indices.contains(selectedField) else { return }
        ensureSnapshot()
        let field = fields[selectedField]
        if datePickerMode == .countDownTimer {
            let duration = normalizedDuration(changedDuration(storedDuration, field: field, change: change))
            guard duration != storedDuration else { return setNeedsDisplay() }
            storedDuration = duration
        } else {
            let changed = clamped(changedDate(date, field: field, change: change))
            guard changed != date else { return setNeedsDisplay() }
            storedDate = changed
        }
        setNeedsDisplay()
        sendActions(for: .valueChanged)
    }

    // MARK: Keyboard, pointer, drawing

    /// Handles a key while the picker is shown (the window calls it before
    /// anything else); see the table in the overview. Returns `false` for
    /// keys it leaves to others: releases, shortcuts with Ctrl, Alt or
    /// Super, Tab past the last field, and text it has no use for.
    open func handleKeyPress(_ press: KeyPress) -> Bool {
        handleKey(press)
    }

    /// Selects the field under the pointer; on the value drawn above or
    /// below the field, steps it that way.
    open override func pointerDown(_ event: PointerEvent) {
        handlePointerDown(at: event.location(in: self))
    }

    /// Does nothing: a click on the picker is not an action.
    open override func pointerUp(_ event: PointerEvent) {}

    /// Does nothing.
    open override func pointerDragged(_ event: PointerEvent) {}

    /// Steps the field under the pointer: up increases it.
    open override func scrollWheel(_ event: PointerEvent) {
        guard case .scroll(_, let dy) = event.kind else { return }
        handleScroll(dy: dy, at: event.location(in: self))
    }

    /// Draws the title, the fields with the values above and below them,
    /// the selected field with a focus ring, and a line of key hints.
    open override func draw(in canvas: Canvas, rect: Rect) {
        drawPicker(in: canvas, rect: rect)
    }

    // MARK: Bounds

    /// The bounds in force: none when ``minimumDate`` is after ``maximumDate``.
    var effectiveBounds: (minimum: Date?, maximum: Date?) {
        if let minimumDate, let maximumDate, minimumDate > maximumDate { return (nil, nil) }
        return (minimumDate, maximumDate)
    }

    /// `date` clamped to the bounds in force.
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
