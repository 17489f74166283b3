import KeyInputKit
import Testing
import XKB

/// Counts the layouts the real monospace engine makes: how much text a
/// keystroke lays out again.
@MainActor
final class CountingLayoutEngine: TextLayoutEngine {
    let engine = MonospaceTextLayoutEngine()
    var laidOut: [String] = []
    func makeLayout(for text: String, style: TextStyle) -> TextLayout {
        laidOut.append(text)
        return engine.makeLayout(for: text, style: style)
    }
}

/// The multi-line text view: line breaks, wrapping, Up and Down, vertical
/// scrolling, and one layout per paragraph.
@MainActor
@Suite struct TextViewTests {
    /// A focused text view of `size` at the window's top-left corner: text 4 points from
    /// the left and 6 from the top, 8×16 cells.
    func focusedView(_ size: Size = Size(width: 200, height: 200), text: String = "") throws
        -> (HardwareKeyboard, Window, TextView, Application)
    {
        let keyboard = try Fixture.keyboard(layout: "us")
        let (application, window) = Fixture.window(keyboard: keyboard)
        let view = TextView(frame: Rect(origin: .zero, size: size), text: text)
        window.addSubview(view)
        #expect(view.becomeFirstResponder())
        return (keyboard, window, view, application)
    }

    @Test func returnInsertsALineBreakAndTheTextHoldsParagraphs() throws {
        let (keyboard, _, view, _) = try focusedView()
        var changes = 0
        view.addAction(for: .editingChanged) { _ in changes += 1 }
        keyboard.type(["KEY_H", "KEY_I", "KEY_ENTER", "KEY_Y", "KEY_O"])
        #expect(view.text == "hi\nyo")
        #expect(view.editingEngine.paragraphs == ["hi", "yo"])
        #expect(changes == 5)
        view.text = "set\nfrom code"
        #expect(changes == 5, "setting the text is not an edit by the person")
        #expect(view.caret == "set\nfrom code".utf8.count)
    }

    @Test func linesWrapAtTheViewsWidth() throws {
        // 96 points of text: 12 cells a line.
        let (_, window, view, _) = try focusedView(Size(width: 104, height: 100), text: "wrapping words at the edge")
        let canvas = TextCanvas(size: window.frame.size)
        window.render(to: canvas)
        let rows = canvas.rendering.split(separator: "\n")
        #expect(rows.contains { $0.contains("wrapping") && !$0.contains("words") })
        #expect(rows.contains { $0.contains("words at the") })
        #expect(rows.contains { $0.contains("edge") })
        #expect(view.layout(forParagraph: 0).lines.count == 3)
    }

    @Test func upAndDownKeepTheColumnThroughKeys() throws {
        let (keyboard, _, view, _) = try focusedView(text: "first line\nab\nthird line")
        keyboard.tap("KEY_LEFTCTRL", "KEY_HOME")
        for _ in 0..<7 { keyboard.tap("KEY_RIGHT") }
        keyboard.tap("KEY_DOWN")
        #expect(view.editingEngine.selection.active == TextPosition(paragraph: 1, offset: 2))
        keyboard.tap("KEY_DOWN")
        #expect(view.editingEngine.selection.active == TextPosition(paragraph: 2, offset: 7))
        keyboard.tap("KEY_LEFTSHIFT", "KEY_UP")
        #expect(view.selectedText == "\nthird l")
        keyboard.tap("KEY_LEFTCTRL", "KEY_END")
        #expect(view.caret == view.text.utf8.count)
        keyboard.tap("KEY_HOME")
        #expect(view.editingEngine.selection.active == TextPosition(paragraph: 2, offset: 0))
    }

    @Test func pageDownMovesByTheVisibleHeight() throws {
        let text = (0..<30).map { "line \($0)" }.joined(separator: "\n")
        // 88 points of text: five lines show, a page moves four.
        let (keyboard, _, view, _) = try focusedView(Size(width: 200, height: 100), text: text)
        keyboard.tap("KEY_LEFTCTRL", "KEY_HOME")
        keyboard.tap("KEY_PAGEDOWN")
        #expect(view.editingEngine.selection.active.paragraph == 4)
        keyboard.tap("KEY_LEFTSHIFT", "KEY_PAGEDOWN")
        #expect(view.editingEngine.selection.active.paragraph == 8)
        keyboard.tap("KEY_PAGEUP")
        #expect(view.editingEngine.selection.active.paragraph == 4)
    }

    @Test func theViewScrollsToKeepTheCaretVisible() throws {
        // Three lines show.
        let (keyboard, window, view, _) = try focusedView(Size(width: 200, height: 60))
        for _ in 0..<6 { keyboard.type(["KEY_A", "KEY_ENTER"]) }
        keyboard.type(["KEY_Z"])
        let caret = try #require(view.caretRect)
        #expect(view.contentOffset.y == 7 * 16 - 48)
        #expect(caret.minY >= 6 && caret.maxY <= 54)
        let canvas = TextCanvas(size: window.frame.size)
        window.render(to: canvas)
        #expect(canvas.rendering.contains("z"))
        keyboard.tap("KEY_LEFTCTRL", "KEY_HOME")
        #expect(view.contentOffset.y == 0)
    }

