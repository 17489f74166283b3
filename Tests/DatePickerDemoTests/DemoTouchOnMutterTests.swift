import Foundation
import TestSupport
import Testing

/// The demo under a finger on GNOME's compositor: real touches through mutter's own seat
/// (its RemoteDesktop `NotifyTouchDown/Motion/Up`), which mutter sends a client as `wl_touch`
/// and never as pointer events. Points are in the form's coordinates: Name's field is at
/// (144, 64, 300 × 40), Birthday's below it at (144, 120); nothing is at (300, 340).
///
/// Each test fails when the Wayland host ignores `wl_touch.down` (no tap reaches the form);
/// the two-finger test also fails when the host gives every finger the same id.
@MainActor
@Suite("date-picker-demo under a finger on mutter (wl_touch)", .serialized)
struct DemoTouchOnMutterTests {
    /// Puts a finger down at a point of the form and lifts it there.
    func tap(_ x: Int, _ y: Int, slot: UInt32 = 0, on shown: DemoShownOnMutter) throws {
        let point = (x: Double(shown.form.x + x), y: Double(shown.form.y + y))
        try shown.mutter.touchDown(slot: slot, x: point.x, y: point.y)
        try shown.mutter.touchUp(slot: slot)
    }

    @Test("A tap on Name focuses it and keys type there; a tap at the text's start puts the caret there",
          .enabled(if: mutterAvailable, mutterReason))
    func tapFocusesNameAndPlacesTheCaret() throws {
        let shown = try DemoShownOnMutter.start()
        try tap(300, 84, on: shown)
        try shown.demo.waitForState("Name focused by a tap") { $0.firstResponder == "name" }
        try shown.mutter.type(keys: ["KEY_H", "KEY_E", "KEY_L", "KEY_L", "KEY_O"])
        try shown.demo.waitForState("Name reading \"hello\"") { $0.value("name") == "hello" }
        // Left of the first letter: the caret goes before it, and what is typed next lands there.
        try tap(146, 84, on: shown)
        try shown.mutter.type(keys: ["KEY_LEFTSHIFT+KEY_X"])
        try shown.demo.waitForState("X typed before \"hello\"") { $0.value("name") == "Xhello" }
    }

    @Test("A tap on Birthday shows the date picker in place of the keyboard, as the headless demo draws it",
          .enabled(if: mutterAvailable, mutterReason))
    func tapShowsTheDatePicker() throws {
        let shown = try DemoShownOnMutter.start()
        try tap(300, 140, on: shown)
        try shown.demo.waitForState("Birthday focused with the date picker up") {
            $0.firstResponder == "birthday" && $0.inputView == "date-picker" && $0.keyboardFrame.last ?? 0 > 0
        }
        let picked = try headlessFrame(events: "click birthday\nwait 1", named: "picker")
        let onScreen = try waitForForm(picked, on: shown.mutter, named: "picker")
        #expect(onScreen.differing == 0, "\(onScreen.differing) pixels differ from the headless demo's date picker")
    }

    @Test("A tap outside the focused field dismisses it: focus leaves and the date picker goes",
          .enabled(if: mutterAvailable, mutterReason))
    func tapOutsideDismisses() throws {
        let shown = try DemoShownOnMutter.start()
        try tap(300, 140, on: shown)
        try shown.demo.waitForState("Birthday focused with the date picker up") {
            $0.firstResponder == "birthday" && $0.inputView == "date-picker"
        }
        try tap(300, 340, on: shown)
        try shown.demo.waitForState("nothing focused and no input view after a tap outside") {
            $0.firstResponder == nil && $0.inputView == nil && $0.keyboardFrame.last == 0
        }
    }

    @Test("Two fingers down at once are two touches: each focuses the field it lifts from",
          .enabled(if: mutterAvailable, mutterReason))
    func twoFingersAreKeptApart() throws {
        let shown = try DemoShownOnMutter.start()
        let name = (x: Double(shown.form.x + 300), y: Double(shown.form.y + 84))
        let birthday = (x: Double(shown.form.x + 300), y: Double(shown.form.y + 140))
        // A finger rests on Name while another taps Birthday: that tap focuses Birthday.
        try shown.mutter.touchDown(slot: 0, x: name.x, y: name.y)
        try shown.mutter.touchDown(slot: 1, x: birthday.x, y: birthday.y)
        try shown.mutter.touchUp(slot: 1)
        try shown.demo.waitForState("Birthday focused by the second finger's tap, the first still down") {
            $0.firstResponder == "birthday" && $0.inputView == "date-picker"
        }
        // The resting finger lifts where it came down: a tap on Name, not one more on Birthday.
        try shown.mutter.touchUp(slot: 0)
        try shown.demo.waitForState("Name focused when the first finger lifts") {
            $0.firstResponder == "name" && $0.inputView != "date-picker"
        }
    }
}
