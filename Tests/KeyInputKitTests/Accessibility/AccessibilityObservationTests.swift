import KeyInputKit
import KeyInputKitTesting
import TestSupport
import Testing

/// Events are built only while someone observes, and focus moves are announced with their states.
@MainActor
@Suite struct AccessibilityObservationTests {
    /// A control of an app's own that counts the events it builds.
    final class Gauge: Control {
        var level = 0 {
            didSet { postAccessibilityEvent(self.built()) }
        }
        var eventsBuilt = 0
        func built() -> AccessibilityEvent {
            eventsBuilt += 1
            return .valueChanged(self)
        }
        override var accessibilityRole: AccessibilityRole { .custom("gauge") }
        override var accessibilityValue: AccessibilityValue? {
            AccessibilityValue(current: Double(level), minimum: 0, maximum: 10, text: "\(level) of 10")
        }
    }

    @Test func withoutAnObserverNoEventIsBuilt() {
        let (application, window) = Fixture.window()
        let gauge = Gauge(frame: Rect(x: 0, y: 0, width: 50, height: 50))
        window.addSubview(gauge)
        gauge.level = 1
        #expect(gauge.eventsBuilt == 0)
        let recorder = AccessibilityEventRecorder(application)
        gauge.level = 2
        #expect(gauge.eventsBuilt == 1)
        #expect(recorder.lines == ["value \(AccessibilityEventRecorder.name(gauge)) 2 of 10"])
        recorder.stop()
        gauge.level = 3
        #expect(gauge.eventsBuilt == 1)
    }

    @Test func anotherApplicationsObserverHearsNothingOfThisOne() {
        let (_, window) = Fixture.window()
        let (other, _) = Fixture.window()
        let recorder = AccessibilityEventRecorder(other)
        let gauge = Gauge(frame: Rect(x: 0, y: 0, width: 50, height: 50))
        window.addSubview(gauge)
        gauge.level = 4
        #expect(gauge.eventsBuilt == 0)
        #expect(recorder.lines.isEmpty)
    }

    @Test func tabAnnouncesTheFocusedStatesThenTheMove() throws {
        let window = Window(size: Size(width: 400, height: 300))
        window.onScreenKeyboardPolicy = .never
        let name = TextField(frame: Rect(x: 0, y: 0, width: 200, height: 30), placeholder: "Name")
        name.identifier = "name"
        let email = TextField(frame: Rect(x: 0, y: 40, width: 200, height: 30), placeholder: "Email")
        email.identifier = "email"
        window.addSubview(name)
        window.addSubview(email)
        let tester = try WindowTester(window: window, layout: "us")
        let recorder = AccessibilityEventRecorder(tester.application)
        try tester.click(name)
        try tester.press("KEY_TAB")
        try tester.press("KEY_ESC")
        let focused = AccessibilityStates.focused.rawValue
        #expect(
            recorder.lines("focus", "state") == [
                "state name \(focused) on", "focus nil→name",
                "state name \(focused) off", "state email \(focused) on", "focus name→email",
                "state email \(focused) off", "focus email→nil",
            ])
        #expect(email.accessibilityStates.contains(.focusable) && !email.accessibilityStates.contains(.focused))
    }

    @Test func aReaderCanMoveTheFocusButNotOntoALabel() {
        let (_, window) = Fixture.window()
        let field = TextField(frame: Rect(x: 0, y: 0, width: 200, height: 30))
        let label = Label(text: "Name", frame: Rect(x: 0, y: 40, width: 200, height: 30))
        window.addSubview(field)
        window.addSubview(label)
        #expect(field.accessibilityFocus())
        #expect(field.isFirstResponder && field.accessibilityStates.contains(.focused))
        #expect(!label.accessibilityFocus())
        field.isEnabled = false
        #expect(!field.accessibilityStates.contains(.enabled))
        #expect(!field.accessibilityStates.contains(.editable))
    }

    @Test func aDisabledButtonCannotBePressed() {
        let (_, window) = Fixture.window()
        var pressed = 0
        let button = Button(title: "Save") { _ in pressed += 1 }
        window.addSubview(button)
        let press = button.accessibilityActions.first { $0.name == "press" }
        #expect(press?.perform() == true)
        button.isEnabled = false
        #expect(press?.perform() == false)
        #expect(pressed == 1)
    }
}
