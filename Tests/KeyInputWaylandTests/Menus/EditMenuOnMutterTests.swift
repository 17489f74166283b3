import KeyInputCairo
import KeyInputKit
import TestSupport
import Testing

@testable import KeyInputWayland

/// The edit menu on GNOME's compositor under a finger: a long press through
/// mutter's own seat (RemoteDesktop touches, sent to the client as `wl_touch`).
@MainActor
@Suite("The edit menu on mutter, by touch", .serialized)
struct EditMenuOnMutterTests {
    @Test(
        "a long press on a word selects it and, when the finger lifts, opens the menu on screen; a tap on Select All selects all",
        .enabled(if: mutterAvailable, mutterReason))
    func longPressOpensTheMenuAndATapChooses() throws {
        let mutter = try HeadlessMutter()
        defer { mutter.stop() }
        let scene = try MenuScene(on: mutter)
        let (host, window, field, origin) = (scene.host, scene.window, scene.field, scene.origin)
        try scene.longPressOnBravo()
        try pump(host, for: "the menu to stay open") { window.presentedEditMenu != nil }
        let menu = try #require(window.presentedEditMenu)
        #expect(menu.rowHeight == 44)
        let popup = try #require(menu.popup)
        #expect(popup.surfaceWindow != nil, "the menu is an xdg_popup of its own")
        try pump(host, for: "mutter to place the popup") { host.popups.first?.placement != nil }
        for _ in 0..<10 { try host.processEvents(timeout: 0.05) }
        let row = try #require(menu.element(titled: "Select All").flatMap(menu.frame(of:)))
        let inWindow = Point(x: popup.frame.minX + row.midX, y: popup.frame.minY + row.midY)
        // Mutter shows it: the screen under Select All changed from what it was before the menu.
        let shot = try CairoCanvas(contentsOfPNG: try mutter.screenshot(named: "menu.png"))
        let (x, y) = (Int(origin.x + inWindow.x), Int(origin.y + inWindow.y))
        let before = try #require(scene.shot.color(atX: x, y: y)), after = try #require(shot.color(atX: x, y: y))
        #expect(!after.isClose(to: before, tolerance: 0.05), "the menu is not on mutter's screen")
        try mutter.touchDown(x: origin.x + inWindow.x, y: origin.y + inWindow.y)
        for _ in 0..<3 { try host.processEvents(timeout: 0.05) }
        try mutter.touchUp()
        try pump(host, for: "a tap on Select All") { field.selectedRange == 0..<11 }
        try pump(host, for: "the menu to close") { window.presentedEditMenu == nil && host.popups.isEmpty }
    }

    @Test(
        "the menu a long press opened closes on a tap outside it, and the selection stays",
        .enabled(if: mutterAvailable, mutterReason))
    func aTapOutsideClosesTheMenu() throws {
        let mutter = try HeadlessMutter()
        defer { mutter.stop() }
        let scene = try MenuScene(on: mutter)
        let (host, window, field, origin) = (scene.host, scene.window, scene.field, scene.origin)
        try scene.longPressOnBravo()
        try pump(host, for: "mutter to place the popup") { host.popups.first?.placement != nil }
        #expect(window.presentedEditMenu != nil)
        // The backdrop's bottom-left corner, far from the field and the menu beside it.
        try mutter.touchDown(x: origin.x + 10, y: origin.y + 290)
        for _ in 0..<3 { try host.processEvents(timeout: 0.05) }
        try mutter.touchUp()
        try pump(host, for: "a tap outside to close the menu") {
            window.presentedEditMenu == nil && host.popups.isEmpty
        }
        #expect(field.selectedText == "bravo")
    }
}

/// A window with a field on mutter's screen, and the long press that opens its edit menu.
@MainActor
private struct MenuScene {
    let window = Window(size: Size(width: 400, height: 300))
    let field = TextField(frame: Rect(x: 20, y: 100, width: 360, height: 32))
    let host: WaylandHost
    let mutter: HeadlessMutter
    /// The screen with the window shown, before any menu.
    let shot: CairoCanvas
    /// The window's top-left corner on the screen.
    let origin: Point

    init(on mutter: HeadlessMutter) throws {
        self.mutter = mutter
        window.addSubview(Backdrop(frame: Rect(x: 0, y: 0, width: 400, height: 300)))
        field.text = "alpha bravo"
        window.addSubview(field)
        let host = try WaylandHost(
            window: window, title: "edit menu by touch", display: mutter.socketPath, inputMethodChoice: .none)
        self.host = host
        try pump(host, for: "the window to show") { host.framesPresented > 0 }
        for _ in 0..<10 { try host.processEvents(timeout: 0.05) }
        shot = try CairoCanvas(contentsOfPNG: try mutter.screenshot(named: "window.png"))
        origin = try #require(Backdrop.corner(in: shot), "the window is not on screen")
    }

    /// Holds a finger on "bravo" until it is selected, then lifts it: the menu opens as it lifts.
    func longPressOnBravo() throws {
        let (window, field, host) = (window, field, host)
        field.selectedRange = 8..<8
        let caret = field.convert(try #require(field.caretRect), to: nil)
        field.selectedRange = 0..<0
        try mutter.touchDown(x: origin.x + caret.midX, y: origin.y + caret.midY)
        try pump(host, for: "the long press to select bravo") { field.selectedText == "bravo" }
        #expect(window.presentedEditMenu == nil, "no menu while the finger is down")
        // Whether the menu was up right after the window handled the finger lifting.
        var openedOnLift = false
        host.afterEvent = { event in
            if case .touch(.ended, _, _) = event, window.presentedEditMenu != nil { openedOnLift = true }
        }
        try mutter.touchUp()
        try pump(host, for: "the finger to lift") { openedOnLift }
        host.afterEvent = nil
    }
}

/// The window's background, a colour a screenshot finds.
@MainActor
private final class Backdrop: View {
    static let color = Color(red: 0, green: 0.6, blue: 0)
    override func draw(in canvas: Canvas, rect: Rect) { canvas.fill(rect, color: Self.color) }

    /// The top-left corner of the backdrop on the screen.
    static func corner(in shot: CairoCanvas) -> Point? {
        for y in 0..<Int(shot.size.height) {
            for x in 0..<Int(shot.size.width) {
                if let pixel = shot.color(atX: x, y: y), pixel.isClose(to: color, tolerance: 0.05) {
                    return Point(x: Double(x), y: Double(y))
                }
            }
        }
        return nil
    }
}
