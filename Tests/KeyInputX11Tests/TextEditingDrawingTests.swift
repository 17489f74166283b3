import KeyInputCairo
import KeyInputKit
import TestSupport
import Testing

/// What a text field draws in pixels: the caret as a 2-point accent bar that
/// blinks, the selection behind the text, marked text underlined.
@Suite("Text editing drawn with cairo")
@MainActor
struct TextEditingDrawingTests {
    /// A focused field holding `text` in a 300×60 window, drawn with cairo.
    func field(_ text: String) -> (Window, TextField) {
        let window = Window(size: Size(width: 300, height: 60))
        let field = TextField(frame: Rect(x: 20, y: 10, width: 260, height: 30))
        window.addSubview(field)
        field.becomeFirstResponder()
        field.insertText(text)
        return (window, field)
    }

    /// How many pixels of a rectangle have the colour.
    func count(_ color: Color, in rect: Rect, on canvas: CairoCanvas) -> Int {
        var count = 0
        for y in Int(rect.minY)..<Int(rect.maxY) {
            for x in Int(rect.minX)..<Int(rect.maxX) where canvas.color(atX: x, y: y)?.isClose(to: color) == true {
                count += 1
            }
        }
        return count
    }

    @Test("the caret is a 2-point accent bar at the caret rect, gone in the blink's off phase")
    func caret() throws {
        let (window, field) = field("ab")
        let caret = field.convert(try #require(field.caretRect), to: nil)
        let canvas = try CairoCanvas(size: window.frame.size)
        window.render(to: canvas)
        #expect(count(.accent, in: caret.inset(by: EdgeInsets(top: 2, left: 0, bottom: 2, right: 0)), on: canvas) >= 2 * Int(caret.height - 4))
        window.advanceTime(to: 0.75)
        window.render(to: canvas)
        #expect(count(.accent, in: caret.inset(by: EdgeInsets(top: 2, left: 0, bottom: 2, right: 0)), on: canvas) == 0)
    }

    @Test("the selection is filled behind the text, and no caret shows with it")
    func selection() throws {
        let (window, field) = field("select me")
        field.selectAll()
        let canvas = try CairoCanvas(size: window.frame.size)
        window.render(to: canvas)
        let inside = Rect(x: 26, y: 14, width: 60, height: 22)
        #expect(count(.selection, in: inside, on: canvas) > 200)
        let caret = field.convert(try #require(field.caretRect), to: nil)
        #expect(count(.accent, in: caret.inset(by: EdgeInsets(top: 2, left: 0, bottom: 2, right: 0)), on: canvas) == 0)
    }

    @Test("marked text is underlined at the caret")
    func markedText() throws {
        let (window, field) = field("a")
        let canvas = try CairoCanvas(size: window.frame.size)
        window.render(to: canvas)
        let before = canvas.darkPixels(in: Rect(x: 22, y: 11, width: 256, height: 28)).count
        field.setMarkedText("´´´")
        window.render(to: canvas)
        let underline = field.convert(try #require(field.caretRect), to: nil)
        let row = canvas.darkPixels(in: Rect(x: 22, y: underline.maxY - 2, width: 256, height: 2))
        #expect(row.count >= 16, "an underline under the three marks")
        #expect(canvas.darkPixels(in: Rect(x: 22, y: 11, width: 256, height: 28)).count > before)
    }
}
