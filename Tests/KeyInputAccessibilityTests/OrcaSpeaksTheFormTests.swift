import Foundation
import TestSupport
import Testing

/// Orca 43 reading the demo's form through the bridge: what a blind user
/// hears, as its speech module received it. One at a time:
/// `orca --replace` replaces every Orca of the user.
@Suite(
    .serialized, .enabled(if: orcaAvailable, Comment(rawValue: missingOrca)),
    .enabled(if: orcaKeepsUp, Comment(rawValue: orcaTooSlow)))
struct OrcaSpeaksTheFormTests {
    @Test func tabIntoNameSaysItsLabelAndRoleAndTypingEchoesTheKeys() throws {
        let demo = try DemoFormSession(clickName: false)
        let orca = try ScreenReaderSession(in: demo.session)
        // Orca listens once it has presented the active window.
        #expect(orca.waitUntilSpoken { $0.contains("Date picker demo frame.") })
        // Tab, as a screen reader user moves. A click is no test: when the app has
        // focused the field before Orca handles the press, Orca 43 takes the
        // focus silently (onMouseButton), so whether it speaks is a race.
        try demo.xdotool("key", "Tab")
        #expect(orca.waitUntilSpoken { $0.contains("Name text.") })
        try demo.xdotool("key", "--delay", "300", "shift+j", "o")
        #expect(orca.waitUntilSpoken { $0.suffix(2) == ["J", "o"] })
        print("Orca said, Name:\n" + orca.heard.joined(separator: "\n"))
    }

    @Test func birthdaysPickerSpeaksItsValueAsItChanges() throws {
        let demo = try DemoFormSession()
        let orca = try ScreenReaderSession(in: demo.session)
        #expect(orca.waitUntilSpoken { $0.contains("Date picker demo frame.") })
        try demo.xdotool("key", "Tab")
        #expect(orca.waitUntilSpoken { $0.contains { $0.hasPrefix("Day ") && $0.hasSuffix(" spin button.") } })
        let before = orca.heard.count
        try demo.xdotool("key", "Down")
        let changed = try #require(try demo.tree().first("spin button", "Day")?.value)
        let value = String(Int(changed))
        #expect(orca.waitUntilSpoken { $0.dropFirst(before).contains { $0 == value || $0 == value + "." } })
        // The next column says its month by name.
        let month = try #require(try demo.tree().first("spin button", "Month")?.valueText)
        try demo.xdotool("key", "Right")
        #expect(orca.waitUntilSpoken { $0.contains("Month \(month) spin button.") })
        print("Orca said, Birthday:\n" + orca.heard.joined(separator: "\n"))
    }
}
