import Foundation
import KeyInputCairo
import KeyInputKit
import KeyInputWayland
import TestSupport
import Testing

@MainActor
@Suite("The Wayland window on a headless sway")
struct WaylandWindowTests {
    @Test("Without a compositor the error names the display and WAYLAND_DISPLAY")
    func noCompositor() throws {
        let error = try #require(throws: HostError.self) {
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
        try pump(window) { window.framesPresented > 0 }
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

extension WaylandWindowTests {
    @Test(
        "A second window halves the first, which draws again at its new size",
        .enabled(if: swayAvailable, "needs sway and grim (scripts/install-deps.sh test)"))
    func resizesWhenTiled() throws {
        let sway = try HeadlessSway(width: 640, height: 480)
        let first = try WaylandWindow(title: "first", size: Size(width: 200, height: 100), displayName: sway.socketPath)
        let red = Color(red: 1, green: 0, blue: 0)
        first.onDraw = { $0.fill(Rect(x: 0, y: 0, width: $0.size.width, height: $0.size.height), color: red) }
        try pump(first) { first.framesPresented > 0 }
        try #require(first.size == Size(width: 640, height: 480))

        let second = try WaylandWindow(
            title: "second", size: Size(width: 200, height: 100), displayName: sway.socketPath)
        let blue = Color(red: 0, green: 0, blue: 1)
        second.onDraw = { $0.fill(Rect(x: 0, y: 0, width: $0.size.width, height: $0.size.height), color: blue) }
        try pump(second) { second.framesPresented > 0 }
        // sway splits the output side by side: the first window is told its new width and draws at it.
        let framesBefore = first.framesPresented
        try pump(first) { first.size.width != 640 && first.framesPresented > framesBefore }
        #expect(first.size == Size(width: 320, height: 480))
        #expect(second.size == Size(width: 320, height: 480))

        let shot = try CairoCanvas(contentsOfPNG: try sway.screenshot(named: "tiled.png"))
        #expect(shot.color(atX: 160, y: 240) == red)
        #expect(shot.color(atX: 480, y: 240) == blue)
    }
}

extension WaylandWindowTests {
    @Test(
        "Closing the window in the compositor asks the window to close",
        .enabled(if: swayAvailable, "needs sway and grim (scripts/install-deps.sh test)"))
    func closeFromCompositor() throws {
        let sway = try HeadlessSway()
        let window = try WaylandWindow(
            title: "closable", size: Size(width: 200, height: 100), displayName: sway.socketPath)
        try pump(window) { window.framesPresented > 0 }
        #expect(!window.closeRequested)
        try sway.command("[title=\"closable\"] kill")
        try pump(window) { window.closeRequested }
        #expect(window.closeRequested)
    }
}

extension WaylandWindowTests {
    @Test(
        "The buffer drawn at the size asked for is unmapped once the compositor gives it back",
        .enabled(if: swayAvailable, "needs sway and grim (scripts/install-deps.sh test)"))
    func bufferOfTheFirstSizeIsFreed() throws {
        // Odd sizes, so that no window of another test in the process has buffers of these lengths.
        let sway = try HeadlessSway(width: 648, height: 488)
        let window = try WaylandWindow(
            title: "first size", size: Size(width: 203, height: 101), displayName: sway.socketPath)
        window.onDraw = { $0.fill(Rect(x: 0, y: 0, width: $0.size.width, height: $0.size.height), color: .black) }
        let asked = pageRounded(203 * 4 * 101), tiled = pageRounded(648 * 4 * 488)
        // Drawn at the output's size (sway may pass through other sizes first), then given back the first buffer.
        try pump(window) {
            window.size == Size(width: 648, height: 488) && (try? mappedWindowBuffers())?.contains(tiled) == true
        }
        try #require(window.size == Size(width: 648, height: 488), "sway did not tile the window over its output")
        let drawn = try mappedWindowBuffers()
        try #require(drawn.contains(tiled), "no 648×488 buffer: \(drawn)")
        try pump(window) { (try? mappedWindowBuffers())?.contains(asked) == false }
        let mapped = try mappedWindowBuffers()
        #expect(!mapped.contains(asked), "the \(asked)-byte buffer of 203×101 is still mapped")
        #expect(mapped.filter { $0 == tiled }.count == 1, "one 648×488 buffer for one frame: \(mapped)")
    }
}

/// The lengths of the window buffers (`keyinput-wayland-…` shared memory) this process maps now.
private func mappedWindowBuffers() throws -> [Int] {
    // Read to the end: String(contentsOfFile:) reads a /proc file's first 4 KB only.
    let maps = try FileHandle(forReadingFrom: URL(fileURLWithPath: "/proc/self/maps")).readToEnd() ?? Data()
    return String(decoding: maps, as: UTF8.self).split(separator: "\n")
        .filter { $0.contains("/keyinput-wayland-") }
        .compactMap { line in
            let bounds = line.prefix { $0 != " " }.split(separator: "-").compactMap { Int($0, radix: 16) }
            return bounds.count == 2 ? bounds[1] - bounds[0] : nil
        }
}

private func pageRounded(_ bytes: Int) -> Int { (bytes + 4095) / 4096 * 4096 }

/// Handles the window's events until `done` holds; fails after 10 s, naming `what` (by default, where the test waits).
@MainActor
func pump(
    _ window: WaylandWindow, for what: String? = nil, sourceLocation: SourceLocation = #_sourceLocation,
    until done: () -> Bool
) throws {
    try waitUntil(what ?? "the condition at \(sourceLocation)", turn: { _ = try window.dispatch(timeout: 0.1) }, done)
}
