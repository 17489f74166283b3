import DatePickerDemo
import Foundation
import KeyInputKit
import KeyInputKitTesting
import TestSupport
import Testing

/// The demo's form as a screen reader walks it, and what it hears while a person fills it in.
@MainActor
@Suite struct DemoFormAccessibilityTests {
    /// The form on 15 June 2000 in en_US and UTC, typed into with a US keyboard.
    static func form() throws -> (DemoForm, WindowTester) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let date = calendar.date(from: DateComponents(year: 2000, month: 6, day: 15, hour: 12))!
        let form = DemoForm(initialDate: date, calendar: calendar, locale: Locale(identifier: "en_US"))
        let tester = try WindowTester(window: form.window, layout: "us")
        tester.settle()
        return (form, tester)
    }

    /// A node's role, name and the states a reader announces, as one line.
    static func describe(_ node: any Accessible) -> String {
        let states = node.accessibilityStates
        let named: [(AccessibilityStates, String)] = [
            (.focusable, "focusable"), (.focused, "focused"), (.editable, "editable"), (.enabled, "enabled"),
            (.showing, "showing"), (.singleLine, "single-line"), (.multiLine, "multi-line"), (.active, "active"),
        ]
        let words = named.filter { states.contains($0.0) }.map(\.1).joined(separator: " ")
        return "\(node.accessibilityRole) \(node.accessibilityLabel.map { "\"\($0)\"" } ?? "-") [\(words)]"
    }

    @Test func theFormReadsAsAFrameOfLabelledFieldsAButtonAndAStatusLine() throws {
        let (form, _) = try Self.form()
        let window = form.window
        #expect(Self.describe(window) == "frame \"Date picker demo\" [enabled showing]")
        let pane = try #require(window.accessibilityChildren.first { $0.accessibilityRole == .scrollPane })
        #expect(pane.accessibilityParent === window)
        let lines = pane.accessibilityChildren.map(Self.describe)
        #expect(
            lines == [
                "label \"Sign up\" [enabled showing]",
                "label \"Name\" [enabled showing]",
                "textField \"Name\" [focusable editable enabled showing single-line]",
                "label \"Birthday\" [enabled showing]",
                "button \"Birthday\" [focusable enabled showing]",
                "label \"Quantity\" [enabled showing]",
                "textField \"Quantity\" [focusable editable enabled showing single-line]",
                "label \"Notes\" [enabled showing]",
                "textView \"Notes\" [focusable editable enabled showing multi-line]",
                "button \"Save\" [enabled showing]",
                "label \"\" [enabled showing]",
            ])
        #expect(form.birthday.accessibilityDescription == "Jun 15, 2000")
    }

    @Test func eachFieldIsLabelledByTheLabelBesideIt() throws {
        let (form, _) = try Self.form()
        for field in [form.name, form.birthday, form.quantity, form.notes] as [View] {
            let labels = field.accessibilityRelations.compactMap { relation -> String? in
                guard case .labelledBy(let label) = relation else { return nil }
                return label.accessibilityLabel
            }
            #expect(labels == [field.accessibilityLabel], "\(field.identifier ?? "?")")
            let label = try #require(field.accessibilityLabelledBy)
            #expect(
                label.accessibilityRelations.contains {
                    if case .labelFor(let target) = $0 { return target === field }
                    return false
                })
        }
    }

    @Test func pressingSaveThroughItsActionWritesTheStatusAndRenamesTheStatusLine() throws {
        let (form, tester) = try Self.form()
        try tester.click(form.name)
        try tester.type("Ada")
        let recorder = AccessibilityEventRecorder(tester.application)
        let press = try #require(form.save.accessibilityActions.first { $0.name == "press" })
        #expect(press.perform())
        #expect(form.status.accessibilityLabel == "Saved Ada, Jun 15, 2000, quantity 0")
        #expect(recorder.lines("name") == ["name status Saved Ada, Jun 15, 2000, quantity 0"])
    }

    @Test func tabbingFromNameToBirthdayMovesTheFocusToThePickersFirstColumn() throws {
        let (form, tester) = try Self.form()
        try tester.click(form.name)
        tester.settle()
        let recorder = AccessibilityEventRecorder(tester.application)
        try tester.press("Tab")
        tester.settle()
        let focused = AccessibilityStates.focused.rawValue
        // en_US writes the month first: the picker's first column is the month.
        #expect(
            recorder.lines("focus", "state") == [
                "state name \(focused) off", "state Month \(focused) on", "focus name→Month",
            ])
        let column = try #require(form.birthday.picker.accessibilityChildren.first)
        #expect(column.accessibilityStates.contains(.focused))
        #expect(tester.window.accessibilityFocusedNode === column)
        #expect(!form.name.accessibilityStates.contains(.focused))
        #expect(form.birthday.picker.accessibilityLabel == "Birthday")
        #expect(form.birthday.picker.accessibilityRole == .datePicker)
    }
}
