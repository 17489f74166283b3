import KeyInputCairo
import KeyInputKit
import Testing

/// Emoji drawn through Pango come out in colour (Noto Color Emoji), as the emoji picker shows them.
@Suite("Emoji drawn in colour")
@MainActor
struct EmojiColorTests {
    /// Pixels that are clearly yellow: strong red and green, little blue, opaque.
    private func yellowPixels(in canvas: CairoCanvas, _ area: Rect) -> Int {
        var count = 0
        for y in Int(area.minY)..<Int(area.maxY) {
            for x in Int(area.minX)..<Int(area.maxX) {
                guard let color = canvas.color(atX: x, y: y), color.alpha > 0.9 else { continue }
                if color.red > 0.8 && color.green > 0.6 && color.blue < 0.4 { count += 1 }
            }
        }
        return count
    }

    @Test("a grinning face drawn in black text colour still has a yellow face")
    func grinningFaceIsYellow() throws {
        let area = Rect(x: 0, y: 0, width: 64, height: 64)
        let canvas = try CairoCanvas(size: area.size)
        canvas.fill(area, color: .white)
        canvas.text("😀", in: area, color: .black, fontSize: 40, alignment: .center)
        let yellow = yellowPixels(in: canvas, area)
        // A monochrome glyph in black would have none; the colour face fills a good part of its box.
        #expect(yellow > 300, "\(yellow) yellow pixels")
    }

    @Test("a plain letter in black has no yellow: the count above comes from the emoji font")
    func letterIsNotYellow() throws {
        let area = Rect(x: 0, y: 0, width: 64, height: 64)
        let canvas = try CairoCanvas(size: area.size)
        canvas.fill(area, color: .white)
        canvas.text("O", in: area, color: .black, fontSize: 40, alignment: .center)
        #expect(yellowPixels(in: canvas, area) == 0)
    }
}
