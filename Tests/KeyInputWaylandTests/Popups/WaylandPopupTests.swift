import KeyInputCairo
import KeyInputKit
import TestSupport
import Testing

@testable import KeyInputWayland

/// A 400 × 300 window painted blue, so a screenshot shows where the compositor put it.
@MainActor
private func blueWindow() -> Window {
    let window = Window(size: Size(width: 400, height: 300))
    let background = PaintedView(frame: Rect(x: 0, y: 0, width: 400, height: 300))
    window.addSubview(background)
    return window
}

@MainActor
private final class PaintedView: View {
    static let color = Color(red: 0, green: 0, blue: 1)
    override func draw(in canvas: Canvas, rect: Rect) { canvas.fill(rect, color: Self.color) }
}

/// A magenta popup with a green mark half a point wide at x 50: one pixel column at scale 2, a blur at scale 1.
@MainActor
private final class HalfPointMark: View {
    init() { super.init(frame: Rect(x: 0, y: 0, width: 200, height: 120)) }
    override func draw(in canvas: Canvas, rect: Rect) {
        canvas.fill(rect, color: PopupTestContent.panelColor)
        canvas.fill(Rect(x: rect.minX + 50, y: rect.minY, width: 0.5, height: rect.height), color: PopupTestContent.buttonColor)
    }
}

/// The smallest rect of screen pixels holding every pixel of `color` (every other pixel looked at), or `nil`.
@MainActor
private func boundingBox(of color: Color, in shot: CairoCanvas) -> Rect? {
    var box: Rect?
    for y in stride(from: 0, to: Int(shot.size.height), by: 2) {
        for x in stride(from: 0, to: Int(shot.size.width), by: 2) {
            guard let pixel = shot.color(atX: x, y: y), pixel.isClose(to: color, tolerance: 0.05) else { continue }
            let dot = Rect(x: Double(x), y: Double(y), width: 2, height: 2)
            box = box.map { $0.union(dot) } ?? dot
        }
    }
    return box
}

/// What a popup test needs of a compositor: screenshots and a real pointer on its screen.
@MainActor
private protocol PopupDesk {
    func screenshot(named name: String) throws -> CairoCanvas
    func click(x: Double, y: Double) throws
    /// Taps with a finger, when the compositor's seat has a touch screen; returns whether it did.
    func tap(x: Double, y: Double) throws -> Bool
}

/// Shows a popup anchored near the window's right edge, and checks that the compositor shows it in a surface
/// of its own reaching past that edge, that a real click on its button outside the window reaches the button,
/// and that a click outside both ends it (popup_done) and the window dismisses it.
@MainActor
private func checkPopupPastTheRightEdge(host: WaylandHost, window: Window, desk: some PopupDesk) throws {
    var shot = try desk.screenshot(named: "window.png")
    let windowOnScreen = try #require(boundingBox(of: PaintedView.color, in: shot), "the blue window is not on screen")
    // A click in the window gives the host the serial the popup's grab names.
    try desk.click(x: windowOnScreen.minX + 40, y: windowOnScreen.minY + 40)
    try pump(host, for: "the click in the window") { host.grabSerial != nil }

    try pump(host, for: "the window to have keyboard focus") { window.isActive }
    var focusChanges: [Bool] = []
    host.afterEvent = { if case .focus(let gained) = $0 { focusChanges.append(gained) } }
    let content = PopupTestContent()
    let popup = window.presentPopup(content, anchoredTo: Rect(x: 350, y: 100, width: 1, height: 1))
    #expect(popup.surfaceWindow != nil, "the host showed no surface of its own")
    let shown = try #require(host.popups.first)
    try pump(host, for: "the compositor to place the popup") { shown.placement != nil }
    // Below the anchor's bottom-left corner, slid left only as far as the screen's right edge asks.
    let screenWidth = shot.size.width
    let x = min(350, screenWidth - windowOnScreen.minX - 200)
    // (The screenshot is read every other pixel: a point or two either way.)
    #expect(abs(popup.frame.minX - x) <= 2, "the window was told the popup is at \(popup.frame), not near x \(x)")
    #expect(popup.frame.minY == 101 && popup.frame.size == Size(width: 200, height: 120), "told \(popup.frame)")
    #expect(popup.frame.maxX > window.frame.width)
    for _ in 0..<10 { try host.processEvents(timeout: 0.05) }

    shot = try desk.screenshot(named: "popup.png")
    let panel = try #require(boundingBox(of: PopupTestContent.panelColor, in: shot), "no popup on screen")
    let button = try #require(boundingBox(of: PopupTestContent.buttonColor, in: shot), "no button on screen")
    // The panel and its button show past the window's right edge.
    #expect(panel.maxX > windowOnScreen.maxX + 100, "the popup ends at \(panel.maxX), the window at \(windowOnScreen.maxX)")
    #expect(button.minX > windowOnScreen.maxX, "the button starts at \(button.minX), the window ends at \(windowOnScreen.maxX)")
    // Where the window was told it went is where it shows.
    #expect(abs(panel.minX - (windowOnScreen.minX + popup.frame.minX)) <= 2, "the popup shows at \(panel.minX)")
    #expect(abs(panel.minY - (windowOnScreen.minY + popup.frame.minY)) <= 2, "the popup shows at \(panel.minY)")
    #expect(panel.maxX <= screenWidth)

    try desk.click(x: button.midX, y: button.midY)
    try pump(host, for: "the click to reach the popup's button") { content.button.pointerEvents.count == 2 }
    #expect(content.button.pointerEvents.map(\.kind) == [.down, .up])
    let location = try #require(content.button.pointerEvents.first).location(in: content.button)
    #expect(abs(location.x - 45) <= 2 && abs(location.y - 40) <= 2, "the button got the click at \(location)")
    #expect(popup.isPresented)
    // The popup takes the compositor's keyboard focus from the window, but keys still go to the window:
    // the window stays active, and its input method and held keys are not told it lost focus.
    #expect(window.isActive)
    #expect(focusChanges.isEmpty, "the window heard focus changes \(focusChanges)")
    if try desk.tap(x: button.midX, y: button.midY) {
        try pump(host, for: "the tap to reach the popup's button") { content.button.touchesBegan == 1 }
        #expect(popup.isPresented)
    }

    // Outside the window and the popup: the compositor ends the popup and the window dismisses it.
    try desk.click(x: 5, y: shot.size.height - 5)
    try pump(host, for: "popup_done to dismiss the popup") { !popup.isPresented }
    #expect(host.popups.isEmpty)
    #expect(window.presentedPopups.isEmpty)
    for _ in 0..<5 { try host.processEvents(timeout: 0.05) }
    #expect(focusChanges.allSatisfy { $0 }, "the window heard it lost focus: \(focusChanges)")
}

