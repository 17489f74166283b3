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

    @Test("the picker's grid of smileys, drawn by the window through Pango, is yellow where the faces are")
    func pickerGridIsInColour() throws {
        let window = Window(size: Size(width: 400, height: 700))
        window.inputViewAnimation = .none
        window.textLayoutEngine = try PangoTextLayoutEngine()
        let field = TextField(frame: Rect(x: 10, y: 10, width: 300, height: 40))
        window.addSubview(field)
        field.becomeFirstResponder()
        window.emojiPicker.recents = EmojiRecents(path: nil)
        #expect(window.showEmojiPicker(for: field))
        let picker = window.emojiPicker
        picker.selectCategory(1)
        #expect(picker.shownEmoji.first?.character == "😀")
        let canvas = try CairoCanvas(size: window.frame.size)
        window.render(to: canvas)
        try? canvas.writePNG(to: "/tmp/emoji-picker-test.png")
        #expect(yellowPixels(in: canvas, picker.frameOfEmoji(at: 0)) > 200)
        #expect(yellowPixels(in: canvas, picker.frameInWindow) > 5000, "a screen of smileys")
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
