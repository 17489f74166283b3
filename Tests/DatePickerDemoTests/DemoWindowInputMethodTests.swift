import Foundation
import TestSupport
import Testing

@Suite(
    "date-picker-demo in an X window with IBus", .serialized,
    .enabled(
        if: xvfbAvailable && ibusHangulAvailable,
        "Xvfb, xdotool or IBus with ibus-hangul is not installed (scripts/install-deps.sh test installs them)"))
struct DemoWindowInputMethodTests {
    @Test("Korean typed through ibus-hangul: --state shows the preedit as marked text, then the committed name")
    func koreanThroughIBus() throws {
        let session = try InputMethodDaemonSession(.ibus(engine: "hangul"))
        let address = try #require(session.ibusAddress)
        let demo = try RunningDemo(["--output", "frames"], environment: ["IBUS_ADDRESS": address])
        try demo.focusWindow()
        try demo.click(200, 84)
        try demo.waitForState("the name field focused") { $0.firstResponder == "name" }
        usleep(300_000)  // the engine starts on the first focus

        try demo.xdotool("key", "--delay", "40", "r", "k", "s", "k", "e", "k")
        let composing = try demo.waitForState("다 composing in the name field") { $0.markedText("name") == "다" }
        #expect(composing.value("name") == "가나", "\(demo.stderr)")
        #expect(demo.states().contains { $0.markedText("name") == "가" })

        try demo.xdotool("key", "Tab")
        let committed = try demo.waitForState("the birthday focused after Tab") { $0.firstResponder == "birthday" }
        #expect(committed.value("name") == "가나다")
        #expect(committed.markedText("name") == nil)
        #expect(demo.terminate() == 0)
    }
}
