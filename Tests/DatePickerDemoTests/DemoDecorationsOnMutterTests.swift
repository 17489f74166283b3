import Foundation
import KeyInputCairo
import KeyInputKit
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The title bar libdecor's cairo plugin draws above a window's content where the
/// compositor draws none (mutter): as wide as the content and 24 pixels high, ending in
/// three 32-pixel buttons (minimise, maximise, close); the title centred in the rest.
struct TitleBar {
    static let height = 24
    static let buttonWidth = 32
    /// The bar's top-left corner on the screen, and its width (the content's).
    let x: Int, y: Int, width: Int

    /// The bar above content shown at (`contentX`, `contentY`), `width` wide.
    init(aboveContentAt contentX: Int, _ contentY: Int, width: Int) {
        (x, y, self.width) = (contentX, contentY - Self.height, width)
    }

    /// Where a click lands on the close button, the rightmost.
    var close: (x: Int, y: Int) { (x + width - Self.buttonWidth / 2, y + Self.height / 2) }
    /// A point of the bar away from the title and the buttons, to press on.
    var empty: (x: Int, y: Int) { (x + 40, y + Self.height / 2) }

    /// What part of the bar looks like in a screenshot.
    struct Look: CustomStringConvertible {
        /// The colour most of the bar's pixels have.
        var background: Color
        /// Pixels brighter than 0.8 in each channel: the title's glyphs, when the window is active.
        var lightPixels: Int
        /// Pixels that differ from the background by more than 0.2: the title's glyphs, drawn either way.
        var glyphPixels: Int
        /// Where those pixels start and end, in the bar's coordinates.
        var glyphSpan: ClosedRange<Int>?
        /// The brightest channel value of any pixel.
        var brightest: Double

        /// The look of an active window's bar: the background nearly black (`0x080706`),
        /// the title near white (`0xF4F4EF`).
        var isActive: Bool {
            max(background.red, background.green, background.blue) < 0.1 && brightest > 0.9 && lightPixels > 0
        }
        /// The look of an inactive window's bar: the background dark grey (`0x303030`), the
        /// title mid grey (`0x909090`), nothing light.
        var isInactive: Bool {
            abs(background.red - 0x30 / 255.0) < 0.03 && abs(background.blue - 0x30 / 255.0) < 0.03
                && brightest < 0.65 && glyphPixels > 0
        }

        var description: String {
            let bg = [background.red, background.green, background.blue].map { String(format: "%.3f", $0) }
            return "background \(bg), \(lightPixels) light and \(glyphPixels) glyph pixels over "
                + "\(glyphSpan.map { "x \($0.lowerBound)...\($0.upperBound)" } ?? "nothing"), brightest \(brightest)"
        }
    }

    /// Reads the bar's look in `shot`: its `columns` (in the bar's coordinates), by default
    /// all those left of the buttons.
    @MainActor
    func look(in shot: CairoCanvas, columns: Range<Int>? = nil) -> Look {
        let columns = columns ?? 0..<(width - 3 * Self.buttonWidth)
        var counts: [[Int]: Int] = [:]
        var pixels: [(x: Int, color: Color)] = []
        for row in y..<(y + Self.height) {
            for column in (x + columns.lowerBound)..<(x + columns.upperBound) {
                let color = shot.color(atX: column, y: row) ?? Color(red: 0, green: 0, blue: 0)
                pixels.append((column - x, color))
                counts[[color.red, color.green, color.blue].map { Int(($0 * 255).rounded()) }, default: 0] += 1
            }
        }
        let mode = counts.max { $0.value < $1.value }?.key.map { Double($0) / 255 } ?? [0, 0, 0]
        let background = Color(red: mode[0], green: mode[1], blue: mode[2])
        let glyphs = pixels.filter {
            abs($0.color.red - background.red) > 0.2 || abs($0.color.green - background.green) > 0.2
                || abs($0.color.blue - background.blue) > 0.2
        }
        let light = pixels.filter { $0.color.red > 0.8 && $0.color.green > 0.8 && $0.color.blue > 0.8 }
        let xs = glyphs.map(\.x)
        return Look(
            background: background, lightPixels: light.count, glyphPixels: glyphs.count,
            glyphSpan: xs.min().flatMap { low in xs.max().map { low...$0 } },
            brightest: pixels.map { max($0.color.red, $0.color.green, $0.color.blue) }.max() ?? 0)
    }
}

/// The demo's window on mutter, which offers no server-side decorations: the title bar,
/// its buttons and the resize edges are libdecor's (its cairo plugin), and these tests check
/// what a user of GNOME sees and does with them, through mutter's own seat.
///
/// Each fails without decorations (run the demo with `LIBDECOR_PLUGIN_DIR` naming an empty
/// folder and libdecor falls back to none): nothing is drawn above the form, and the clicks
/// and drags land on the desktop.
@MainActor
@Suite("date-picker-demo's title bar and edges on mutter (libdecor)", .serialized)
struct DemoDecorationsOnMutterTests {
    typealias Shown = DemoShownOnMutter

