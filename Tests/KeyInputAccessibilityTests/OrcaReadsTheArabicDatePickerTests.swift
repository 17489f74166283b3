import Foundation
import KeyInputKit
import TestSupport
import Testing

/// Orca 43 reading the date picker of the demo started with `--locale ar_SA`: as each
/// column takes the focus, it says the column's name in Arabic, the catalog's word (issue 34).
/// In the form's serialized suite, since `orca --replace` replaces every Orca of the user.
extension OrcaSpeaksTheFormTests {
    @Test func orcaReadsTheArabicDatePickersColumnNamesInArabic() throws {
        let arabic = Locale(identifier: "ar_SA")
        let names = [ToolkitString.fieldDay, .fieldMonth, .fieldYear].map { $0.localized(for: arabic) }
        for name in names {
            #expect(name.unicodeScalars.contains { (0x0600...0x06FF).contains($0.value) }, "\(name) is not in Arabic script")
        }
        let demo = try DemoFormSession(arguments: ["--locale", "ar_SA", "--date", "2024-02-20"])
        let orca = try ScreenReaderSession(in: demo.session)
        #expect(orca.waitUntilSpoken { $0.contains("Date picker demo frame.") })
        // From Name to Birthday: the picker's selected column takes the focus.
        try demo.xdotool("key", "Tab")
        func spoken(_ name: String) -> ([String]) -> Bool {
            { $0.contains { $0.hasPrefix(name + " ") && $0.hasSuffix(" spin button.") } }
        }
        #expect(orca.waitUntilSpoken { heard in names.contains { spoken($0)(heard) } }, "\(orca.heard)")
        // Whichever end the selection starts at, these keys visit every column.
        try demo.xdotool("key", "--delay", "600", "Right", "Right", "Left", "Left", "Left", "Left")
        for name in names {
            #expect(orca.waitUntilSpoken(spoken(name)), "Orca never said the column \(name): \(orca.heard)")
        }
        print("Orca said, Arabic Birthday:\n" + orca.heard.joined(separator: "\n"))
    }
}
