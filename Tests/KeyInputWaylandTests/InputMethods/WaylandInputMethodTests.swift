import Foundation
import KeyInputIBus
import KeyInputKit
import TestSupport
import Testing
import XKB

@testable import KeyInputWayland

/// Input methods on the Wayland host: the compositor's text input with a
/// real input method (Fcitx5 on sway), and IBus over D-Bus in the host's loop.
@MainActor
@Suite("Input methods on the Wayland host", .serialized)
struct WaylandInputMethodTests {
    /// A window with two fields, the first focused, shown by a host on `sway`.
    @MainActor
    final class Form {
        let window = Window(size: Size(width: 400, height: 300))
        let first = RecordingField(frame: Rect(x: 10, y: 10, width: 300, height: 30))
        let second = RecordingField(frame: Rect(x: 10, y: 60, width: 300, height: 30))
        let host: WaylandHost

        init(on sway: HeadlessSway, choice: InputMethodChoice) throws {
            window.addSubview(first)
            window.addSubview(second)
            first.becomeFirstResponder()
            host = try WaylandHost(window: window, title: "form", display: sway.socketPath, inputMethodChoice: choice)
        }
    }

    @Test(
        "sway offers text-input-v3: enabled while a typing field is focused, with its kind; never for a secure one",
        .enabled(
            if: swayAvailable && fcitxWaylandAvailable,
            "needs sway, fcitx5 and fcitx5-hangul (scripts/install-deps.sh test)"))
    func textInputFollowsTheFocusedField() throws {
        // sway sends a text input `enter` only while an input method is connected.
        let sway = try HeadlessSway()
        let fcitx = try WaylandFcitx(on: sway)
        let form = try Form(on: sway, choice: .automatic)
        let textInput = try #require(form.host.inputMethod as? WaylandTextInput)
        #expect(form.window.inputMethod === textInput)
        try pump(form.host) { textInput.isEnabled }
        #expect(textInput.isEntered)

        let secure = RecordingField(frame: Rect(x: 10, y: 110, width: 300, height: 30))
        secure.textInputTraits.isSecureTextEntry = true
        form.window.addSubview(secure)
        secure.becomeFirstResponder()
        #expect(!textInput.isEnabled)
        form.second.textInputTraits.keyboardType = .emailAddress
        form.second.textInputTraits.autocapitalizationType = .none
        form.second.becomeFirstResponder()
        #expect(textInput.isEnabled)
        // The input method hears the field's kind: Fcitx5 logs the hint (0) then the purpose (6, email).
        try pump(form.host) { fcitx.log.contains("contentTypeCallback:06") }
        form.second.resignFirstResponder()
        #expect(!textInput.isEnabled)
        // The compositor took every request: no protocol error closed the connection.
        try form.host.toplevel.roundtrip()
        #expect(form.host.isOpen)
        withExtendedLifetime(fcitx) {}
    }

    @Test(
        "Long text around the caret reaches the compositor as 4000 bytes at most, without a protocol error",
        .enabled(
            if: swayAvailable && fcitxWaylandAvailable,
            "needs sway, fcitx5 and fcitx5-hangul (scripts/install-deps.sh test)"))
    func longSurroundingTextIsCut() throws {
        let sway = try HeadlessSway()
        let fcitx = try WaylandFcitx(on: sway)
        let form = try Form(on: sway, choice: .automatic)
        let textInput = try #require(form.host.inputMethod as? WaylandTextInput)
        try pump(form.host) { textInput.isEnabled }
        let commits = textInput.commitCount
        form.first.insertText(String(repeating: "한", count: 5000) + "end")
        // The window tells the input method after the frame that shows the text.
        try pump(form.host) { textInput.sentSurroundingText?.text.hasSuffix("end") == true }
        let sent = try #require(textInput.sentSurroundingText)
        #expect(sent.text.utf8.count <= 4000)
        #expect(sent.text.hasSuffix("한end"))
        #expect(sent.cursor == sent.text.utf8.count)
        #expect(textInput.commitCount > commits)
        // libwayland refuses a message over 4096 bytes: the whole text would have broken the connection.
        try form.host.toplevel.roundtrip()
        #expect(form.host.isOpen)
        withExtendedLifetime(fcitx) {}
    }