    /// Starts mutter and the demo on it, and finds the form on the screen.
    func startDemo() throws -> Shown { try DemoShownOnMutter.start() }

    /// Takes screenshots (for at most 10 s) until `condition` holds for what `read` reads
    /// from one; returns the last reading, for the test to check and report.
    func screenshots<Reading>(
        of mutter: HeadlessMutter, named name: String, until condition: (Reading) -> Bool,
        _ read: (CairoCanvas) -> Reading
    ) throws -> Reading {
        var reading: Reading
        let deadline = Date().addingTimeInterval(10)
        repeat {
            reading = read(try CairoCanvas(contentsOfPNG: try mutter.screenshot(named: name + ".png")))
            if condition(reading) { break }
            usleep(100_000)
        } while Date() < deadline
        return reading
    }

    @Test(
        "A title bar is drawn above the form: dark, the title centred in light letters, three buttons",
        .enabled(if: mutterAvailable, mutterReason))
    func titleBarShowsTheTitle() throws {
        let shown = try startDemo()
        let bar = shown.bar
        let look = try screenshots(of: shown.mutter, named: "title", until: \.isActive) { bar.look(in: $0) }
        #expect(look.isActive, "no active title bar above the form: \(look)")
        // "Date picker demo" in libdecor's bold title font is about 160 pixels wide, centred in the bar.
        let span = try #require(look.glyphSpan, "no title in the bar: \(look)")
        #expect((100...240).contains(span.count), "the title's letters span \(span)")
        #expect(abs((span.lowerBound + span.upperBound) / 2 - bar.width / 2) <= 12, "the title is not centred: \(span)")
        #expect(look.lightPixels > 300, "too few light pixels for a title: \(look)")
        // Each button shows its symbol in the same light colour.
        let buttons = try screenshots(of: shown.mutter, named: "buttons", until: { _ in true }) { shot in
            (0..<3).map { index in
                let left = bar.width - (3 - index) * TitleBar.buttonWidth
                return bar.look(in: shot, columns: left..<(left + TitleBar.buttonWidth))
            }
        }
        for (name, button) in zip(["minimise", "maximise", "close"], buttons) {
            let dark = max(button.background.red, button.background.green, button.background.blue) < 0.1
            #expect(dark && button.lightPixels >= 12, "the \(name) button: \(button)")
        }
        withExtendedLifetime(shown) {}
    }

    @Test(
        "Another window taking focus turns the title bar grey; a click back on the form makes it active again",
        .enabled(if: mutterAvailable, mutterReason))
    func inactiveLook() throws {
        let shown = try startDemo()
        let bar = shown.bar
        // mutter puts the second, smaller window at the monitor's top left corner, over the
        // first's title bar up to x 320: look at the bar's right part, where the title ends.
        let visible = 280..<(bar.width - 3 * TitleBar.buttonWidth)
        let active = try screenshots(of: shown.mutter, named: "active", until: \.isActive) {
            bar.look(in: $0, columns: visible)
        }
        #expect(active.isActive, "the title bar does not look active at first: \(active)")
        let other = try DemoOnMutter(on: shown.mutter, ["--size", "320x300"])
        try other.waitForState("the second window's first state") { _ in true }
        let inactive = try screenshots(of: shown.mutter, named: "inactive", until: \.isInactive) {
            bar.look(in: $0, columns: visible)
        }
        #expect(inactive.isInactive, "the title bar does not look inactive with another window focused: \(inactive)")
        // A click on an empty part of the form, below the second window, gives the focus back.
        try shown.mutter.click(x: Double(shown.form.x + 300), y: Double(shown.form.y + 560))
        let again = try screenshots(of: shown.mutter, named: "again", until: \.isActive) { bar.look(in: $0) }
        #expect(again.isActive, "the title bar does not look active again after a click on the form: \(again)")
        withExtendedLifetime((shown, other)) {}
    }

    @Test("A click on the close button ends the demo with exit 0", .enabled(if: mutterAvailable, mutterReason))
    func closeButton() throws {
        let shown = try startDemo()
        #expect(shown.demo.process.wait(timeout: 0.5) == nil, "the demo ended before the click: \(shown.demo.stderr)")
        try shown.mutter.click(x: Double(shown.bar.close.x), y: Double(shown.bar.close.y))
        #expect(shown.demo.process.wait(timeout: 10) == 0, "\(shown.demo.stderr)")
    }

    @Test(
        "A double click on the title bar maximises the window to the monitor and the form relays out; another restores it",
        .enabled(if: mutterAvailable, mutterReason))
    func doubleClickMaximises() throws {
        let shown = try startDemo()
        let mutter = shown.mutter
        try doubleClick(mutter, at: shown.bar.empty)
        // The monitor is 640 × 700; the title bar takes 24 of it. The text fields stretch.
        let maximized = try shown.demo.waitForState("the window maximised to 640 × 676") {
            $0.keyboardFrame == [0, 676, 640, 0]
        }
        #expect(maximized.controls.first { $0.id == "name" }?.frame == [144, 64, 460, 40])
        let wide = try headlessFrame(windowSize: "640x676")
        let form = try waitForForm(wide, on: mutter, named: "maximized")
        #expect(form.differing == 0, "\(form.differing) pixels of the maximised form differ from the headless frame")
        #expect(form.x == 0 && form.y == TitleBar.height, "the maximised form is at (\(form.x), \(form.y))")
        let bar = TitleBar(aboveContentAt: 0, TitleBar.height, width: 640)
        let look = try screenshots(of: mutter, named: "maximized-bar", until: \.isActive) { bar.look(in: $0) }
        #expect(look.isActive && abs((look.glyphSpan.map { $0.lowerBound + $0.upperBound } ?? 0) / 2 - 320) <= 12,
                "the maximised title bar: \(look)")

