import KeyInputCairo
@testable import KeyInputKit
import Testing

/// A paste of megabytes into a field: the window answers in the next frame,
/// and the line is measured in steps after the frames that follow.
@Suite("A long paste into a field keeps the window answering")
@MainActor
struct LongPasteTests {
    let window = Window(size: Size(width: 400, height: 120))
    let field = TextField(frame: Rect(x: 20, y: 20, width: 300, height: 40))
    let engine: PangoTextLayoutEngine

    init() throws {
        engine = try PangoTextLayoutEngine()
        window.textLayoutEngine = engine
        window.caretBlinks = false
        window.addSubview(field)
        field.becomeFirstResponder()
        window.advanceTime(to: 5)
    }

    /// Draws the window, pastes `text` into `control`, types `typed` after it, each drawn as
    /// its own frame, and checks that both landed.
    /// - Returns: The screen drawn so, and how many bytes were laid out for it.
    func paste(_ text: String, thenType typed: String, into control: TextEditingControl) throws -> (CairoCanvas, Int) {
        let screen = try CairoCanvas(size: window.frame.size)
        window.render(to: screen)
        let before = engine.bytesLaidOut
        control.insertText(text)
        window.renderDamage(to: screen)
        control.insertText(typed)
        window.renderDamage(to: screen)
        #expect(control.text == text + typed)
        return (screen, engine.bytesLaidOut - before)
    }

    /// Takes every step the window leaves for after its frames, drawing
    /// after each, and checks that the caret stays where it showed.
    /// - Returns: How many steps there were.
    func takeEveryStep(drawingTo screen: CairoCanvas, caretOf control: TextEditingControl, stillAt caret: Rect) throws -> Int {
        var steps = 0
        while window.hasWorkAfterPresenting, steps < 100_000 {
            window.performWorkAfterPresenting()
            window.renderDamage(to: screen)
            steps += 1
            let now = try #require(control.caretRect)
            #expect(abs(now.minX - caret.minX) < 0.5 && abs(now.minY - caret.minY) < 0.5, "step \(steps): the caret moved from \(caret) to \(now)")
        }
        return steps
    }

    /// How many pixels of `screen` differ from the window drawn afresh.
    func pixelsDifferingFromAFreshDrawing(_ screen: CairoCanvas) throws -> Int {
        let fresh = try CairoCanvas(size: window.frame.size)
        window.renderSnapshot(to: fresh)
        var differing = 0
        for y in 0..<Int(window.frame.height) {
            for x in 0..<Int(window.frame.width) where screen.color(atX: x, y: y) != fresh.color(atX: x, y: y) {
                differing += 1
            }
        }
        return differing
    }

    @Test("Pasted, typed after, drawn: a megabyte lays out only its ends, the caret stays still while the rest is measured")
    func megabytePaste() throws {
        // Words of many widths in an order that does not repeat: the pieces' widths differ from the estimate.
        let words = ["Grüße,", "мир", "日本語の文", "🙂", "a", "typewriter", "WWW", "iii", "keyboard", "of", "الكلمة"]
        var pasted = "", state: UInt32 = 7
        while pasted.utf8.count < 1 << 20 {
            state = state &* 1_103_515_245 &+ 12_345
            pasted += words[Int(state >> 16) % words.count] + " "
        }
        let (screen, laidOut) = try paste(pasted, thenType: "abc", into: field)
        let before = engine.bytesLaidOut - laidOut
        // A few pieces at the ends, not the megabyte.
        #expect(laidOut < 64 * 1024, "\(laidOut) bytes laid out")
        let caret = try #require(field.caretRect)
        #expect(caret.minX > 200, "the caret shows at the field's right, after the paste")

        #expect(try takeEveryStep(drawingTo: screen, caretOf: field, stillAt: caret) > 1)
        #expect(!(field.layout(forParagraph: 0) is ProvisionalTextLayout))
        #expect(engine.bytesLaidOut - before >= pasted.utf8.count, "the whole line is laid out in the end")
        let differing = try pixelsDifferingFromAFreshDrawing(screen)
        #expect(differing == 0, "\(differing) pixels differ from the window drawn afresh")
    }

    @Test("A host's loop is woken for each step of the measuring, not left to wait for the next event")
    func eachStepFallsDue() throws {
        let screen = try CairoCanvas(size: window.frame.size)
        window.render(to: screen)
        field.insertText(String(repeating: "a few words more ", count: 20_000))
        window.renderDamage(to: screen)
        #expect(window.performWorkAfterPresentingIfDue(now: 10) == 10.002)
        #expect(window.performWorkAfterPresentingIfDue(now: 10.002) == nil)
        // The next step is left for the next frame, and its time is set for the loop's wait.
        #expect(window.hasWorkAfterPresenting)
        #expect(abs((window.workAfterPresentingDue ?? 0) - 10.004) < 1e-9)
    }

    @Test("A text view pasted megabytes of lines measures a budget of them per frame, keeps its caret still, and lets far layouts go")
    func megabyteOfLinesIntoATextView() throws {
        field.removeFromSuperview()
        let view = TextView(frame: Rect(x: 20, y: 10, width: 300, height: 100))
        window.addSubview(view)
        view.becomeFirstResponder()
        var pasted = "", state: UInt32 = 3
        let words = ["Grüße,", "мир", "日本語の文", "a", "typewriter", "WWW", "iii", "keyboard", "of"]
        while pasted.utf8.count < 2 << 20 {
            state = state &* 1_103_515_245 &+ 12_345
            // Lines of 1 to 40 words: some wrap, most do not.
            let count = 1 + Int(state >> 16) % 40
            pasted += (0..<count).map { words[($0 &* 7 &+ Int(state >> 20)) % words.count] }.joined(separator: " ") + "\n"
        }
        let (screen, laidOut) = try paste(pasted, thenType: "abc", into: view)
        #expect(laidOut < 3 * TextView.measuringBudget, "\(laidOut) bytes laid out")
        let caret = try #require(view.caretRect)

        #expect(try takeEveryStep(drawingTo: screen, caretOf: view, stillAt: caret) > 1)
        #expect(view.heights.indices.allSatisfy { view.heights[$0] != nil || view.layouts[$0] != nil }, "every paragraph measured")
        #expect(view.layouts.count { $0 != nil } <= TextView.keptLayoutLimit + 1, "far layouts let go")
        // What the screen shows is what the view drawn afresh shows, at the same place in the text.
        let differing = try pixelsDifferingFromAFreshDrawing(screen)
        #expect(differing == 0, "\(differing) pixels differ from the window drawn afresh")
        // And the caret is where a view measured whole at once puts it.
        let whole = TextView(frame: view.frame)
        window.addSubview(whole)
        whole.text = view.text
        _ = whole.contentHeight
        while window.hasWorkAfterPresenting { window.performWorkAfterPresenting() }
        #expect(abs(whole.contentHeight - view.contentHeight) < 0.5)
    }
}
