import KeyInputKit
import Testing

/// Lays an engine's paragraphs out with the real monospace engine (8 points a
/// grapheme, 16 a line), wrapping at `wrapWidth`.
@MainActor
final class MonospaceParagraphs: TextLayoutSource {
    let engine = MonospaceTextLayoutEngine()
    unowned let text: TextEditingEngine
    var wrapWidth: Double?
    var pageHeight = 48.0

    init(_ text: TextEditingEngine, wrapWidth: Double? = nil) {
        self.text = text
        self.wrapWidth = wrapWidth
        text.layoutSource = self
    }

    func layout(forParagraph paragraph: Int) -> TextLayout {
        engine.makeLayout(for: text.paragraphs[paragraph], style: TextStyle(wrapWidth: wrapWidth))
    }
}

/// The editing engine on its own: motions, deletions, selections and undo,
/// as a person sees them in a field or text view.
@MainActor
@Suite struct TextEditingEngineTests {
    /// An engine holding `text`, laid out on a grid, caret at the end.
    func engine(_ text: String, wrapWidth: Double? = nil) -> (TextEditingEngine, MonospaceParagraphs) {
        let engine = TextEditingEngine(text: text)
        return (engine, MonospaceParagraphs(engine, wrapWidth: wrapWidth))
    }

    func caret(_ engine: TextEditingEngine) -> Int { engine.utf8Offset(of: engine.selection.active) }

    @Test func leftAndRightStepOverWholeGraphemeClusters() {
        let (engine, source) = engine("e\u{301}👍🏽x")
        _ = source
        engine.move(.left)
        #expect(caret(engine) == "e\u{301}👍🏽".utf8.count)
        engine.move(.left)
        #expect(caret(engine) == "e\u{301}".utf8.count)
        engine.move(.left)
        engine.move(.left)
        #expect(caret(engine) == 0)
        engine.move(.right)
        #expect(caret(engine) == "e\u{301}".utf8.count)
    }

    @Test func leftAndRightCrossParagraphs() {
        let (engine, source) = engine("ab\ncd")
        _ = source
        engine.select(TextSelection(caret: TextPosition(paragraph: 1, offset: 0)))
        engine.move(.left)
        #expect(engine.selection.active == TextPosition(paragraph: 0, offset: 2))
        engine.move(.right)
        #expect(engine.selection.active == TextPosition(paragraph: 1, offset: 0))
    }

    @Test func shiftExtendsEveryMotionAndAPlainMotionCollapses() {
        let (engine, source) = engine("one two three")
        _ = source
        engine.move(.wordLeft, extending: true)
        #expect(engine.selectedText == "three")
        engine.move(.left, extending: true)
        #expect(engine.selectedText == " three")
        engine.move(.lineStart, extending: true)
        #expect(engine.selectedText == "one two three")
        #expect(engine.selection.anchor == engine.endPosition, "the anchor stays where the selection began")
        engine.move(.right)
        #expect(engine.selection.isEmpty)
        #expect(caret(engine) == "one two three".utf8.count, "Right on a selection goes to its end")
        engine.move(.wordLeft, extending: true)
        engine.move(.left)
        #expect(caret(engine) == "one two ".utf8.count, "Left on a selection goes to its start")
    }

    @Test func wordMotionsSkipSpacesThenTheWord() {
        let (engine, source) = engine("hello, brave world")
        _ = source
        engine.move(.wordLeft)
        #expect(caret(engine) == "hello, brave ".utf8.count)
        engine.move(.wordLeft)
        #expect(caret(engine) == "hello, ".utf8.count)
        engine.move(.wordLeft)
        #expect(caret(engine) == 0)
        engine.move(.wordRight)
        #expect(caret(engine) == "hello".utf8.count)
        engine.move(.wordRight)
        #expect(caret(engine) == "hello, brave".utf8.count)
    }

    @Test func homeAndEndGoToTheEndsOfTheWrappedLine() {
        // 10 cells a line: "alpha beta " wraps before "gamma".
        let (engine, source) = engine("alpha beta gamma delta", wrapWidth: 80)
        #expect(source.layout(forParagraph: 0).lines.count == 3)
        engine.select(TextSelection(caret: TextPosition(paragraph: 0, offset: 13)))  // in "gamma"
        engine.move(.lineStart)
        #expect(caret(engine) == "alpha beta ".utf8.count)
        engine.move(.documentEnd)
        #expect(engine.selection.active == engine.endPosition)
        engine.move(.documentStart)
        #expect(caret(engine) == 0)
    }

