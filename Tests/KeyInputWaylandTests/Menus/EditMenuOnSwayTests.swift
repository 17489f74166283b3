import KeyInputKit
import TestSupport
import Testing

@testable import KeyInputWayland

/// The edit menu on sway (nested in Xvfb), opened and worked with real
/// button and key events from xdotool; what it copies is read back with wl-paste.
@MainActor
@Suite(
    "The edit menu on sway", .serialized,
    .enabled(if: clipboardToolsAvailable, "needs sway, Xvfb, xdotool and wl-clipboard (scripts/install-deps.sh test)"))
struct EditMenuOnSwayTests {
    @Test("a right click opens the menu in an xdg_popup, a click on Select All selects; the Menu key, C, Return copies for wl-paste")
    func rightClickSelectAllThenCopy() throws {
        let (window, field) = WaylandPointerTests.form("from the menu")
        let nested = try NestedSwayHost(window: window, title: "edit menu")
        _ = field.becomeFirstResponder()
        try nested.move(to: Point(x: 70, y: 36))
        try nested.xdotool("click", "3")
        try pump(nested.host, for: "the menu to open") { window.presentedEditMenu?.popup?.surfaceWindow != nil }
        let menu = try #require(window.presentedEditMenu)
        let popup = try #require(menu.popup)
        try pump(nested.host, for: "sway to place the popup") { nested.host.popups.first?.placement != nil }
        let row = try #require(menu.element(titled: "Select All").flatMap(menu.frame(of:)))
        // The row on the output: the window fills it, and the popup's frame is in window coordinates.
        let x = Int(popup.frame.minX + row.midX), y = Int(popup.frame.minY + row.midY)
        try nested.xdotool("mousemove", "--window", nested.swayWindow, "\(x)", "\(y)")
        for _ in 0..<5 { try nested.host.processEvents(timeout: 0.05) }
        try nested.xdotool("click", "1")
        try pump(nested.host, for: "Select All by a click") { field.selectedRange == 0..<13 }
        #expect(window.presentedEditMenu == nil)
        try nested.xdotool("key", "Menu")
        try pump(nested.host, for: "the Menu key to open the menu") { window.presentedEditMenu != nil }
        // Nothing to undo (the text was set, not typed): the highlight starts on Cut, and C goes on to Copy.
        #expect(window.presentedEditMenu?.highlightedElement?.title == "Cut")
        try nested.xdotool("key", "c")
        try pump(nested.host, for: "C to highlight Copy") { window.presentedEditMenu?.highlightedElement?.title == "Copy" }
        try nested.xdotool("key", "Return")
        try pump(nested.host, for: "the menu to close") { window.presentedEditMenu == nil }
        #expect(try WaylandClipboardTests.wlPaste(in: nested) == "from the menu")
        #expect(field.text == "from the menu", "the keys went to the menu, not the field")
    }
}
