import DatePickerDemo
import Foundation
import XKB

/// The DatePickerDemo catalog's overview: a script played headless into the `frames` folder.
///
/// - Throws: What compiling the keymap, parsing the script or writing the frames throws.
@MainActor
package func datePickerDemoOverviewExample() throws {
    let form = DemoForm(initialDate: Date(), calendar: Calendar(identifier: .gregorian), locale: Locale(identifier: "en_US"))
    let keymap = try Keymap(context: Context(), names: RuleNames(layout: "de"))
    let session = DemoSession(keymap: keymap, composeTable: nil, form: form)
    let player = DemoPlayer(session: session, frameFolder: "frames")
    player.stateHandler = { print($0) }
    try player.playHeadless(try DemoScript.parse("click name\ntype Jürgen\nscreenshot name\n"), source: "inline")
}
