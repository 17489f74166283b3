import Foundation
import KeyInputCairo
import KeyInputKit
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The demo on mutter, as the tests written before ``DemoOnCompositor`` call it.
typealias DemoOnMutter = DemoOnCompositor

/// The demo on a running mutter, and where its form shows on mutter's monitor.
struct DemoShownOnMutter {
    let mutter: HeadlessMutter
    let demo: DemoOnMutter
    /// The form's top-left corner on the monitor, found in a screenshot.
    let form: (x: Int, y: Int)

    /// Starts mutter and the demo on it, and finds the form on the screen, pixel for pixel.
    ///
    /// - Parameters:
    ///   - date: The birthday shown at first and the latest allowed (`--date`).
    ///   - size: The window's size in points (`--size WxH`); the demo's default 480x640 when `nil`.
    @MainActor
    static func start(date: String = "2000-06-15", size: String? = nil) throws -> DemoShownOnMutter {
        let mutter = try HeadlessMutter()
        let demo = try DemoOnMutter(on: mutter, ["--date", date] + (size.map { ["--size", $0] } ?? []))
        try demo.waitForState("the first state") { _ in true }
        let first = try headlessFrame(events: "", named: "first", date: date, size: size)
        let form = try waitForForm(first, on: mutter, named: "first")
        try #require(form.differing == 0, "\(form.differing) pixels of the form differ from the headless frame")
        return DemoShownOnMutter(mutter: mutter, demo: demo, form: (form.x, form.y))
    }
}

/// The demo's frame drawn by the headless backend after `events`, the picture a compositor should show;
/// with the birthday `date` and, unless `nil`, the window `size` (`WxH`).
@MainActor
func headlessFrame(events: String, named name: String, date: String = "2000-06-15", size: String? = nil) throws
    -> CairoCanvas
{
    let folder = try TemporaryFolder()
    let script = try folder.write("events", events + "\nscreenshot \(name)\n")
    let headless = try ChildProcess.run(
        [try DemoBinary.path(), "--backend", "headless", "--events", script, "--output", folder.path, "--date",
         date, "--locale", "en_US"] + (size.map { ["--size", $0] } ?? []),
        environment: ["TZ": "UTC", "LANG": "C.UTF-8"], timeout: 60)
    try #require(headless.status == 0, "\(headless)")
    return try CairoCanvas(contentsOfPNG: folder.path + "/\(name).png")
}

/// Where in a screenshot a frame's pixels appear, and how many of them differ there.
///
/// mutter places windows itself: the frame is looked for inside the box of
/// light pixels (the form; the desktop is dark blue), first by a grid of
/// samples at each offset, then pixel by pixel at the offset that fits best.
@MainActor
func locate(_ frame: CairoCanvas, in shot: CairoCanvas) -> (x: Int, y: Int, window: (Int, Int, Int, Int), differing: Int)?
{
    func isLight(_ x: Int, _ y: Int) -> Bool {
        guard let color = shot.color(atX: x, y: y) else { return false }
        return color.red > 0.6 && color.green > 0.6 && color.blue > 0.6
    }
    var minX = Int.max, minY = Int.max, maxX = -1, maxY = -1
    for y in 0..<shot.pixelHeight {
        for x in 0..<shot.pixelWidth where isLight(x, y) {
            minX = min(minX, x)
            minY = min(minY, y)
            maxX = max(maxX, x)
            maxY = max(maxY, y)
        }
    }
    guard maxX - minX + 1 >= frame.pixelWidth, maxY - minY + 1 >= frame.pixelHeight else { return nil }
    func differ(_ a: Color?, _ b: Color?) -> Bool {
        guard let a, let b else { return true }
        return abs(a.red - b.red) > 0.02 || abs(a.green - b.green) > 0.02 || abs(a.blue - b.blue) > 0.02
    }
    func differing(atX ox: Int, y oy: Int, step: Int, giveUpAt limit: Int = .max) -> Int {
        var count = 0
        for y in stride(from: 0, to: frame.pixelHeight, by: step) {
            for x in stride(from: 0, to: frame.pixelWidth, by: step)
            where differ(shot.color(atX: ox + x, y: oy + y), frame.color(atX: x, y: y)) {
                count += 1
                if count >= limit { return count }
            }
        }
        return count
    }
    var best: (x: Int, y: Int, differing: Int)?
    for oy in minY...(maxY + 1 - frame.pixelHeight) {
        for ox in minX...(maxX + 1 - frame.pixelWidth) {
            let sampled = differing(atX: ox, y: oy, step: 16, giveUpAt: best?.differing ?? .max)
            if sampled < best?.differing ?? .max { best = (ox, oy, sampled) }
        }
    }
    guard let best else { return nil }
    return (best.x, best.y, (minX, minY, maxX + 1 - minX, maxY + 1 - minY), differing(atX: best.x, y: best.y, step: 1))
}
