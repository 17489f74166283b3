import Foundation
import KeyInputIBus
import KeyInputKit
import TestSupport
import Testing

@testable import KeyInputX11

@Suite(
    "X11 host with an input method", .serialized,
    .enabled(
        if: xvfbAvailable && ibusHangulAvailable,
        "Xvfb, xdotool or IBus with ibus-hangul is not installed (scripts/install-deps.sh test)"))
@MainActor
struct X11HostInputMethodTests {
    @Test("keys typed on the X server reach ibus-hangul first; the preedit shows and Tab commits it")
    func hangulUnderXvfb() throws {
        let session = try InputMethodDaemonSession(.ibus(engine: "hangul"))
        let form = try HostedForm()
        defer { form.stop() }
        let inputMethod = IBusInputMethod(
            locator: IBusDaemonLocator(environment: session.environment, usesPortal: false))
        try #require(inputMethod.isAvailable)
        // A loaded machine may answer slowly: this test is not about timeouts.
        inputMethod.keyTimeout = 5
        form.window.inputMethodTimeout = 5
        form.host.inputMethod = inputMethod
        #expect(form.window.inputMethod === inputMethod)
        try form.run(turns: 25)  // the engine starts on the first focus

        try form.xdotool("key", "--delay", "20", "r", "k", "s", "k", "e", "k")
        try form.pump { form.name.markedText == "다" }
        #expect(form.name.text == "가나")
        #expect(form.name.markedText == "다")
        try form.xdotool("key", "Tab")
        try form.pump { form.other.isFirstResponder }
        try form.run(turns: 10)
        #expect(form.name.text == "가나다")
        #expect(form.other.text == "")
    }

    @Test("with no input method chosen, the host connects none and keys type as before")
    func noneChosen() throws {
        let server = try XvfbServer()
        defer { server.stop() }
        let window = Window(size: Size(width: 200, height: 200))
        let host = try X11Host(window: window, display: server.display, inputMethodChoice: .none)
        #expect(host.inputMethod == nil)
        #expect(window.inputMethod == nil)
    }
}
