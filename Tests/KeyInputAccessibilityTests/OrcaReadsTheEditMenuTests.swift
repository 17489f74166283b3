import Foundation
import TestSupport
import Testing

/// Orca 43 reading the edit menu of the demo's Name field: the item the
/// Menu key highlights is spoken, and so is the next one Down moves to. In the form's
/// serialized suite, since `orca --replace` replaces every Orca of the user: two suites
/// running side by side would take each other's Orca away.
extension OrcaSpeaksTheFormTests {
    @Test func theMenuKeyOpensTheMenuAndOrcaSpeaksItsHighlightedItem() throws {
        let demo = try DemoFormSession(clickName: false)
        let orca = try ScreenReaderSession(in: demo.session)
        #expect(orca.waitUntilSpoken { $0.contains("Date picker demo frame.") })
        try demo.xdotool("key", "Tab")
        #expect(orca.waitUntilSpoken { $0.contains("Name text.") })
        try demo.type("Jo")
        #expect(orca.waitUntilSpoken { $0.suffix(2) == ["J", "o"] })
        let before = orca.heard.count
        // Typing left something to undo: Undo is the first item that can act, and the highlight starts on it.
        try demo.xdotool("key", "Menu")
        #expect(orca.waitUntilSpoken { $0.dropFirst(before).contains { $0.hasPrefix("Undo") } })
        let opened = orca.heard.count
        try demo.xdotool("key", "Down")
        #expect(orca.waitUntilSpoken { $0.dropFirst(opened).contains { $0.hasPrefix("Select All") } })
        print("Orca said, edit menu:\n" + orca.heard.dropFirst(before).joined(separator: "\n"))
    }
}