@MainActor
private struct NestedSwayDesk: PopupDesk {
    let nested: NestedSwayHost
    func screenshot(named name: String) throws -> CairoCanvas {
        try CairoCanvas(contentsOfPNG: try nested.sway.screenshot(named: name))
    }
    func click(x: Double, y: Double) throws {
        try nested.xdotool("mousemove", "--window", nested.swayWindow, "\(Int(x))", "\(Int(y))")
        for _ in 0..<5 { try nested.host.processEvents(timeout: 0.05) }
        try nested.xdotool("click", "1")
    }
    func tap(x: Double, y: Double) throws -> Bool { false }
}

@MainActor
private struct MutterDesk: PopupDesk {
    let mutter: HeadlessMutter
    let host: WaylandHost
    func screenshot(named name: String) throws -> CairoCanvas {
        // The stream shows the screen a frame or two late: let the host draw first.
        for _ in 0..<5 { try host.processEvents(timeout: 0.05) }
        return try CairoCanvas(contentsOfPNG: try mutter.screenshot(named: name))
    }
    func click(x: Double, y: Double) throws {
        try mutter.pointerMove(x: x, y: y)
        for _ in 0..<5 { try host.processEvents(timeout: 0.05) }
        try mutter.pointerButton(pressed: true)
        try mutter.pointerButton(pressed: false)
    }
    func tap(x: Double, y: Double) throws -> Bool {
        try mutter.touchDown(x: x, y: y)
        for _ in 0..<3 { try host.processEvents(timeout: 0.05) }
        try mutter.touchUp()
        return true
    }
}

@Suite("The Wayland host's popups", .serialized)
@MainActor
struct WaylandPopupTests {
    @Test(
        "On sway a popup near the window's right edge is an xdg_popup reaching past it, a click on its button there reaches the button, a click outside ends it",
        .enabled(if: nestedSwayAvailable, nestedSwayReason))
    func onSway() throws {
        let window = blueWindow()
        let nested = try NestedSwayHost(window: window, title: "popups")
        // Floating and smaller than the output, so there is screen beside it for the popup.
        try nested.sway.command("[title=\"popups\"] floating enable, resize set 400 300, move position 40 40")
        try pump(nested.host, for: "sway to float the window at 400 × 300") {
            window.frame.size == Size(width: 400, height: 300)
        }
        try checkPopupPastTheRightEdge(host: nested.host, window: window, desk: NestedSwayDesk(nested: nested))
    }

