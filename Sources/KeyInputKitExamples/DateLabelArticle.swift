import Foundation
import KeyInputKit

/// The article *Making a custom control first responder*: a label that shows a date picker's date.
///
/// - Returns: The picker and the label that follows it.
/// - Throws: What parsing the example's date throws.
@MainActor
package func dateLabelArticleExample() throws -> (picker: DatePicker, label: Label) {
    let picker = DatePicker(mode: .date)
    picker.locale = Locale(identifier: "de_DE")
    picker.timeZone = TimeZone(identifier: "Europe/Berlin")!
    picker.date = try Date("2026-03-29T10:00:00Z", strategy: .iso8601)

    let chosen = Label(text: picker.formattedValue, frame: Rect(x: 20, y: 160, width: 240, height: 32))
    picker.addAction(for: .valueChanged) { [unowned picker] _ in
        chosen.text = picker.formattedValue    // "29. März 2026", then "29. Apr. 2026" after Right, Up
    }

    return (picker, chosen)
}
