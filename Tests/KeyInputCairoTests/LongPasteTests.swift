import KeyInputCairo
import KeyInputKit
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

    @Test("Pasted, typed after, drawn: a megabyte lays out only its ends, the caret stays still while the rest is measured")
    func megabytePaste() throws {
        // Words of many widths in an order that does not repeat: the pieces' widths differ from the estimate.
        let words = ["Grüße,", "мир", "日本語の文", "🙂", "a", "typewriter", "WWW", "iii", "keyboard", "of", "الكلمة"]
        var pasted = "", state: UInt32 = 7
        while pasted.utf8.count < 1 << 20 {
            state = state &* 1_103_515_245 &+ 12_345
            pasted += words[Int(state >> 16) % words.count] + " "
        }
        let screen = try CairoCanvas(size: window.frame.size)
        window.render(to: screen)
        let before = engine.bytesLaidOut
        field.insertText(pasted)
        window.renderDamage(to: screen)
        field.insertText("abc")
        window.renderDamage(to: screen)
        #expect(field.text == pasted + "abc")
        // A few pieces at the ends, not the megabyte.
        #expect(engine.bytesLaidOut - before < 64 * 1024, "\(engine.bytesLaidOut - before) bytes laid out")
        let caret = try #require(field.caretRect)
        #expect(caret.minX > 200, "the caret shows at the field's right, after the paste")

        var steps = 0
        while window.hasWorkAfterPresenting, steps < 100_000 {
            window.performWorkAfterPresenting()
            window.renderDamage(to: screen)
            steps += 1
            let now = try #require(field.caretRect)
            #expect(abs(now.minX - caret.minX) < 0.5, "step \(steps): the caret moved from \(caret.minX) to \(now.minX)")
        }
        #expect(steps > 1)
        #expect(!(field.layout(forParagraph: 0) is ProvisionalTextLayout))
        #expect(engine.bytesLaidOut - before >= pasted.utf8.count, "the whole line is laid out in the end")
        let fresh = try CairoCanvas(size: window.frame.size)
        window.renderSnapshot(to: fresh)
        var differing = 0
        for y in 0..<Int(window.frame.height) {
            for x in 0..<Int(window.frame.width) where screen.color(atX: x, y: y) != fresh.color(atX: x, y: y) {
                differing += 1
            }
        }
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
}
