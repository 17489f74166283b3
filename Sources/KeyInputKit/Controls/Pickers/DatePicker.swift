import Foundation

/// A control for choosing a date, a time, both, or a countdown duration —
/// UIKit's `UIDatePicker`, driven by keyboard and pointer.
///
/// Make it a control's ``Responder/inputView`` and it replaces the on-screen
/// keyboard while the control is first responder; the window sends it keys
/// before anyone else (``InputViewKeyHandling``).
///
/// The value is shown as fields — month, day and year of its ``calendar`` in the locale's order,
/// hour and minute (and AM/PM where the locale uses a 12-hour clock), or the
/// hours and minutes of a countdown (see ``DateFieldOrder``). One field is
/// selected. Each field is a column of a ``ColumnPicker``.
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
open class DatePicker: ColumnPicker<(date: Date, duration: TimeInterval)> {
    /// The picker's standard height: the on-screen keyboard's.
    public static let height = 216.0
    /// The longest countdown: 23 hours 59 minutes.
    public static let maximumCountDownDuration: TimeInterval = 23 * 3600 + 59 * 60

    // MARK: Configuration

    /// What the picker chooses (UIKit's name). ``Mode/dateAndTime`` by default, as in UIKit.
    open var datePickerMode: Mode = .dateAndTime {
        didSet { configurationDidChange() }
    }

    /// The calendar the fields count in, as `UIDatePicker`'s does: the
    /// ``locale``'s own calendar until an app sets one.
    ///
    /// By default it is `locale.calendar` and follows ``locale`` when that
    /// changes: the Persian calendar for `fa_IR`, the Buddhist for `th_TH`,
    /// Islamic Umm al-Qura for `ar_SA`, the Japanese for
    /// `ja_JP@calendar=japanese`, the Gregorian where that is the locale's.
    /// Setting any calendar Foundation knows pins it: the locale then changes
    /// the words and the order of the fields, not the calendar. Months, days,
    /// eras and typed years are the calendar's (a Hebrew leap year has 13
    /// months; a Japanese date has an ``Field/era`` field).
    open var calendar: Calendar {
        get { pinnedCalendar ?? locale.calendar }
        set {
            pinnedCalendar = newValue
            configurationDidChange()
        }
    }

    /// The calendar an app set, or `nil` while the picker follows its locale.
    private var pinnedCalendar: Calendar?

    /// The locale for field order, month names, digits, the 12- or 24-hour
    /// clock and, until ``calendar`` is set, the calendar. The current locale by default.
    open var locale: Locale {
        didSet { configurationDidChange() }
    }

    /// The time zone the date is shown and changed in. The current time zone by default.
    open var timeZone: TimeZone {
        didSet { configurationDidChange() }
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
        didSet { setNeedsDisplay() }
    }

    /// The latest date the picker allows, or `nil`. Ignored, with
    /// ``minimumDate``, when it is earlier than ``minimumDate``.
    open var maximumDate: Date? {
        didSet { setNeedsDisplay() }
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

    /// The order of the fields and the clock, for the mode and locale.
    public private(set) var fieldOrder: DateFieldOrder

    /// The fields shown for the mode and locale, left to right.
    public var fields: [Field] { fieldOrder.fields }

    /// The index of the selected field in ``fields`` (``ColumnPicker/selectedColumn``).
    ///
    /// Selecting a field, even the one selected, throws away digits typed into it.
    public var selectedField: Int {
        get { selectedColumn }
        set { selectedColumn = newValue }
    }

    /// Digits typed into the selected field that are not complete yet (a
    /// year needs four; a leading zero waits for the next digit). Any other
    /// key, a click, or selecting another field drops them.
    public internal(set) var pendingDigits = ""

    /// The calendar with the picker's time zone and locale.
    private(set) var workingCalendar: Calendar
    /// Formatters made so far, by pattern or template.
    var formatters: [String: DateFormatter] = [:]

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
        self.locale = .current
        self.timeZone = .current
        self.workingCalendar = Self.workingCalendar(Locale.current.calendar, timeZone: .current, locale: .current)
        self.fieldOrder = DateFieldOrder(locale: .current, calendar: Locale.current.calendar, mode: mode)
        super.init(frame: frame)
        identifier = "date-picker"
    }