    @Test func theWheelScrollsWithinTheText() throws {
        let text = (0..<20).map { "line \($0)" }.joined(separator: "\n")
        let (_, window, view, _) = try focusedView(Size(width: 200, height: 104), text: text)
        view.selectedRange = 0..<0
        #expect(view.contentOffset.y == 0)
        window.sendPointerEvent(PointerEvent(.scroll(dx: 0, dy: 1), at: Point(x: 50, y: 50)))
        #expect(view.contentOffset.y == 48, "three lines a step")
        for _ in 0..<10 { window.sendPointerEvent(PointerEvent(.scroll(dx: 0, dy: 1), at: Point(x: 50, y: 50))) }
        #expect(view.contentOffset.y == 20 * 16 - 92, "no further than the last line")
        window.sendPointerEvent(PointerEvent(.scroll(dx: 0, dy: -100), at: Point(x: 50, y: 50)))
        #expect(view.contentOffset.y == 0)
    }

    @Test func aClickFindsItsParagraphAndATripleClickSelectsIt() throws {
        let (_, window, view, _) = try focusedView(text: "first\nsecond line\nthird")
        window.sendPointerEvent(PointerEvent(.down, at: Point(x: 4 + 3 * 8, y: 6 + 16 + 8)))
        #expect(view.editingEngine.selection.active == TextPosition(paragraph: 1, offset: 3))
        window.sendPointerEvent(PointerEvent(.down, at: Point(x: 4 + 3 * 8, y: 6 + 16 + 8), clickCount: 3))
        #expect(view.selectedText == "second line")
        window.sendPointerEvent(PointerEvent(.down, at: Point(x: 4, y: 6 + 8)))
        window.sendPointerEvent(PointerEvent(.dragged, at: Point(x: 4 + 2 * 8, y: 6 + 32 + 8)))
        #expect(view.selectedText == "first\nsecond line\nth", "a drag selects across paragraphs")
    }

    @Test func aKeystrokeLaysOutOnlyTheParagraphItEdits() throws {
        let counting = CountingLayoutEngine()
        let paragraphs = (0..<200).map { "paragraph \($0) with some words in it" }
        let (keyboard, window, view, _) = try focusedView(
            Size(width: 200, height: 200), text: paragraphs.joined(separator: "\n"))
        window.textLayoutEngine = counting
        window.render(to: TextCanvas(size: window.frame.size))
        #expect(counting.laidOut.count >= 200, "the first drawing lays every paragraph out once")
        view.editingEngine.select(TextSelection(caret: TextPosition(paragraph: 100, offset: 0)))
        window.render(to: TextCanvas(size: window.frame.size))
        counting.laidOut.removeAll()
        keyboard.type(["KEY_X"])
        window.render(to: TextCanvas(size: window.frame.size))
        #expect(counting.laidOut == ["xparagraph 100 with some words in it"])
        counting.laidOut.removeAll()
        keyboard.type(["KEY_ENTER"])
        window.render(to: TextCanvas(size: window.frame.size))
        #expect(counting.laidOut.sorted() == ["paragraph 100 with some words in it", "x"])
        counting.laidOut.removeAll()
        keyboard.tap("KEY_BACKSPACE")
        keyboard.tap("KEY_DOWN")
        window.render(to: TextCanvas(size: window.frame.size))
        #expect(
            counting.laidOut == ["xparagraph 100 with some words in it"],
            "joining relays out the joined paragraph alone")
    }

    @Test func aNewWidthOrEngineLaysEverythingOutAgain() throws {
        let counting = CountingLayoutEngine()
        let (_, window, view, _) = try focusedView(text: "one\ntwo")
        window.textLayoutEngine = counting
        window.render(to: TextCanvas(size: window.frame.size))
        #expect(counting.laidOut.sorted() == ["one", "two"])
        counting.laidOut.removeAll()
        view.frame = Rect(x: 0, y: 0, width: 150, height: 200)
        window.render(to: TextCanvas(size: window.frame.size))
        #expect(counting.laidOut.sorted() == ["one", "two"])
    }

    @Test func thePlaceholderShowsWhileEmptyAndLabelsTheView() throws {
        let (_, window, view, _) = try focusedView()
        view.placeholder = "Notes"
        #expect(view.accessibilityLabel == "Notes")
        let canvas = TextCanvas(size: window.frame.size)
        window.render(to: canvas)
        #expect(canvas.rendering.contains("Notes"))
        view.insertText("n")
        let typed = TextCanvas(size: window.frame.size)
        window.render(to: typed)
        #expect(!typed.rendering.contains("Notes"))
    }

    @Test func aParagraphThatGrowsALineMovesTheOnesBelowIt() throws {
        // 96 points of text: 12 cells a line.
        let (keyboard, window, view, _) = try focusedView(Size(width: 104, height: 200), text: "one two\nbelow")
        window.render(to: TextCanvas(size: window.frame.size))
        view.editingEngine.select(TextSelection(caret: TextPosition(paragraph: 0, offset: 7)))
        keyboard.type(["KEY_SPACE", "KEY_T", "KEY_H"])
        #expect(try #require(view.caretRect).minY == 6, "still one line")
        keyboard.type(["KEY_R", "KEY_E", "KEY_E"])
        #expect(try #require(view.caretRect).minY == 6 + 16, "\"three\" wrapped to a second line")
        window.sendPointerEvent(PointerEvent(.down, at: Point(x: 4 + 2 * 8, y: 6 + 32 + 8)))
        #expect(view.editingEngine.selection.active == TextPosition(paragraph: 1, offset: 2), "below moved down a line")
        let canvas = TextCanvas(size: window.frame.size)
        window.render(to: canvas)
        let rows = canvas.rendering.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(rows[3].contains("below"))
    }
}