    @Test(
        "On sway a popup opened from a popup (a submenu) shows beside it as its child, and a click outside ends both",
        .enabled(if: nestedSwayAvailable, nestedSwayReason))
    func submenuOnSway() throws {
        let window = blueWindow()
        let nested = try NestedSwayHost(window: window, title: "submenus")
        try nested.sway.command("[title=\"submenus\"] floating enable, resize set 400 300, move position 20 40")
        try pump(nested.host, for: "sway to float the window") { window.frame.size == Size(width: 400, height: 300) }
        let desk = NestedSwayDesk(nested: nested)
        try desk.click(x: 60, y: 80)
        try pump(nested.host, for: "the click in the window") { nested.host.grabSerial != nil }
        let menu = window.presentPopup(PopupTestContent(), anchoredTo: Rect(x: 100, y: 100, width: 1, height: 1))
        try pump(nested.host, for: "the first popup placed") { nested.host.popups.first?.placement != nil }
        #expect(menu.frame.origin == Point(x: 100, y: 101))
        // Beside the first popup's right edge, 20 points down, as a submenu opens from its item.
        let submenu = window.presentPopup(PopupTestContent(), anchoredTo: Rect(x: 300, y: 120, width: 1, height: 1))
        let child = try #require(nested.host.popups.last)
        #expect(child.parentPopup === nested.host.popups.first)
        try pump(nested.host, for: "the submenu placed") { child.placement != nil }
        #expect(submenu.frame.origin == Point(x: 300, y: 121), "the submenu went to \(submenu.frame)")
        for _ in 0..<10 { try nested.host.processEvents(timeout: 0.05) }
        let shot = try desk.screenshot(named: "submenu.png")
        let panels = try #require(boundingBox(of: PopupTestContent.panelColor, in: shot))
        // Both popups show: from the first's left edge to the submenu's right edge, past the window's (x 420).
        #expect(abs(panels.minX - 120) <= 2 && abs(panels.maxX - 520) <= 2, "the popups cover \(panels)")
        try desk.click(x: 5, y: shot.size.height - 5)
        try pump(nested.host, for: "popup_done to end both") { !menu.isPresented && !submenu.isPresented }
        #expect(nested.host.popups.isEmpty)
        #expect(nested.sway.isRunning && nested.host.isOpen)
    }

    @Test(
        "On an output of scale 2 a popup draws two pixels per point, sharp",
        .enabled(if: swayAvailable, "needs sway and grim (scripts/install-deps.sh test)"))
    func hiDPI() throws {
        let sway = try HeadlessSway(width: 640, height: 480, extraConfig: "output HEADLESS-1 scale 2")
        let window = blueWindow()
        let host = try WaylandHost(window: window, title: "hidpi popups", display: sway.socketPath)
        try pump(host, for: "the window at scale 2") { host.toplevel.bufferScale == 2 && host.framesPresented > 1 }
        let popup = window.presentPopup(HalfPointMark(), anchoredTo: Rect(x: 10, y: 10, width: 1, height: 1))
        let shown = try #require(host.popups.first)
        try pump(host, for: "the compositor to place the popup") { shown.placement != nil }
        #expect(popup.frame.origin == Point(x: 10, y: 11))
        for _ in 0..<10 { try host.processEvents(timeout: 0.05) }
        let shot = try CairoCanvas(contentsOfPNG: try sway.screenshot(named: "hidpi-popup.png"))
        // The half-point mark at x 50 in the popup at x 10 is pixel column 120 alone, fully green; 119 and 121 are magenta.
        for (x, color) in [(120, PopupTestContent.buttonColor), (119, PopupTestContent.panelColor), (121, PopupTestContent.panelColor)] {
            let pixel = try #require(shot.color(atX: x, y: 2 * (11 + 60)))
            #expect(pixel.isClose(to: color, tolerance: 0.05), "pixel column \(x) is \(pixel)")
        }
    }

    @Test(
        "On mutter a popup near the window's right edge is an xdg_popup reaching past it, a click and a tap on its button there reach the button, a click outside ends it",
        .enabled(if: mutterAvailable, mutterReason))
    func onMutter() throws {
        let mutter = try HeadlessMutter()
        defer { mutter.stop() }
        let window = blueWindow()
        let host = try WaylandHost(window: window, title: "popups", display: mutter.socketPath, inputMethodChoice: .none)
        try pump(host, for: "the window to show") { host.framesPresented > 0 && host.pointer != nil }
        try checkPopupPastTheRightEdge(host: host, window: window, desk: MutterDesk(mutter: mutter, host: host))
    }
}
