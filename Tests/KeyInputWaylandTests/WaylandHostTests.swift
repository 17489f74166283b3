import KeyInputCairo
import KeyInputKit
@testable import KeyInputWayland
import TestSupport
import Testing

@MainActor
@Suite("The Wayland host on sway")
struct WaylandHostTests {
    @Test(
        "The window takes the compositor's size, lays out again, and is shown",
        .enabled(if: swayAvailable, "needs sway and grim (scripts/install-deps.sh test)"))
    func takesTheCompositorsSize() throws {
        let sway = try HeadlessSway(width: 640, height: 480)
        let window = Window(size: Size(width: 300, height: 420))
        let host = try WaylandHost(window: window, title: "host", display: sway.socketPath)
        try pump(host) { host.framesPresented > 0 }
        #expect(window.frame.size == Size(width: 640, height: 480))
        #expect(host.isOpen)
    }

    @Test(
        "On sway's x11 backend the seat has a keyboard and a pointer",
        .enabled(if: swayAvailable && xvfbAvailable, "needs sway, Xvfb and xdotool (scripts/install-deps.sh test)"))
    func seatOnNestedSway() throws {
        let xvfb = try XvfbServer()
        let sway = try HeadlessSway(width: 640, height: 480, on: xvfb)
        _ = try sway.xWindow()
        let window = Window(size: Size(width: 300, height: 420))
        let host = try WaylandHost(window: window, title: "seat", display: sway.socketPath)
        try pump(host) { host.seat?.keyboard != nil && host.seat?.pointer != nil }
        #expect(host.seat?.keyboard != nil)
        #expect(host.seat?.pointer != nil)
    }
}

extension WaylandHostTests {
    @Test(
        "On an output of scale 2 the window draws two pixels per point",
        .enabled(if: swayAvailable, "needs sway and grim (scripts/install-deps.sh test)"))
    func hiDPI() throws {
        let sway = try HeadlessSway(width: 640, height: 480, extraConfig: "output HEADLESS-1 scale 2")
        let window = Window(size: Size(width: 300, height: 200))
        window.addSubview(MarkView(frame: Rect(x: 0, y: 0, width: 1000, height: 1000)))
        let host = try WaylandHost(window: window, title: "hidpi", display: sway.socketPath)
        try pump(host) { host.toplevel.bufferScale == 2 && host.framesPresented > 1 }
        // The 640×480 pixel output is 320×240 points.
        #expect(window.frame.size == Size(width: 320, height: 240))
        #expect(host.toplevel.bufferScale == 2)
        let shot = try CairoCanvas(contentsOfPNG: try sway.screenshot(named: "hidpi.png"))
        #expect(shot.pixelWidth == 640)
        // The 1-point mark at (10, 10) covers pixels 20 and 21, sharp.
        for (x, y) in [(20, 20), (21, 21), (20, 21)] {
            let color = try #require(shot.color(atX: x, y: y))
            #expect(color.red > 0.9 && color.blue < 0.1, "pixel (\(x), \(y)) is \(color)")
        }
        for (x, y) in [(19, 20), (22, 22)] {
            let color = try #require(shot.color(atX: x, y: y))
            #expect(color.blue > 0.9 && color.red < 0.1, "pixel (\(x), \(y)) is \(color)")
        }
    }
}

extension WaylandHostTests {
    @Test(
        "The first key into a field with a placeholder damages the field, the next only where it draws; sway shows the text",
        .enabled(if: swayAvailable, "needs sway and grim (scripts/install-deps.sh test)"))
    func typingDamagesTheField() throws {
        let sway = try HeadlessSway(width: 640, height: 480)
        let window = Window(size: Size(width: 640, height: 480))
        window.caretBlinks = false
        // Headless sway's seat has no keyboard: the window's own on-screen keyboard would come up and be drawn too.
        window.onScreenKeyboardPolicy = .never
        let field = TextField(frame: Rect(x: 40, y: 100, width: 300, height: 40))
        field.placeholder = "Name"
        window.addSubview(field)
        let host = try WaylandHost(window: window, title: "damage", display: sway.socketPath, inputMethodChoice: .none)
        field.becomeFirstResponder()
        // Both buffers drawn whole once, so neither is stale.
        for _ in 0..<3 {
            let frames = host.framesPresented
            window.needsDisplay = true
            try pump(host) { host.framesPresented > frames }
        }
        var damages: [Rect] = []
        for text in ["W", "WW"] {
            // Nothing waits and the window was drawn whole: the key's frame is the next one, alone.
            // (Under load a line laid out again after the last frame could otherwise be drawn with it.)
            try pump(host) { !window.hasWorkAfterPresenting }
            let settled = host.framesPresented
            window.needsDisplay = true
            try pump(host) { host.framesPresented > settled && !window.hasWorkAfterPresenting }
            let whole = host.toplevel.lastDamage
            field.insertText("W")
            // Drawn once a buffer is free: sway gives the one before back after it shows the last frame.
            try pump(host) { host.toplevel.lastDamage != whole }
            #expect(field.text == text)
            damages += [try #require(host.toplevel.lastDamage)]
        }
        // The first letter takes the placeholder away: the field. The second is drawn after it: from the caret on.
        #expect(damages[0] == Rect(x: 40, y: 100, width: 300, height: 40))
        #expect(field.frame.contains(damages[1]) && damages[1].width < 40)
        #expect(damages[1].minX >= 44 + 10, "the first W is not drawn again")
        let shot = try CairoCanvas(contentsOfPNG: try sway.screenshot(named: "typed.png"))
        let inked = (44..<80).contains { x in (110..<130).contains { y in (shot.color(atX: x, y: y)?.red ?? 1) < 0.3 } }
        #expect(inked, "no dark text drawn in the field")
    }
}

/// Blue, with a red 1 × 1 point square at (10, 10).
private final class MarkView: View {
    override func draw(in canvas: Canvas, rect: Rect) {
        canvas.fill(rect, color: Color(red: 0, green: 0, blue: 1))
        canvas.fill(Rect(x: 10, y: 10, width: 1, height: 1), color: Color(red: 1, green: 0, blue: 0))
    }
}

/// Runs the host's loop until `done` holds; fails after 10 s, naming `what` (by default, where the test waits).
@MainActor
func pump(
    _ host: WaylandHost, for what: String? = nil, sourceLocation: SourceLocation = #_sourceLocation,
    until done: () -> Bool
) throws {
    try waitUntil(what ?? "the condition at \(sourceLocation)", turn: { try host.processEvents(timeout: 0.05) }, done)
}