    @Test(
        "Fcitx5 on sway types Hangul through text-input-v3: preedit shown, syllables committed",
        .enabled(
            if: swayAvailable && xvfbAvailable && fcitxWaylandAvailable,
            "needs sway, Xvfb, xdotool, fcitx5 and fcitx5-hangul (scripts/install-deps.sh test)"))
    func fcitxTypesHangulThroughTheCompositor() throws {
        let xvfb = try XvfbServer()
        let sway = try HeadlessSway(on: xvfb)
        let fcitx = try WaylandFcitx(on: sway)
        let form = try Form(on: sway, choice: .automatic)
        let textInput = try #require(form.host.inputMethod as? WaylandTextInput)
        try pump(form.host) { textInput.isEnabled }
        // Fcitx5 starts its engine when the text input first activates it, and grabs the keyboard then.
        try pump(form.host) { fcitx.log.contains("Loaded addon hangul") }
        for _ in 0..<10 { try form.host.processEvents(timeout: 0.05) }
        #expect(try xvfb.run(["xdotool", "windowfocus", "--sync", sway.xWindow()]) == 0)
        // The compositor routes the keys to Fcitx5, which answers with preedit and commits.
        #expect(try xvfb.run(["xdotool", "key", "--delay", "50", "r", "k", "s", "k", "e", "k"]) == 0)
        try pump(form.host) { form.first.markedText == "다" }
        #expect(form.first.text == "가나")
        #expect(form.first.markedText == "다")
        #expect(form.first.preedits.starts(with: ["ㄱ", "가", "간", "나"]), "\(fcitx.log.suffix(2000))")
        // Moving to the other field commits what was being composed, once.
        form.second.becomeFirstResponder()
        try pump(form.host) { textInput.isEnabled }
        for _ in 0..<10 { try form.host.processEvents(timeout: 0.05) }
        #expect(form.first.text == "가나다")
        #expect(form.second.text == "")
        #expect(try xvfb.run(["xdotool", "key", "--delay", "50", "g", "k", "s"]) == 0)
        try pump(form.host) { form.second.markedText == "한" }
        #expect(form.second.text == "")
        withExtendedLifetime(fcitx) {}
    }

    @Test(
        "Another window taking the focus mid-syllable keeps the syllable, typed once",
        .enabled(
            if: swayAvailable && xvfbAvailable && fcitxWaylandAvailable,
            "needs sway, Xvfb, xdotool, fcitx5 and fcitx5-hangul (scripts/install-deps.sh test)"))
    func anotherWindowTakingTheFocusCommitsThePreedit() throws {
        let xvfb = try XvfbServer()
        let sway = try HeadlessSway(on: xvfb)
        let fcitx = try WaylandFcitx(on: sway)
        let form = try Form(on: sway, choice: .automatic)
        let textInput = try #require(form.host.inputMethod as? WaylandTextInput)
        try pump(form.host) { textInput.isEnabled }
        try pump(form.host) { fcitx.log.contains("Loaded addon hangul") }
        for _ in 0..<10 { try form.host.processEvents(timeout: 0.05) }
        #expect(try xvfb.run(["xdotool", "windowfocus", "--sync", sway.xWindow()]) == 0)
        #expect(try xvfb.run(["xdotool", "key", "--delay", "50", "r", "k", "s", "k"]) == 0)
        try pump(form.host) { form.first.markedText == "나" }

        // A new window is focused when it maps: the text input leaves, and the window commits "나".
        var other: WaylandWindow? = try WaylandWindow(
            title: "other", size: Size(width: 200, height: 100), displayName: sway.socketPath)
        for _ in 0..<200 where other!.framesPresented == 0 || textInput.isEntered {
            _ = try other!.dispatch(timeout: 0.02)
            try form.host.processEvents(timeout: 0.02)
        }
        #expect(!textInput.isEntered)
        #expect(form.first.text == "가나")
        #expect(form.first.markedText == nil)
        // Back in the form, the field carries on with nothing typed twice.
        other = nil
        try pump(form.host) { textInput.isEnabled }
        for _ in 0..<10 { try form.host.processEvents(timeout: 0.05) }
        #expect(form.first.text == "가나")
        #expect(try xvfb.run(["xdotool", "key", "--delay", "50", "e", "k"]) == 0)
        try pump(form.host) { form.first.markedText == "다" }
        #expect(form.first.text == "가나", "\(form.first.preedits)")
        withExtendedLifetime(fcitx) {}
    }

