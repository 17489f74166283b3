import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The demo's X11 window under a finger on GNOME's compositor: mutter's Xwayland, with
/// real touches through mutter's own seat (RemoteDesktop `NotifyTouchDown/Motion/Up`),
/// which reach the window as XInput 2.2 touch events. mutter frames the window; the form
/// is found on its monitor in a screenshot. Points are in the form's coordinates, as in
/// ``DemoTouchOnMutterTests``.
///
/// The long press fails when the X11 host selects no touch events: Xwayland then emulates
/// the pointer, a tap still focuses, but a held pointer selects no word.
@MainActor
@Suite("date-picker-demo under a finger on mutter's Xwayland (XInput 2.2)", .serialized)
struct DemoTouchOnXwaylandTests {
    /// Starts mutter with Xwayland and the demo on it as an X11 client (no `WAYLAND_DISPLAY`),
    /// and finds the form on the screen, pixel for pixel.
    func start() throws -> DemoShownOnMutter {
        let mutter = try HeadlessMutter(xwayland: true)
        let demo = try DemoOnMutter(on: mutter, environment: try #require(mutter.x11Environment))
        try demo.waitForState("the first state") { _ in true }
        let form = try waitForForm(try headlessFrame(events: "", named: "first"), on: mutter, named: "first")
        try #require(form.differing == 0, "\(form.differing) pixels of the form differ from the headless frame")
        return DemoShownOnMutter(mutter: mutter, demo: demo, form: (form.x, form.y))
    }

    func tap(_ x: Int, _ y: Int, on shown: DemoShownOnMutter) throws {
        try DemoTouchOnMutterTests().tap(x, y, on: shown)
    }

    @Test("A tap on Name focuses it and keys type there; a long press on the word selects it, so typing replaces it",
          .enabled(if: xwaylandAvailable, mutterReason))
    func tapFocusesNameAndLongPressSelects() throws {
        let shown = try start()
        try tap(300, 84, on: shown)
        try shown.demo.waitForState("Name focused by a tap") { $0.firstResponder == "name" }
        try shown.mutter.type(keys: ["KEY_H", "KEY_E", "KEY_L", "KEY_L", "KEY_O"])
        try shown.demo.waitForState("Name reading \"hello\"") { $0.value("name") == "hello" }
        // A finger held still on the word for a second; a held mouse button would select nothing.
        let word = (x: Double(shown.form.x + 160), y: Double(shown.form.y + 84))
        try shown.mutter.touchDown(x: word.x, y: word.y)
        usleep(1_000_000)
        try shown.mutter.touchUp()
        try shown.mutter.type(keys: ["KEY_LEFTSHIFT+KEY_X"])
        try shown.demo.waitForState("X typed over the word the long press selected") { $0.value("name") == "X" }
    }

    @Test("A tap on Birthday shows the date picker in place of the keyboard, as the headless demo draws it",
          .enabled(if: xwaylandAvailable, mutterReason))
    func tapShowsTheDatePicker() throws {
        try DemoTouchOnMutterTests().expectTapShowsTheDatePicker(on: try start())
    }
}