    private func configurationDidChange() {
        workingCalendar = Self.workingCalendar(calendar, timeZone: timeZone, locale: locale)
        formatters.removeAll()
        fieldOrder = DateFieldOrder(locale: locale, calendar: calendar, mode: datePickerMode)
        selectedField = min(selectedField, fields.count - 1)
        setNeedsDisplay()
    }

    private static func workingCalendar(_ calendar: Calendar, timeZone: TimeZone, locale: Locale) -> Calendar {
        var working = calendar
        working.timeZone = timeZone
        working.locale = locale
        return working
    }

    // MARK: Editing

    /// Selects the next field.
    ///
    /// - Returns: `false` at the last one.
    @discardableResult
    open func selectNextField() -> Bool { selectNextColumn() }

    /// Selects the previous field.
    ///
    /// - Returns: `false` at the first one.
    @discardableResult
    open func selectPreviousField() -> Bool { selectPreviousColumn() }

    /// Steps the selected field as Up (positive) or Down (negative) does,
    /// as a person would: clamped, with ``Control/Event/valueChanged``.
    ///
    /// - Parameter steps: How many steps up (negative: down).
    open func stepSelectedField(by steps: Int) {
        perform(.step(steps))
    }

    /// Changes the selected field as Page Up (positive) or Page Down
    /// (negative) does; see ``Field`` for the size of a page.
    ///
    /// - Parameter pages: How many pages up (negative: down).
    open func pageSelectedField(by pages: Int) {
        perform(.page(pages))
    }

    /// Sets the selected field to its first value (Home) or its last (End).
    ///
    /// - Parameter last: `true` for the last value, `false` for the first.
    open func moveSelectedFieldToEnd(_ last: Bool) {
        perform(last ? .last : .first)
    }

    /// A change to a field: a ``ColumnChange``, or a value typed in.
    enum Change: Equatable {
        case step(Int)
        case page(Int)
        case first
        case last
        case set(Int)

        init(_ change: ColumnChange) {
            switch change {
            case .step(let steps): self = .step(steps)
            case .page(let pages): self = .page(pages)
            case .first: self = .first
            case .last: self = .last
            }
        }
    }

    /// Applies a change to the selected field as the person's action.
    func perform(_ change: Change) {
        if case .set = change {} else { pendingDigits = "" }  // another key ends the typing
        guard fields.indices.contains(selectedField) else { return }
        let field = fields[selectedField]
        performEdit { store(change, in: field) }
    }

    /// Applies a change to a field, clamped to the bounds.
    ///
    /// - Returns: Whether the value changed.
    private func store(_ change: Change, in field: Field) -> Bool {
        if datePickerMode == .countDownTimer {
            let duration = normalizedDuration(changedDuration(storedDuration, field: field, change: change))
            guard duration != storedDuration else { return false }
            storedDuration = duration
        } else {
            let changed = clamped(changedDate(date, field: field, change: change))
            guard changed != date else { return false }
            storedDate = changed
        }
        return true
    }

    // MARK: Columns

    /// The number of fields.
    open override var numberOfColumns: Int { fields.count }

    /// The direction a forced ``View/semanticContentAttribute`` (the picker's
    /// or an ancestor's) or the window's ``Window/layoutDirection`` sets, else
    /// that of the picker's ``locale``: an Arabic, Hebrew or Persian picker is
    /// mirrored in any window, so that its fields read as its date does.
    open override var columnLayoutDirection: UserInterfaceLayoutDirection {
        var view: View? = self
        while let current = view {
            if let forced = current.semanticContentAttribute.forcedDirection { return forced }
            if let window = current as? Window, let chosen = window.layoutDirection { return chosen }
            view = current.superview
        }
        return UserInterfaceLayoutDirection(locale: locale)
    }