    @Test(
        "With InputMethodChoice.none the host connects no input method, and Fcitx5 sees no keys",
        .enabled(
            if: swayAvailable && xvfbAvailable && fcitxWaylandAvailable,
            "needs sway, Xvfb, xdotool, fcitx5 and fcitx5-hangul (scripts/install-deps.sh test)"))
    func noInputMethodLeavesKeysToTheKeyboard() throws {
        let xvfb = try XvfbServer()
        let sway = try HeadlessSway(on: xvfb)
        let fcitx = try WaylandFcitx(on: sway)
        let form = try Form(on: sway, choice: .none)
        #expect(form.host.inputMethod == nil)
        #expect(form.window.inputMethod == nil)
        try pump(form.host) { form.host.seat?.keyboard != nil }
        #expect(try xvfb.run(["xdotool", "windowfocus", "--sync", sway.xWindow()]) == 0)
        #expect(try xvfb.run(["xdotool", "key", "--delay", "50", "r", "k", "s", "k"]) == 0)
        try pump(form.host) { form.first.text == "rksk" }
        #expect(form.first.text == "rksk")
        // Fcitx5 (Hangul active by default) composed nothing: no key reached it. Whether it has loaded
        // its Hangul engine says nothing here: it preloads the default engine on its own, sooner or later.
        #expect(form.first.preedits.isEmpty)
        #expect(!form.first.text.unicodeScalars.contains { (0x1100...0xD7FF).contains($0.value) })
        withExtendedLifetime(fcitx) {}
    }

    @Test(
        "IBus over D-Bus, the fallback without text-input-v3, is served by the host's own loop",
        .enabled(if: swayAvailable && fcitxHangulAvailable, Comment(rawValue: missingDaemons)))
    func ibusFallbackRunsInTheHostsLoop() throws {
        let sway = try HeadlessSway()
        let session = try InputMethodDaemonSession(.fcitxHangul)
        let form = try Form(on: sway, choice: .none)
        // sway always offers text-input-v3, so the fallback is attached as the host would attach it without.
        form.host.attachInputMethod(
            .ibus(.fcitx), locator: IBusDaemonLocator(environment: session.environment, usesPortal: false))
        let ibus = try #require(form.host.inputMethod as? IBusInputMethod)
        #expect(form.window.inputMethod === ibus)
        try #require(ibus.isAvailable)
        // Give the daemon its first focus, then type through the host's keyboard.
        for _ in 0..<10 { try form.host.processEvents(timeout: 0.05) }
        for name in ["r", "k", "s", "k"] {
            let code = try Keycode(name: name)
            form.host.keyboard.handleKey(code, direction: .down, at: form.host.now)
            form.host.keyboard.handleKey(code, direction: .up, at: form.host.now)
        }
        // Only the host's loop dispatches the daemon's answers.
        try pump(form.host) { form.first.markedText == "나" }
        #expect(form.first.text == "가")
        #expect(form.first.preedits.starts(with: ["ㄱ", "가", "간", "나"]))
    }
}

/// A text field that records the marked text it showed.
@MainActor
final class RecordingField: TextField {
    var preedits: [String] = []
    override func setMarkedText(_ text: String?, attributes: MarkedTextAttributes) {
        if let text, !text.isEmpty { preedits.append(text) }
        super.setMarkedText(text, attributes: attributes)
    }
}