    @Test func upAndDownKeepTheColumnAcrossShortLines() {
        let (engine, source) = engine("a long first line\nab\nanother long line")
        _ = source
        engine.select(TextSelection(caret: TextPosition(paragraph: 0, offset: 10)))
        engine.move(.down)
        #expect(engine.selection.active == TextPosition(paragraph: 1, offset: 2), "the short line's end")
        engine.move(.down)
        #expect(engine.selection.active == TextPosition(paragraph: 2, offset: 10), "back at column 10")
        engine.move(.up)
        engine.move(.up)
        #expect(engine.selection.active == TextPosition(paragraph: 0, offset: 10))
        engine.move(.up)
        #expect(engine.selection.active == .start, "Up on the first line goes to the start")
        engine.move(.down, extending: true)
        #expect(engine.selectedText == "a long first line\nab", "still the column Up and Down began at")
    }

    @Test func upAndDownMoveBetweenTheLinesOfAWrappedParagraph() {
        let (engine, source) = engine("alpha beta gamma delta", wrapWidth: 80)
        _ = source
        engine.select(TextSelection(caret: TextPosition(paragraph: 0, offset: 2)))
        engine.move(.down)
        #expect(caret(engine) == "alpha beta ga".utf8.count)
        engine.move(.down)
        #expect(caret(engine) == "alpha beta gamma de".utf8.count)
    }

    @Test func pageDownAndUpMoveByTheVisibleHeight() {
        let (engine, source) = engine((0..<10).map { "line \($0)" }.joined(separator: "\n"))
        source.pageHeight = 64  // four lines: a page keeps one line in view
        engine.select(TextSelection(caret: .start))
        engine.move(.pageDown)
        #expect(engine.selection.active.paragraph == 3)
        engine.move(.pageDown, extending: true)
        #expect(engine.selection.active.paragraph == 6)
        #expect(engine.selection.anchor.paragraph == 3)
        engine.move(.pageUp)
        #expect(engine.selection.active.paragraph == 3)
    }

    @Test func backspaceAndDeleteRemoveWholeClusters() {
        let (engine, source) = engine("ae\u{301}🇺🇸b")
        _ = source
        engine.move(.left)
        engine.deleteBackward()
        #expect(engine.text == "ae\u{301}b")
        engine.deleteBackward()
        #expect(engine.text == "ab", "e + U+0301 goes as one")
        engine.move(.documentStart)
        engine.deleteForward()
        #expect(engine.text == "b")
        engine.deleteBackward()
        #expect(engine.text == "b", "nothing before the start")
    }

    @Test func backspaceAtAParagraphStartJoinsItToThePreviousOne() {
        let (engine, source) = engine("ab\ncd")
        _ = source
        engine.select(TextSelection(caret: TextPosition(paragraph: 1, offset: 0)))
        engine.deleteBackward()
        #expect(engine.paragraphs == ["abcd"])
        #expect(engine.selection.active == TextPosition(paragraph: 0, offset: 2))
        engine.deleteForward()
        #expect(engine.text == "abd")
    }

    @Test func wordDeletionGoesToTheWordsEnds() {
        let (engine, source) = engine("delete these words")
        _ = source
        engine.deleteWordBackward()
        #expect(engine.text == "delete these ")
        engine.deleteWordBackward()
        #expect(engine.text == "delete ")
        engine.move(.documentStart)
        engine.deleteWordForward()
        #expect(engine.text == " ")
    }

    @Test func aRunOfTypingUndoesInOneStepAndRedoes() {
        let (engine, source) = engine("")
        _ = source
        for character in "hello" { engine.insertText(String(character)) }
        engine.insertText(" ")
        engine.insertText("w")
        #expect(engine.text == "hello w")
        engine.undo()
        #expect(engine.text == "")
        engine.redo()
        #expect(engine.text == "hello w")
        #expect(engine.selection.active == engine.endPosition)
    }

    @Test func movingTheCaretEndsARunOfTyping() {
        let (engine, source) = engine("")
        _ = source
        engine.insertText("a")
        engine.insertText("b")
        engine.move(.left)
        engine.move(.right)
        engine.insertText("c")
        engine.undo()
        #expect(engine.text == "ab")
        engine.undo()
        #expect(engine.text == "")
        #expect(!engine.canUndo)
    }

    @Test func typingOverASelectionUndoesToTheSelectedText() {
        let (engine, source) = engine("keep this word")
        _ = source
        engine.move(.wordLeft, extending: true)
        engine.insertText("o")
        engine.insertText("n")
        engine.insertText("e")
        #expect(engine.text == "keep this one")
        engine.undo()
        #expect(engine.text == "keep this word")
        #expect(engine.selectedText == "word", "the selection comes back")
    }

    @Test func aRunOfBackspacesIsOneStepAndDeletingForwardAnother() {
        let (engine, source) = engine("abcdef")
        _ = source
        engine.move(.left)
        engine.move(.left)
        engine.deleteBackward()
        engine.deleteBackward()
        engine.deleteForward()
        #expect(engine.text == "abf")
        engine.undo()
        #expect(engine.text == "abef")
        engine.undo()
        #expect(engine.text == "abcdef")
        #expect(caret(engine) == 4, "the caret returns to where the deleting began")
    }

