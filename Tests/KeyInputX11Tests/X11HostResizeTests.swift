import Foundation
import KeyInputKit
import Testing
import TestSupport

@testable import KeyInputX11

@Suite(
    "X11 host resized under Xvfb", .serialized,
    .enabled(if: xvfbAvailable, "Xvfb and xdotool are not installed (scripts/install-deps.sh test installs them)"))
@MainActor
struct X11HostResizeTests {
    @Test("a resize of the X window resizes the window, its back buffer and the keyboard")
    func resizeFollowsTheXWindow() throws {
        let form = try HostedForm()
        defer { form.stop() }
        form.window.onScreenKeyboardPolicy = .always
        form.window.updatePresentedInputViews()
        try form.pump { !form.window.isAnimatingInputViews }
        #expect(form.window.keyboardFrame == Rect(x: 0, y: 84, width: 400, height: 216))

        try form.xdotool("windowsize", "--sync", String(form.host.windowID), "700", "500")
        try form.pump { form.window.frame.size == Size(width: 700, height: 500) }
        #expect(form.window.frame.size == Size(width: 700, height: 500))
        #expect(form.events.contains(.resized(Size(width: 700, height: 500))))
        // Wide enough for the whole main block: the keyboard takes its five rows of 48 points.
        #expect(form.window.keyboardFrame == Rect(x: 0, y: 260, width: 700, height: OnScreenKeyboard.wideHeight))
        #expect(form.host.backBuffer.canvas.pixelWidth == 700 && form.host.backBuffer.canvas.pixelHeight == 500)
        #expect(!form.window.needsDisplay, "the resized window was not drawn")
    }

    @Test(
        "the window manager may resize the window down to a minimum size, with no maximum",
        .enabled(if: executablePath("xprop") != nil, "xprop (from x11-utils) is not installed"))
    func minimumSizeHints() throws {
        let form = try HostedForm()
        defer { form.stop() }
        #expect(form.host.minimumSize == Size(width: 320, height: 300))
        let hints = try form.server.output(["xprop", "-id", String(form.host.windowID), "WM_NORMAL_HINTS"])
        try #require(hints.status == 0, "\(hints)")
        #expect(hints.stdout.contains("program specified minimum size: 320 by 300"), "\(hints.stdout)")
        #expect(!hints.stdout.contains("maximum size"), "\(hints.stdout)")
    }
}
