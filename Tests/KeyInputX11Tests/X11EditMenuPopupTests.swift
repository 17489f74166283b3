import CXCB
import Foundation
import KeyInputKit
import Testing
import TestSupport

@testable import KeyInputX11

@Suite("the edit menu in a window of its own on X11", .enabled(if: xvfbAvailable, "needs Xvfb and xdotool (scripts/install-deps.sh test)"))
@MainActor
struct X11EditMenuPopupTests {
    @Test("a right click near the window's right edge shows the edit menu past the edge, drawn on screen")
    func rightClickNearTheRightEdge() throws {
        let form = try HostedForm()
        defer { form.stop() }
        try form.xdotool("type", "past the edge")
        try form.pump(for: "the typed text") { form.name.text == "past the edge" }
        try form.xdotool("mousemove", "--window", String(form.host.windowID), "370", "36", "click", "3")
        try form.pump(for: "the edit menu to open") { form.window.presentedEditMenu != nil }
        let popup = try #require(form.window.presentedEditMenu?.popup)
        #expect(popup.surfaceWindow != nil, "the menu was drawn inside the window")
        #expect(popup.frame.maxX > form.window.frame.width, "the menu ends at \(popup.frame.maxX)")
        let shown = try #require(form.host.popups.first)
        let screen = try ScreenReader(display: form.server.display)
        #expect(try screen.geometry(of: shown.xWindow).overrideRedirect)
        // The screen beside the window is black (Xvfb's root); the menu's pixels past the edge are not.
        let x = Int(form.window.frame.width + (popup.frame.maxX - form.window.frame.width) / 2)
        let y = Int(popup.frame.midY)
        try form.pump(for: "the menu drawn past the window's edge") {
            (try? screen.pixel(x: x, y: y)).map { $0 != (0, 0, 0) } ?? false
        }
    }
}