    @Test func pastedTextIsAStepOfItsOwn() {
        let (engine, source) = engine("")
        _ = source
        engine.insertText("a")
        engine.insertText("pasted\ntext", kind: .other)
        engine.insertText("b")
        #expect(engine.paragraphs == ["apasted", "textb"])
        engine.undo()
        engine.undo()
        #expect(engine.text == "a")
        engine.undo()
        #expect(engine.text == "")
    }

    @Test func aSingleLineEngineLeavesLineBreaksOut() {
        let engine = TextEditingEngine(text: "one\ntwo", allowsLineBreaks: false)
        #expect(engine.text == "onetwo")
        engine.insertText("\r\nthree")
        #expect(engine.paragraphs == ["onetwothree"])
    }

    @Test func offsetsInTheWholeTextCountLineBreaksOnce() {
        let engine = TextEditingEngine(text: "ab\nc\u{301}d")
        #expect(engine.utf8Offset(of: TextPosition(paragraph: 1, offset: 3)) == 6)
        #expect(engine.position(utf8Offset: 6) == TextPosition(paragraph: 1, offset: 3))
        #expect(engine.position(utf8Offset: 5) == TextPosition(paragraph: 1, offset: 0), "inside a cluster: its start")
        #expect(engine.position(utf8Offset: 99) == engine.endPosition)
    }

    // MARK: Right to left

    @Test func inARightToLeftParagraphLeftGoesForwardInTheText() {
        let engine = TextEditingEngine(text: "שלום עולם\nab")
        let source = MirroredParagraphs(engine, rightToLeft: [0])
        engine.select(TextSelection(caret: .start))
        engine.move(.left)
        #expect(caret(engine) == "ש".utf8.count, "left on screen is on in Hebrew")
        engine.move(.right)
        #expect(caret(engine) == 0)
        engine.move(.wordLeft)
        #expect(caret(engine) == "שלום".utf8.count, "Ctrl+Left: the end of the word on the left")
        engine.move(.right, extending: true)
        #expect(engine.selectedText == "ם", "Shift+Right: back over the last letter")
        engine.select(TextSelection(caret: TextPosition(paragraph: 0, offset: engine.paragraphs[0].utf8.count)))
        engine.move(.left)
        #expect(
            engine.selection.active == TextPosition(paragraph: 1, offset: 0), "past the left end: the next paragraph")
        _ = source
    }
}

/// A test-only right-to-left layout: the monospace engine's grid, mirrored.
/// No layout in `KeyInputKit` reorders text (Pango does, in the cairo
/// module, and is tested there); this one lets the engine's visual motions
/// be tested here.
@MainActor
final class MirroredLayout: TextLayout {
    let grid: TextLayout
    init(_ grid: TextLayout) { self.grid = grid }
    var text: String { grid.text }
    var style: TextStyle { grid.style }
    var size: Size { grid.size }
    var lines: [TextLine] {
        grid.lines.map { TextLine(range: $0.range, frame: $0.frame, baseline: $0.baseline, isRightToLeft: true) }
    }
    func mirrored(_ x: Double) -> Double { size.width - x }
    func caretRect(at offset: Int) -> Rect {
        let rect = grid.caretRect(at: offset)
        return Rect(x: mirrored(rect.minX), y: rect.minY, width: 0, height: rect.height)
    }
    func offset(nearest point: Point) -> Int { grid.offset(nearest: Point(x: mirrored(point.x), y: point.y)) }
    func offset(visuallyFrom offset: Int, direction: VisualDirection) -> Int? {
        grid.offset(visuallyFrom: offset, direction: direction == .left ? .right : .left)
    }
    func selectionRects(for range: Range<Int>) -> [Rect] {
        grid.selectionRects(for: range).map {
            Rect(x: mirrored($0.maxX), y: $0.minY, width: $0.width, height: $0.height)
        }
    }
    func wordStart(before offset: Int) -> Int { grid.wordStart(before: offset) }
    func wordEnd(after offset: Int) -> Int { grid.wordEnd(after: offset) }
    func draw(in canvas: Canvas, at origin: Point, color: Color) { grid.draw(in: canvas, at: origin, color: color) }
}

/// Lays the paragraphs listed in `rightToLeft` out mirrored, the others on the plain grid.
@MainActor
final class MirroredParagraphs: TextLayoutSource {
    let grid = MonospaceTextLayoutEngine()
    unowned let text: TextEditingEngine
    let rightToLeft: Set<Int>
    var pageHeight: Double { 48 }

    init(_ text: TextEditingEngine, rightToLeft: Set<Int>) {
        self.text = text
        self.rightToLeft = rightToLeft
        text.layoutSource = self
    }

    func layout(forParagraph paragraph: Int) -> TextLayout {
        let layout = grid.makeLayout(for: text.paragraphs[paragraph], style: TextStyle())
        return rightToLeft.contains(paragraph) ? MirroredLayout(layout) : layout
    }
}