        try doubleClick(mutter, at: bar.empty)
        let restored = try shown.demo.waitForState("the window back at 480 × 640") {
            $0.keyboardFrame == [0, 640, 480, 0]
        }
        #expect(restored.controls.first { $0.id == "name" }?.frame == [144, 64, 300, 40])
        let back = try waitForForm(try DatePickerDemoTests.headlessFrame(events: "", named: "first"), on: mutter, named: "restored")
        #expect(back.differing == 0, "\(back.differing) pixels of the restored form differ from the headless frame")
    }

    @Test("A drag on the right edge makes the window wider by the drag", .enabled(if: mutterAvailable, mutterReason))
    func dragResizes() throws {
        let shown = try startDemo()
        let mutter = shown.mutter
        // libdecor's resize edge is the 24 pixels of shadow around the window.
        let start = (x: Double(shown.form.x + 480 + 8), y: Double(shown.form.y + 320))
        try mutter.pointerMove(x: start.x, y: start.y)
        try mutter.pointerButton(pressed: true)
        // mutter starts the resize when the demo asks for it (xdg_toplevel.resize), which it does
        // on hearing of the press: a motion sent before that is not part of the drag.
        usleep(500_000)
        for step in 1...6 { try mutter.pointerMove(x: start.x + Double(10 * step), y: start.y) }
        try mutter.pointerButton(pressed: false)
        let resized = try shown.demo.waitForState("the window 60 pixels wider") {
            $0.keyboardFrame == [0, 640, 540, 0]
        }
        #expect(resized.controls.first { $0.id == "name" }?.frame == [144, 64, 360, 40])
        let wider = try waitForForm(try headlessFrame(windowSize: "540x640"), on: mutter, named: "resized")
        #expect(wider.differing == 0, "\(wider.differing) pixels of the resized form differ from the headless frame")
        #expect(wider.x == shown.form.x && wider.y == shown.form.y, "the left edge moved: (\(wider.x), \(wider.y))")
    }

    @Test("A drag on the title bar moves the window by the drag", .enabled(if: mutterAvailable, mutterReason))
    func dragMoves() throws {
        let shown = try startDemo()
        let mutter = shown.mutter
        let start = shown.bar.empty
        try mutter.pointerMove(x: Double(start.x), y: Double(start.y))
        try mutter.pointerButton(pressed: true)
        // As for a resize: mutter moves the window once the demo has asked it to (xdg_toplevel.move).
        usleep(500_000)
        for step in 1...6 { try mutter.pointerMove(x: Double(start.x - 10 * step), y: Double(start.y + 4 * step)) }
        try mutter.pointerButton(pressed: false)
        let frame = try DatePickerDemoTests.headlessFrame(events: "", named: "first")
        let target = (x: shown.form.x - 60, y: shown.form.y + 24)
        let moved = try screenshots(of: mutter, named: "moved", until: { $0?.x == target.x && $0?.y == target.y }) {
            locate(frame, in: $0)
        }
        #expect(moved?.differing == 0 && moved?.x == target.x && moved?.y == target.y,
                "the form, at \(shown.form) before the drag, is at \(moved.map { "(\($0.x), \($0.y))" } ?? "no place")")
        #expect(shown.demo.states().last?.keyboardFrame == [0, 640, 480, 0], "moving changed the window's size")
    }

    /// Two clicks at one point, well within libdecor's double-click time (400 ms).
    func doubleClick(_ mutter: HeadlessMutter, at point: (x: Int, y: Int)) throws {
        try mutter.pointerMove(x: Double(point.x), y: Double(point.y))
        for _ in 0..<2 {
            try mutter.pointerButton(pressed: true)
            try mutter.pointerButton(pressed: false)
        }
    }

    /// The demo's first frame drawn by the headless backend in a window of `size` (`WxH`).
    func headlessFrame(windowSize size: String) throws -> CairoCanvas {
        let folder = try TemporaryFolder()
        let script = try folder.write("events", "screenshot sized\n")
        let run = try DemoBinary.run(
            ["--backend", "headless", "--size", size, "--events", script, "--output", folder.path, "--date",
             "2000-06-15", "--locale", "en_US"])
        try #require(run.status == 0, "\(run)")
        return try CairoCanvas(contentsOfPNG: folder.path + "/sized.png")
    }
}

extension DemoShownOnMutter {
    /// The title bar libdecor draws above the form.
    var bar: TitleBar { TitleBar(aboveContentAt: form.x, form.y, width: 480) }
}
