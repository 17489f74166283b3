import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The demo without its own keyboard on sway with squeekboard, the
/// on-screen keyboard of Phosh: a click on a field brings squeekboard up,
/// its keys type into the field, and resigning takes it away, the demo's
/// keyboard frame following. (The window's keyboard frame for squeekboard
/// itself, without an accessory bar, is tested in-process in
/// `SystemKeyboardTests`.)
@MainActor
@Suite("date-picker-demo with squeekboard on sway", .serialized)
struct DemoSystemKeyboardTests {
    @Test(
        "--on-screen-keyboard never: a click on Name brings squeekboard, sway makes the window shorter and the accessory bar rests on its new bottom edge; squeekboard's keys type; a click outside hides it and the window is as tall as before",
        .enabled(if: squeekboardAvailable && nestedSwayAvailable, squeekboardReason))
    func squeekboardTypesIntoTheDemo() throws {
        let session = try NestedSway()
        let squeekboard = try Squeekboard(on: session.sway)
        let demo = try DemoOnCompositor(on: session, ["--state", "--on-screen-keyboard", "never"])
        try demo.waitForState("the first state") { $0.keyboardFrame == [0, 640, 480, 0] }
        try waitUntil("Name focused by a click", timeout: 20, turn: {}) {
            try session.click(x: 300, y: 84)
            return (try? demo.waitForState("Name focused", timeout: 0.5) { $0.firstResponder == "name" }) != nil
        }
        // sway makes the window shorter by squeekboard's height; the accessory bar (Previous, Next, Done), the
        // demo's only input view now, rests on its new bottom edge, right above squeekboard.
        let shown = try demo.waitForState("the window shorter by squeekboard's height") {
            $0.keyboardFrame[1] + $0.keyboardFrame[3] <= 540
        }
        #expect(shown.inputView == nil, "the demo showed a keyboard of its own")
        #expect(shown.keyboardFrame[3] == 44, "the accessory bar alone: \(shown.keyboardFrame)")
        #expect(squeekboard.log.contains("Configured osk"))
        // squeekboard's keys, as it lays them out on a 480-point-wide output (its us layout, 280 points tall).
        let bottom = shown.keyboardFrame[1] + shown.keyboardFrame[3]
        #expect(bottom == 360, "squeekboard is not 280 points tall: the keys below are not where they are clicked")
        for (x, y) in [(288, 466), (360, 396)] {  // h, i
            try session.click(x: x, y: y)
            usleep(150_000)
        }
        try demo.waitForState("Name reading \"hi\", typed on squeekboard") { $0.value("name") == "hi" }

        // A click on the title resigns Name: squeekboard goes, and sway gives the window its height back.
        try session.click(x: 300, y: 30)
        try demo.waitForState("the keyboard frame gone with the window as tall as before") {
            $0.firstResponder == nil && $0.keyboardFrame == [0, 640, 480, 0]
        }
    }
}
