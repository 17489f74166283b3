@testable import KeyInputAccessibility
import KeyInputKit
import Testing

/// Model roles and states as the numbers and names AT-SPI clients expect.
struct ATSPIMappingTests {
    static let expectedRoles: [(AccessibilityRole, UInt32, String)] = [
        (AccessibilityRole.textField, 61, "text"), (.secureTextField, 40, "password text"),
        (.spinButton, 52, "spin button"), (.datePicker, 12, "date editor"), (.button, 43, "push button"),
        (.frame, 23, "frame"), (.application, 75, "application"), (.toolBar, 63, "tool bar"),
        (.keyboardKey, 43, "push button"), (.custom("check_box"), 7, "check box"), (.custom("Slider"), 51, "slider"),
        (.custom("switch"), 62, "toggle button"), (.custom("pin pad"), 39, "panel"),
    ]

    @Test(arguments: expectedRoles)
    func roles(_ role: AccessibilityRole, _ number: UInt32, _ name: String) {
        let mapped = ATSPIRole(role)
        #expect(mapped.number == number)
        #expect(mapped.name == name)
    }

    @Test func statesAreBitsInTwoWords() {
        let states: AccessibilityStates = [.focused, .editable, .showing, .readOnly]
        // focused 12, editable 7, showing 25 in the first word; read-only 43 is bit 11 of the second.
        let first: UInt32 = (1 << 12) | (1 << 7) | (1 << 25)
        let second: UInt32 = 1 << 11
        #expect(states.atspiWords == [first, second])
        #expect(states.atspiNames == ["editable", "focused", "showing", "read-only"])
    }
}
