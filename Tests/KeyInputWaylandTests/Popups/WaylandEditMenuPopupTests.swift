import KeyInputCairo
import KeyInputKit
import TestSupport
import Testing

@testable import KeyInputWayland

@Suite("The edit menu in an xdg_popup")
@MainActor
struct WaylandEditMenuPopupTests {
    @Test(
        "On sway a right click near the window's right edge shows the edit menu past the edge, drawn on screen",
        .enabled(if: nestedSwayAvailable, nestedSwayReason))
    func rightClickNearTheRightEdge() throws {
        let window = Window(size: Size(width: 400, height: 300))
        let field = TextField(frame: Rect(x: 20, y: 20, width: 360, height: 32), placeholder: "Name")
        field.text = "past the edge"
        window.addSubview(field)
        let nested = try NestedSwayHost(window: window, title: "edit menu")
        try nested.sway.command("[title=\"edit menu\"] floating enable, resize set 400 300, move position 40 40")
        try pump(nested.host, for: "sway to float the window") { window.frame.size == Size(width: 400, height: 300) }
        try nested.xdotool("mousemove", "--window", nested.swayWindow, "410", "76")
        for _ in 0..<5 { try nested.host.processEvents(timeout: 0.05) }
        try nested.xdotool("click", "3")
        try pump(nested.host, for: "the edit menu to open") { window.presentedEditMenu != nil }
        let popup = try #require(window.presentedEditMenu?.popup)
        #expect(popup.surfaceWindow != nil, "the menu was drawn inside the window")
        let shown = try #require(nested.host.popups.first)
        try pump(nested.host, for: "sway to place the menu") { shown.placement != nil }
        #expect(popup.frame.maxX > window.frame.width, "the menu ends at \(popup.frame.maxX)")
        for _ in 0..<10 { try nested.host.processEvents(timeout: 0.05) }
        // sway's background beside the window is black; the menu's pixels past the edge are not.
        let shot = try CairoCanvas(contentsOfPNG: try nested.sway.screenshot(named: "menu.png"))
        let x = 40 + Int(window.frame.width + (popup.frame.maxX - window.frame.width) / 2)
        let pixel = try #require(shot.color(atX: x, y: 40 + Int(popup.frame.midY)))
        #expect(!pixel.isClose(to: Color(red: 0, green: 0, blue: 0), tolerance: 0.05), "pixel \(x) is \(pixel)")
    }
}
