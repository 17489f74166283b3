import Foundation
import KeyInputKit

// Apart from the parser, which the fuzzer builds with Foundation alone.
extension DemoScript {
    /// The session played headlessly when no events file is given, for
    /// the en_US locale (see ``builtIn(for:)``).
    public static let builtIn = builtIn(for: Locale(identifier: "en_US"))

    /// The session played headlessly when no events file is given: a
    /// person fills in the form, with a frame at each step: a name, the
    /// birthday, a quantity, two lines of notes with a word selected
    /// (Shift+Left), a press outside, then Save.
    ///
    /// The birthday, 10 December 1815, is typed in the order `locale`
    /// writes dates (`DateFieldOrder`): the year first, so that no day
    /// of the current year past the latest date allowed gets in the way,
    /// then the other fields from the left.
    ///
    /// - Parameter locale: The locale of the form's date picker.
    /// - Returns: The events file's text.
    public static func builtIn(for locale: Locale) -> String {
        """
        # The built-in session of date-picker-demo: what a person does with the form.
        wait 0.1
        screenshot 01-form
        click name
        type Ada Lovelace
        wait 0.3
        screenshot 02-name-keyboard
        key KEY_ENTER
        wait 0.3
        screenshot 03-birthday-picker
        \(birthdayKeys(for: locale).joined(separator: "\n"))
        wait 0.1
        screenshot 04-birthday-typed
        click accessory-next
        type 3
        wait 0.3
        screenshot 05-quantity-number-pad
        click accessory-next
        type Window seat, please.
        key KEY_ENTER
        type No peanuts
        key KEY_LEFTSHIFT+KEY_LEFT
        key KEY_LEFTSHIFT+KEY_LEFT
        key KEY_LEFTSHIFT+KEY_LEFT
        key KEY_LEFTSHIFT+KEY_LEFT
        key KEY_LEFTSHIFT+KEY_LEFT
        key KEY_LEFTSHIFT+KEY_LEFT
        key KEY_LEFTSHIFT+KEY_LEFT
        wait 0.3
        screenshot 06-notes-selection
        click 300 356
        wait 0.3
        click save
        wait 0.1
        screenshot 07-saved
        """
    }

    /// The events that type 10 December 1815 into a date picker whose
    /// first field is selected, in `locale`'s field order.
    ///
    /// Tab and Shift+Tab move between fields in that order whichever way
    /// the columns run (Left and Right move as seen, mirrored in Arabic).
    static func birthdayKeys(for locale: Locale) -> [String] {
        let fields = DateFieldOrder(locale: locale, mode: .date).dateFields
        let year = fields.firstIndex(of: .year) ?? 0
        var lines = Array(repeating: "key KEY_TAB", count: year)
        lines.append("type 1815")
        // A complete year selects the next field, if there is one; back to the first.
        lines += Array(repeating: "key KEY_LEFTSHIFT+KEY_TAB", count: min(year + 1, fields.count - 1))
        for (index, field) in fields.enumerated() {
            switch field {
            case .month: lines.append("type 12")
            case .day: lines.append("type 10")
            default: if index < fields.count - 1 { lines.append("key KEY_TAB") }
            }
        }
        return lines
    }
}
