import Foundation
import KeyInputKit
import Testing

@testable import KeyInputX11

/// The edit menu under Xvfb, opened and worked with real key and button
/// events from xdotool; what it copies is read back with xclip.
@Suite(
    "the edit menu on X11", .serialized,
    .enabled(if: clipboardToolsAvailable, "Xvfb, xdotool, xclip or xsel is missing (scripts/install-deps.sh test)"))
@MainActor
struct EditMenuX11Tests {
    @Test("the Menu key opens the menu, S then Return selects all; Shift+F10, C, C, Return copies it for xclip")
    func menuKeyAndShiftF10SelectAllAndCopy() throws {
        let clipboard = try ClipboardHost()
        defer { clipboard.stop() }
        let form = clipboard.form
        try form.xdotool("type", "copy me")
        try form.pump(for: "the typed text") { form.name.text == "copy me" }
        try form.xdotool("key", "Menu")
        try form.pump(for: "the menu to open") { form.window.presentedEditMenu != nil }
        try form.xdotool("key", "s", "Return")
        try form.pump(for: "Select All") { form.name.selectedRange == 0..<7 && form.window.presentedEditMenu == nil }
        #expect(form.name.text == "copy me", "the keys went to the menu, not the field")
        try form.xdotool("key", "shift+F10")
        try form.pump(for: "the menu to open again") { form.window.presentedEditMenu != nil }
        try form.xdotool("key", "c", "c", "Return")
        try form.pump(for: "the host to own the clipboard") { clipboard.host.selections.isOwner(of: .clipboard) }
        let copied = try clipboard.runPumping(["xclip", "-o", "-selection", "clipboard"])
        #expect(String(decoding: copied.output, as: UTF8.self) == "copy me")
    }

    @Test("a click on a row of the menu chooses it; a click outside closes the menu and goes no further")
    func chooseWithTheMouseAndClickOutside() throws {
        let clipboard = try ClipboardHost()
        defer { clipboard.stop() }
        let form = clipboard.form
        let id = String(clipboard.host.windowID)
        try form.xdotool("type", "by mouse")
        try form.pump { form.name.text == "by mouse" }
        try form.xdotool("key", "Menu")
        let menu = try #require(try waitForMenu(form))
        let (x, y) = try rowCenter("Select All", of: menu)
        try form.xdotool("mousemove", "--window", id, String(x), String(y), "click", "1")
        try form.pump(for: "Select All by a click") { form.name.selectedRange == 0..<8 }
        #expect(form.window.presentedEditMenu == nil)
        try form.xdotool("key", "Menu")
        _ = try #require(try waitForMenu(form))
        // Below the menu, on the window's empty corner: a click there would otherwise dismiss the keyboard.
        #expect(form.window.keyboardDismissalPolicy == .onPressOutside)
        try form.xdotool("mousemove", "--window", id, "395", "295", "click", "1")
        try form.pump(for: "a click outside to close the menu") { form.window.presentedEditMenu == nil }
        try form.run(turns: 5)
        #expect(form.name.isFirstResponder, "the click outside went no further")
    }

    @Test("a right click opens the menu where it clicked, and a click on Select All selects the text")
    func rightClickOpensTheMenu() throws {
        let clipboard = try ClipboardHost()
        defer { clipboard.stop() }
        let form = clipboard.form
        let id = String(clipboard.host.windowID)
        try form.xdotool("type", "right click")
        try form.pump { form.name.text == "right click" }
        try form.xdotool("mousemove", "--window", id, "60", "36", "click", "3")
        let menu = try #require(try waitForMenu(form))
        let popup = try #require(menu.popup)
        #expect(abs(popup.frame.minX - 60) <= 1, "the menu opened at the click")
        #expect(form.name.selectedRange.isEmpty && form.name.selectedRange.lowerBound < 11, "the caret went to the click")
        let (x, y) = try rowCenter("Select All", of: menu)
        try form.xdotool("mousemove", "--window", id, String(x), String(y), "click", "1")
        try form.pump(for: "Select All by a click") { form.name.selectedRange == 0..<11 }
    }

    private func waitForMenu(_ form: HostedForm) throws -> MenuView? {
        try form.pump(for: "the menu to open") { form.window.presentedEditMenu != nil }
        return form.window.presentedEditMenu
    }

    /// The middle of a row, in the main window's coordinates, whether the popup is drawn in the window or in a window of its own.
    private func rowCenter(_ title: String, of menu: MenuView) throws -> (Int, Int) {
        let popup = try #require(menu.popup)
        let row = try #require(menu.element(titled: title).flatMap(menu.frame(of:)))
        let origin = popup.surfaceWindow == nil ? Point.zero : popup.frame.origin
        return (Int(origin.x + row.midX), Int(origin.y + row.midY))
    }
}
