import KeyInputCairo
import KeyInputKit
import KeyInputWayland
import Testing

@MainActor
@Suite("The Wayland window on a headless sway")
struct WaylandWindowTests {
    @Test("Without a compositor the error names the display and WAYLAND_DISPLAY")
    func noCompositor() throws {
        let error = try #require(throws: WaylandError.self) {
            _ = try WaylandWindow(
                title: "none", size: Size(width: 100, height: 100), displayName: "/nonexistent/wayland-9")
        }
        #expect(error.description.contains("/nonexistent/wayland-9"))
        #expect(error.description.contains("WAYLAND_DISPLAY"))
    }

    @Test(
        "The window is configured to the output's size and shows what it draws",
        .enabled(if: swayAvailable, "needs sway and grim (scripts/install-deps.sh test)"))
    func mapsAndDraws() throws {
        let sway = try HeadlessSway(width: 640, height: 480)
        let window = try WaylandWindow(
            title: "KeyInputKit test", size: Size(width: 200, height: 100), displayName: sway.socketPath)
        let teal = Color(red: 0, green: 0.5, blue: 0.5)
        window.onDraw = { canvas in
            canvas.fill(Rect(x: 0, y: 0, width: canvas.size.width, height: canvas.size.height), color: teal)
        }
        // sway tiles the only window over the whole output, and shows it at the next frame.
        for _ in 0..<100 where window.framesPresented == 0 { try window.dispatch() }
        #expect(window.configureCount >= 1)
        #expect(window.size == Size(width: 640, height: 480))
        try #require(window.framesPresented >= 1)

        let shot = try CairoCanvas(contentsOfPNG: try sway.screenshot(named: "mapped.png"))
        for (x, y) in [(320, 240), (5, 5), (634, 474)] {
            let color = try #require(shot.color(atX: x, y: y))
            #expect(
                abs(color.red - teal.red) < 0.02 && abs(color.green - teal.green) < 0.02
                    && abs(color.blue - teal.blue) < 0.02,
                "pixel (\(x), \(y)) is \(color)")
        }
    }
}
