import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// An input method on GNOME's compositor. GNOME routes keys to IBus through
/// text-input-v3, but the IBus client is GNOME Shell's (its `InputMethod`, set
/// as Clutter's input method): mutter alone has none (libmutter 43 names no
/// IBus interface). The demo, like GTK 4, takes text-input-v3 whenever the
/// compositor offers it, so on a bare mutter an `ibus-daemon` on the session
/// bus gets no keys, and they type as plain Latin letters.
@MainActor
@Suite("date-picker-demo with IBus on mutter", .serialized)
struct DemoInputMethodOnMutterTests {
    @Test(
        "ibus-hangul on mutter's session bus composes r k s k into Name through text-input-v3",
        .enabled(if: mutterAvailable && ibusHangulAvailable, "needs mutter and ibus-hangul (scripts/install-deps.sh test)"))
    func hangulThroughMutter() throws {
        let mutter = try HeadlessMutter()
        let ibus = try InputMethodDaemonSession(.ibus(engine: "hangul"), onBus: mutter.sessionBusAddress)
        let address = try #require(ibus.ibusAddress)
        let demo = try DemoOnCompositor(
            on: mutter, environment: ["IBUS_ADDRESS": address, "KEYINPUTKIT_IM_MODULE": "ibus"])
        try demo.waitForState("the first state") { _ in true }
        let form = try waitForForm(try headlessFrame(events: "", named: "first"), on: mutter, named: "first")
        try mutter.click(x: form.x + 300, y: form.y + 84)
        try demo.waitForState("Name focused") { $0.firstResponder == "name" }
        try mutter.type(keys: ["KEY_R", "KEY_K", "KEY_S", "KEY_K"])
        try demo.waitForState("four keys handled") { ($0.value("name") ?? "") + ($0.markedText("name") ?? "") != "" }
        withKnownIssue("mutter without GNOME Shell has no input method behind text-input-v3: the keys type rksk") {
            try demo.waitForState("가 committed and 나 composing", timeout: 3) {
                $0.value("name") == "가" && $0.markedText("name") == "나"
            }
        }
        withExtendedLifetime(ibus) {}
    }
}
