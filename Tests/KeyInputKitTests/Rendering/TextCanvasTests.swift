import KeyInputKit
import Testing

/// The character grid the golden files and terminals show.
@MainActor
@Suite struct TextCanvasTests {
    @Test func keysAFewPointsApartShareOneBorderThatJoins() {
        let canvas = TextCanvas(size: Size(width: 64, height: 48))
        for x in [2.0, 26] {
            let key = Rect(x: x, y: 2, width: 20, height: 44)
            canvas.fill(key, color: .key)
            canvas.stroke(key, color: .separator)
            canvas.text(x == 2 ? "a" : "b", in: key, color: .text, fontSize: 16, alignment: .center)
        }
        #expect(canvas.rendering == "┌──┬──┐\n│a │b │\n└──┴──┘\n")
    }

    @Test func aFocusRingIsDoubleAndTextNeverCoversABorder() {
        let canvas = TextCanvas(size: Size(width: 48, height: 48))
        let field = Rect(x: 0, y: 0, width: 48, height: 48)
        canvas.stroke(field, color: .accent, lineWidth: 2)
        canvas.text("Name", in: field, color: .text, fontSize: 14, alignment: .leading)
        #expect(canvas.rendering == "╔════╗\n║Name║\n╚════╝\n")
    }

    @Test func textTooLongForItsBoxEndsWithAnEllipsis() {
        let canvas = TextCanvas(size: Size(width: 48, height: 16))
        canvas.text("Quantity", in: Rect(x: 0, y: 0, width: 48, height: 16), color: .text, fontSize: 14, alignment: .leading)
        #expect(canvas.rendering == "Quant…\n")
    }

    @Test func aFillHidesWhatWasDrawnBelowIt() {
        let canvas = TextCanvas(size: Size(width: 48, height: 48))
        canvas.stroke(Rect(x: 0, y: 0, width: 48, height: 48), color: .separator)
        canvas.text("Ada", in: Rect(x: 0, y: 0, width: 48, height: 48), color: .text, fontSize: 14, alignment: .leading)
        canvas.fill(Rect(x: 0, y: 0, width: 48, height: 48), color: .keyboardBackground)
        // Only the first row and column, the border a neighbour could share, stay.
        #expect(!canvas.rendering.contains("Ada"))
        #expect(!canvas.rendering.contains("┘"))
    }
}
