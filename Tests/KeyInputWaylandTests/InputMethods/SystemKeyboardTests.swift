import Foundation
import KeyInputKit
import TestSupport
import Testing

@testable import KeyInputWayland

/// The desktop's on-screen keyboard over text-input-v3: the text input is
/// enabled for a field the user tapped (or any field, with a keyboard on the
/// seat), disabled when it resigns; a window the compositor makes shorter for
/// the keyboard gets a keyboard frame.
@MainActor
@Suite("The desktop's on-screen keyboard on the Wayland host", .serialized)
struct SystemKeyboardTests {
    /// A window with an e-mail field, focused by the program before the
    /// window opens, a phone field, and a background, shown on `sway`.
    @MainActor
    final class Form {
        let window = Window(size: Size(width: 400, height: 300))
        let email = RecordingField(frame: Rect(x: 10, y: 10, width: 300, height: 30))
        let phone = RecordingField(frame: Rect(x: 10, y: 60, width: 300, height: 30))
        let host: WaylandHost
        var textInput: WaylandTextInput { host.inputMethod as! WaylandTextInput }

        init(on sway: HeadlessSway, focusingEmail: Bool = true) throws {
            window.onScreenKeyboardPolicy = .never
            email.textInputTraits.keyboardType = .emailAddress
            phone.textInputTraits.keyboardType = .phonePad
            window.addSubview(email)
            window.addSubview(phone)
            if focusingEmail { email.becomeFirstResponder() }
            host = try WaylandHost(window: window, title: "form", display: sway.socketPath, inputMethodChoice: .automatic)
        }

        /// A press and release in `view`, as the host delivers a click or a
        /// tap (headless sway has no pointer to click with).
        func tap(_ view: View) {
            let frame = view.frameInWindow
            let point = Point(x: frame.midX, y: frame.midY)
            window.sendPointerEvent(PointerEvent(.down, at: point))
            window.sendPointerEvent(PointerEvent(.up, at: point))
        }
    }

    @Test(
        "With no keyboard on the seat: no enable for a field focused at launch; a tap enables with the field's purpose, a tap again enables again, resigning disables",
        .enabled(
            if: swayAvailable && InputMethodObserver.isAvailable,
            "needs sway, cc and libwayland-dev (scripts/install-deps.sh test)"))
    func aTapBringsTheKeyboardAndResigningTakesItAway() throws {
        let sway = try HeadlessSway()
        let observer = try InputMethodObserver(on: sway)
        let form = try Form(on: sway)
        let textInput = form.textInput
        // sway sends the text input `enter` (an input method is connected) though the seat has no keyboard.
        try pump(form.host) { textInput.isEntered }
        for _ in 0..<10 { try form.host.processEvents(timeout: 0.05) }
        #expect(form.host.seat?.keyboard == nil, "headless sway without devices has no keyboard")
        #expect(form.email.isFirstResponder)
        #expect(!textInput.isEnabled)
        #expect(textInput.enableCount == 0)
        #expect(!observer.lines.contains("activate"), "\(observer.lines)")

        form.tap(form.email)
        #expect(textInput.isEnabled)
        try pump(form.host) { observer.lines.contains("activate") }
        // ZWP_TEXT_INPUT_V3_CONTENT_PURPOSE_EMAIL
        try pump(form.host) { observer.purposes.last == 6 }

        // A tap on the focused field sends `enable` again (a keyboard the user hid comes back).
        form.tap(form.email)
        #expect(textInput.enableCount == 2)
        try form.host.toplevel.roundtrip()
        #expect(form.host.isOpen)

        // Moving on to the phone field by a tap: its purpose (ZWP_TEXT_INPUT_V3_CONTENT_PURPOSE_PHONE).
        form.tap(form.phone)
        try pump(form.host) { observer.purposes.last == 4 }
        #expect(textInput.isEnabled)

        form.phone.resignFirstResponder()
        #expect(!textInput.isEnabled)
        try pump(form.host) { observer.lines.last(where: { $0 == "activate" || $0 == "deactivate" }) == "deactivate" }
        // Focused again by the program alone: no enable.
        form.email.becomeFirstResponder()
        for _ in 0..<10 { try form.host.processEvents(timeout: 0.05) }
        #expect(!textInput.isEnabled)
        #expect(observer.lines.last(where: { $0 == "activate" || $0 == "deactivate" }) == "deactivate")
    }

