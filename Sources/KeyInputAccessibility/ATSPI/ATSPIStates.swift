import KeyInputKit

extension AccessibilityStates {
    /// Each state with its AT-SPI number (`AtspiStateType`) and event name.
    static let atspi: [(state: AccessibilityStates, number: UInt32, name: String)] = [
        (.active, 1, "active"), (.checked, 4, "checked"), (.editable, 7, "editable"), (.enabled, 8, "enabled"),
        (.focusable, 11, "focusable"), (.focused, 12, "focused"), (.multiLine, 17, "multi-line"),
        (.pressed, 20, "pressed"), (.selected, 23, "selected"), (.sensitive, 24, "sensitive"),
        (.showing, 25, "showing"), (.singleLine, 26, "single-line"), (.visible, 30, "visible"),
        (.readOnly, 43, "read-only"),
    ]

    /// The AT-SPI state set: two 32-bit words, bit n for state number n.
    var atspiWords: [UInt32] {
        var words: [UInt32] = [0, 0]
        for entry in Self.atspi where contains(entry.state) {
            words[Int(entry.number / 32)] |= 1 << (entry.number % 32)
        }
        return words
    }

    /// The event names of the states in this set.
    var atspiNames: [String] { Self.atspi.filter { contains($0.state) }.map(\.name) }
}
