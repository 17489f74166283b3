import Foundation
import KeyInputKit

/// The README's *calendar, language and direction* example, word for word.
///
/// - Returns: The picker and the window it was configured for.
@MainActor
package func readmeCalendarsAndLanguagesExample() -> (DatePicker, Window) {
    let window = Window(size: Size(width: 480, height: 640))
    window.locale = Locale(identifier: "fa_IR")      // the toolkit's words in Persian, laid out right to left
    let picker = DatePicker(mode: .date)
    picker.locale = Locale(identifier: "fa_IR")      // Solar Hijri months, Persian digits, mirrored columns
    let hebrew = DatePicker(mode: .date)
    hebrew.calendar = Calendar(identifier: .hebrew)  // any calendar Foundation knows; Adar I and II in leap years
    window.layoutDirection = .rightToLeft            // or set the direction yourself
    ToolkitStrings.setOverride("Emoji suchen …", for: .emojiSearch, language: "de")  // any word, in one language or all
    _ = hebrew
    return (picker, window)
}