    @Test(
        "squeekboard on sway: it shows for the focused field, sway makes the window shorter, and the window gets a keyboard frame below its new bottom edge; resigning hides it and takes the frame away",
        .enabled(if: squeekboardAvailable, squeekboardReason))
    func squeekboardGivesTheWindowAKeyboardFrame() throws {
        let sway = try HeadlessSway(width: 640, height: 480)
        let squeekboard = try Squeekboard(on: sway)
        let form = try Form(on: sway, focusingEmail: false)
        let textInput = form.textInput
        let frames = Recorder(form.window)
        // Focused once sway has tiled the window over the output: the keyboard then takes a strip of its height.
        try pump(form.host) { textInput.isEntered && form.window.frame.size == Size(width: 640, height: 480) }
        // squeekboard's virtual keyboard is a keyboard on the seat: a field the program focuses is enabled.
        try pump(form.host) { form.host.seat?.keyboard != nil }
        form.email.becomeFirstResponder()
        #expect(textInput.isEnabled)
        try pump(form.host, for: "a keyboard frame from the shorter window") { form.window.systemKeyboardFrame != nil }
        let keyboard = try #require(form.window.systemKeyboardFrame)
        let height = form.window.frame.height
        #expect(height < 480 && height > 200, "the window is \(form.window.frame.size)")
        #expect(keyboard == Rect(x: 0, y: height, width: 640, height: 480 - height))
        #expect(form.window.keyboardFrame == keyboard)
        #expect(frames.kinds == [.willShow, .didShow])
        #expect(squeekboard.log.contains("Configured osk"))

        form.email.resignFirstResponder()
        #expect(!textInput.isEnabled)
        try pump(form.host, for: "the window as tall as before") { form.window.frame.height == 480 }
        #expect(form.window.systemKeyboardFrame == nil)
        #expect(form.window.keyboardFrame == Rect(x: 0, y: 480, width: 640, height: 0))
        #expect(frames.kinds == [.willShow, .didShow, .willHide, .didHide])
    }

    /// Records the window's keyboard frame events.
    @MainActor
    final class Recorder {
        var kinds: [KeyboardFrameEvent.Kind] = []
        private var token: ObservationToken?
        init(_ window: Window) {
            token = window.observeKeyboardFrame { [weak self] in self?.kinds.append($0.kind) }
        }
    }
}

/// How the host reads the desktop's keyboard from the window's size.
@Suite struct SystemKeyboardResizeTests {
    let full = Size(width: 640, height: 480)
    let short = Size(width: 640, height: 276)

    @Test func aShorterWindowSoonAfterEnableIsTheKeyboardAndTheWindowGrowingBackHidesIt() {
        var resize = SystemKeyboardResize()
        resize.textInputEnabled(true, at: 10)
        #expect(resize.resized(from: full, to: short, at: 10.5) == 204)
        // squeekboard changing layout: the keyboard's height follows the window's.
        #expect(resize.resized(from: short, to: Size(width: 640, height: 300), at: 11) == 180)
        #expect(resize.resized(from: Size(width: 640, height: 300), to: Size(width: 640, height: 300), at: 11) == nil)
        resize.textInputEnabled(false, at: 12)
        #expect(resize.resized(from: Size(width: 640, height: 300), to: full, at: 12.2) == 0)
        #expect(resize.fullHeight == nil)
    }

    @Test func shorterWindowsThatAreNotTheKeyboard() {
        var resize = SystemKeyboardResize()
        // Never enabled: the user resized.
        #expect(resize.resized(from: full, to: short, at: 1) == nil)
        // Enabled long ago (a desktop with a keyboard, the field focused all along): the user resized.
        resize.textInputEnabled(true, at: 1)
        #expect(resize.resized(from: full, to: short, at: 1 + SystemKeyboardResize.enableWindow + 1) == nil)
        // Disabled: nothing to show.
        resize.textInputEnabled(true, at: 10)
        resize.textInputEnabled(false, at: 10.1)
        #expect(resize.resized(from: full, to: short, at: 10.2) == nil)
        // Taller, or narrower too: not the keyboard.
        resize.textInputEnabled(true, at: 20)
        #expect(resize.resized(from: short, to: full, at: 20.1) == nil)
        #expect(resize.resized(from: full, to: Size(width: 480, height: 276), at: 20.2) == nil)
    }

    @Test func aNewWidthWhileTheKeyboardShowsTakesItAway() {
        var resize = SystemKeyboardResize()
        resize.textInputEnabled(true, at: 0)
        #expect(resize.resized(from: full, to: short, at: 0.1) == 204)
        #expect(resize.resized(from: short, to: Size(width: 480, height: 640), at: 0.2) == 0)
        #expect(resize.keyboardHeight == 0)
    }
}
