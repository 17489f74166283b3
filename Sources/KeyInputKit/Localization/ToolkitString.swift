import Foundation

/// A word or sentence the toolkit itself shows or speaks, such as the
/// accessory bar's "Next" or the date picker's "Month".
///
/// Each has a stable key (its raw value) in the catalogs of the package's
/// resources and an English text used when no catalog has it. Look one up
/// with ``localized(for:)``; replace one with ``ToolkitStrings/setOverride(_:for:language:)``.
public enum ToolkitString: String, CaseIterable, Sendable {
    // The accessory bar.
    case accessoryPrevious = "accessory.previous"
    case accessoryNext = "accessory.next"
    case accessoryDone = "accessory.done"

    // Pickers: the key hints and the names of the date picker's fields.
    case columnPickerHints = "column-picker.hints"
    case pickerHints = "picker.hints"
    case datePickerHints = "date-picker.hints"
    case fieldEra = "date-picker.field.era"
    case fieldYear = "date-picker.field.year"
    case fieldMonth = "date-picker.field.month"
    case fieldDay = "date-picker.field.day"
    case fieldHour = "date-picker.field.hour"
    case fieldMinute = "date-picker.field.minute"
    case fieldDayPeriod = "date-picker.field.day-period"
    case fieldCountDownHours = "date-picker.field.countdown-hours"
    case fieldCountDownMinutes = "date-picker.field.countdown-minutes"

    /// The text when no catalog has the key: the toolkit's own English.
    public var english: String {
        switch self {
        case .accessoryPrevious: "Previous"
        case .accessoryNext: "Next"
        case .accessoryDone: "Done"
        case .columnPickerHints: "↑↓ change · ←→ column · ⏎ done · esc cancel"
        case .pickerHints: "↑↓ row · ←→ column · ⏎ done · esc cancel"
        case .datePickerHints: "↑↓ change · ←→ field · ⏎ done · esc cancel"
        case .fieldEra: "Era"
        case .fieldYear: "Year"
        case .fieldMonth: "Month"
        case .fieldDay: "Day"
        case .fieldHour: "Hour"
        case .fieldMinute: "Minute"
        case .fieldDayPeriod: "AM/PM"
        case .fieldCountDownHours: "Hours"
        case .fieldCountDownMinutes: "Minutes"
        }
    }

    /// The text in the language of `locale`, else of the environment
    /// (`LANGUAGE`, `LC_ALL`, `LC_MESSAGES`, `LANG`), with the app's overrides applied.
    ///
    /// - Parameter locale: The locale of the view that shows the text, or `nil` for the environment's.
    public func localized(for locale: Locale? = nil) -> String {
        ToolkitStrings.text(self, language: ToolkitStrings.language(for: locale))
    }
}
