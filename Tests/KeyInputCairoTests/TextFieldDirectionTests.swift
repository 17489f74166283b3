import KeyInputCairo
import KeyInputKit
import Testing

@Suite("A text field aligns its text to the text's direction, as a GTK entry does")
@MainActor
struct TextFieldDirectionTests {
    /// The window the field is in: views do not keep their window.
    let window = Window(size: Size(width: 400, height: 200))

    /// A 300-point field, first responder in a window that lays text out with Pango.
    func field(_ text: String) throws -> TextField {
        window.textLayoutEngine = try PangoTextLayoutEngine()
        let field = TextField(frame: Rect(x: 20, y: 20, width: 300, height: 40))
        window.addSubview(field)
        field.text = text
        #expect(field.becomeFirstResponder())
        return field
    }

    @Test("Arabic that fits ends at the right edge: its start (the caret at 0) is there, its end further left")
    func arabicFromTheRight() throws {
        let field = try field("مرحبا")
        let end = try #require(field.caretRect)
        field.selectedRange = 0..<0
        let start = try #require(field.caretRect)
        #expect(abs(start.maxX - 296) < 1, "the text's start is at \(start.maxX), not the right edge")
        #expect(end.minX > 150 && end.minX < start.minX, "the text's end is at \(end.minX)")
    }

    @Test("a click at the right end of right-to-left text puts the caret at its start")
    func clickAtTheRightEnd() throws {
        let field = try field("مرحبا")
        let position = field.position(at: Point(x: 294, y: 20))
        #expect(position.offset == 0)
        let left = field.position(at: Point(x: 10, y: 20))
        #expect(left.offset == field.text.utf8.count)
    }

    @Test("left-to-right text starts at the left edge, however the field was used before")
    func latinFromTheLeft() throws {
        let field = try field("مرحبا")
        field.text = "Hello"
        field.selectedRange = 0..<0
        let start = try #require(field.caretRect)
        #expect(abs(start.minX - 4) < 1)
    }

    @Test("Arabic longer than the field scrolls as any text does: the caret at its end stays in view")
    func longArabicScrolls() throws {
        let field = try field(String(repeating: "مرحبا بالعالم ", count: 8) + "نهاية")
        let caret = try #require(field.caretRect)
        #expect(caret.minX >= 4 && caret.maxX <= 296, "the caret is out of view at \(caret)")
        field.selectedRange = 0..<0
        let start = try #require(field.caretRect)
        #expect(start.minX >= 4 && start.maxX <= 296, "the start is out of view at \(start)")
    }
}