    /// ``AccessibilityRole/datePicker``.
    open override var accessibilityRole: AccessibilityRole { .datePicker }

    /// A field's number (the month's place in its year, 1 for January; the era's
    /// number in the calendar), its range, and its text ("March").
    open override func accessibilityValue(ofColumn column: Int) -> AccessibilityValue? {
        guard fields.indices.contains(column) else { return nil }
        let field = fields[column]
        let range = typedRange(of: field)
        return AccessibilityValue(
            current: Double(numericValue(of: field)), minimum: Double(range.lowerBound),
            maximum: Double(range.upperBound), step: field == .minute ? Double(effectiveMinuteInterval) : 1,
            text: text(of: field, date: date, duration: storedDuration))
    }

    /// Sets a field to a number, within the picker's bounds, as typing it would.
    open override func setAccessibilityValue(_ value: Double, ofColumn column: Int) -> Bool {
        guard isEnabled, value.isFinite, abs(value) < 1e9, fields.indices.contains(column) else { return false }
        let field = fields[column]
        performEdit { store(.set(Int(value.rounded())), in: field) }
        return true
    }

    /// The field's name in the picker's ``locale``: "Era", "Year", "Month", "Day",
    /// "Hour", "Minute", "AM/PM", "Hours", "Minutes" in English.
    open override func accessibilityLabel(ofColumn column: Int) -> String? {
        guard fields.indices.contains(column) else { return nil }
        return Self.name(of: fields[column]).localized(for: locale)
    }

    /// Wide enough for the field's longest text (the longest month name).
    open override func preferredWidth(ofColumn column: Int) -> Double {
        fields.indices.contains(column) ? preferredWidth(of: fields[column]) : 0
    }

    /// Sets the time apart from the date in ``Mode/dateAndTime``.
    open override func extraSpace(beforeColumn column: Int) -> Double {
        datePickerMode == .dateAndTime && column == fieldOrder.dateFields.count ? 16 : 0
    }

    /// The field's text, the digits of a year being typed, or a countdown value with its unit.
    open override func selectedText(inColumn column: Int) -> String {
        fields.indices.contains(column) ? boxText(column) : ""
    }

    /// The field's text one step up (above) or down (below), or `nil` when the bounds keep it where it is.
    open override func neighbourText(inColumn column: Int, step: Int) -> String? {
        fields.indices.contains(column) ? neighbourText(column, steps: step) : nil
    }

    /// Steps, pages or moves a field to its ends; see ``Field``.
    open override func applyChange(_ change: ColumnChange, toColumn column: Int) -> Bool {
        pendingDigits = ""
        guard fields.indices.contains(column) else { return false }
        return store(Change(change), in: fields[column])
    }

    /// Digits, and the letters of AM and PM: see ``type(_:)``.
    open override func handleTypedText(_ text: String) -> Bool {
        type(text)
    }

    /// Drops ``pendingDigits``.
    open override func discardTypedInput() {
        pendingDigits = ""
    }

    /// Drops ``pendingDigits`` whenever a field is selected, even the same one.
    open override func didSelectColumn(from oldColumn: Int) {
        pendingDigits = ""
    }

    /// ``formattedValue``.
    open override var defaultTitle: String { formattedValue }

    /// Changes, fields, confirm and cancel, in the picker's ``locale``.
    open override var keyHints: String { ToolkitString.datePickerHints.localized(for: locale) }

    /// The date and the countdown duration.
    open override var editingValue: (date: Date, duration: TimeInterval)? { (date, storedDuration) }

    /// Puts back the date and duration editing began with, within today's bounds.
    open override func restoreEditingValue(_ value: (date: Date, duration: TimeInterval)) -> Bool {
        let restoredDate = clamped(value.date)
        let restoredDuration = normalizedDuration(value.duration)
        let changed = restoredDate != date || restoredDuration != storedDuration
        storedDate = restoredDate
        storedDuration = restoredDuration
        return changed
    }
}
