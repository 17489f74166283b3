import KeyInputKit
import TestSupport
import Testing

/// A window as assistive technology sees it, and the events it announces.
@MainActor
@Suite struct WindowAccessibilityTests {
    @Test func aWindowIsAFrameNamedByItsTitleAndActiveWhileItHasFocus() {
        let (application, window) = Fixture.window()
        window.title = "Sign up"
        #expect(window.accessibilityRole == .frame)
        #expect(window.accessibilityLabel == "Sign up")
        #expect(application.accessibilityWindows.map(\.accessibilityLabel) == ["Sign up"])
        #expect(!window.accessibilityStates.contains(.active))
        window.isActive = true
        #expect(window.accessibilityStates.contains(.active))
    }

    @Test func activationAndChildrenAreAnnouncedToAnObserver() {
        let (application, window) = Fixture.window()
        window.identifier = "window"
        let recorder = AccessibilityEventRecorder(application)
        window.isActive = true
        let first = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        first.identifier = "first"
        let second = View(frame: Rect(x: 0, y: 20, width: 10, height: 10))
        second.identifier = "second"
        window.addSubview(first)
        window.addSubview(second)
        first.removeFromSuperview()
        window.isActive = false
        #expect(
            recorder.lines == [
                "activated window", "state window \(AccessibilityStates.active.rawValue) on",
                "children window +first at 0", "children window +second at 1", "children window -first at 0",
                "deactivated window", "state window \(AccessibilityStates.active.rawValue) off",
            ])
    }

    @Test func hidingAViewAnnouncesItNoLongerShows() {
        let (application, window) = Fixture.window()
        let view = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        view.identifier = "view"
        window.addSubview(view)
        let recorder = AccessibilityEventRecorder(application)
        view.isHidden = true
        #expect(!view.accessibilityStates.contains(.showing) && !view.accessibilityStates.contains(.visible))
        view.isHidden = true
        view.isHidden = false
        let states = AccessibilityStates([.visible, .showing]).rawValue
        #expect(recorder.lines == ["state view \(states) off", "state view \(states) on"])
    }

    @Test func nothingIsAnnouncedOnceTheObservationIsCancelled() {
        let (application, window) = Fixture.window()
        let recorder = AccessibilityEventRecorder(application)
        #expect(application.hasAccessibilityObservers)
        recorder.stop()
        #expect(!application.hasAccessibilityObservers)
        window.isActive = true
        window.addSubview(View())
        #expect(recorder.lines.isEmpty)
    }
}
