import CXCB
import Foundation
import KeyInputCairo
import KeyInputKit
import Testing
import TestSupport

@testable import KeyInputX11

@Suite(
    "X11 host: what typing puts on the screen", .serialized,
    .enabled(if: xvfbAvailable, "Xvfb and xdotool are not installed (scripts/install-deps.sh test installs them)"))
@MainActor
struct TypingOnScreenTests {
    @Test(
        "Letters typed one by one show in the X window as the window draws them afresh, the kerned pair of AV included"
    )
    func typedLettersOnScreen() throws {
        let form = try HostedForm()
        defer { form.stop() }
        form.window.caretBlinks = false
        // One key at a time: `xdotool type` of a whole string may remap keys, and the new keymap redraws the window.
        var typed = ""
        for letter in "Ada AVA Wave" {
            try form.xdotool("type", String(letter))
            typed.append(letter)
            try form.pump { form.name.text == typed }
        }
        try #require(form.name.text == "Ada AVA Wave")
        // The host lays each line out again 2 ms after its frame, and draws it again if it changed.
        try form.run(turns: 10)
        #expect(!form.window.hasWorkAfterPresenting)

        let fresh = try CairoCanvas(size: form.window.frame.size)
        form.window.renderSnapshot(to: fresh)
        let field = form.name.frame
        let screen = try windowPixels(form, in: field)
        var differing: [(Int, Int)] = []
        for y in Int(field.minY)..<Int(field.maxY) {
            for x in Int(field.minX)..<Int(field.maxX) {
                let expected = try #require(fresh.color(atX: x, y: y))
                let shown = screen[(y - Int(field.minY)) * Int(field.width) + (x - Int(field.minX))]
                let channels = [(expected.red, shown >> 16), (expected.green, shown >> 8), (expected.blue, shown)]
                // Within two steps of 8 bits: the server composites the same glyph masks as the image does.
                if channels.contains(where: { abs(Int(($0.0 * 255).rounded()) - Int($0.1 & 0xff)) > 2 }) {
                    differing.append((x, y))
                }
            }
        }
        #expect(differing.isEmpty, "\(differing.count) pixels differ, first at \(differing.first.map { "\($0)" } ?? "")")
    }

    /// The window's pixels in a rectangle, read back from the X server (0xRRGGBB, row by row).
    private func windowPixels(_ form: HostedForm, in rect: Rect) throws -> [UInt32] {
        let c = form.host.connection.pointer
        let cookie = xcb_get_image(
            c, UInt8(XCB_IMAGE_FORMAT_Z_PIXMAP.rawValue), form.host.windowID, Int16(rect.minX), Int16(rect.minY),
            UInt16(rect.width), UInt16(rect.height), UInt32.max)
        let reply = try #require(xcb_get_image_reply(c, cookie, nil), "the X server gave no image")
        defer { free(reply) }
        let count = Int(rect.width) * Int(rect.height)
        try #require(Int(xcb_get_image_data_length(reply)) >= count * 4, "not 32 bits per pixel")
        let data = try #require(xcb_get_image_data(reply))
        return UnsafeRawPointer(data).withMemoryRebound(to: UInt32.self, capacity: count) { Array(UnsafeBufferPointer(start: $0, count: count)) }
    }
}
