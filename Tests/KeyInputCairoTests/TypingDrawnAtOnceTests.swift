import KeyInputCairo
import KeyInputKit
import Testing
import XKB

@Suite("Typing is drawn at once, and what can wait follows the frame")
@MainActor
struct TypingDrawnAtOnceTests {
    let window = Window(size: Size(width: 400, height: 300))
    let field = TextField(frame: Rect(x: 20, y: 20, width: 300, height: 40))

    init() throws {
        window.textLayoutEngine = try PangoTextLayoutEngine()
        window.caretBlinks = false
        window.addSubview(Label(text: "Name", frame: Rect(x: 20, y: 70, width: 100, height: 20)))
        window.addSubview(field)
        field.becomeFirstResponder()
        window.advanceTime(to: 5)  // input views in place
    }

    /// The window drawn from scratch.
    func freshPicture() throws -> CairoCanvas {
        let canvas = try CairoCanvas(size: window.frame.size)
        window.renderSnapshot(to: canvas)
        return canvas
    }

    func samePixels(_ a: CairoCanvas, _ b: CairoCanvas) -> Bool {
        (0..<Int(window.frame.height)).allSatisfy { y in
            (0..<Int(window.frame.width)).allSatisfy { x in a.color(atX: x, y: y) == b.color(atX: x, y: y) }
        }
    }

    @Test("The first letter typed into an empty field takes its placeholder away, drawn before the line is laid out")
    func firstLetterReplacesThePlaceholder() throws {
        field.placeholder = "Your name"
        let screen = try CairoCanvas(size: window.frame.size)
        window.render(to: screen)
        field.insertText("A")
        #expect(field.layout(forParagraph: 0) is ProvisionalTextLayout)
        window.renderDamage(to: screen)
        window.performWorkAfterPresenting()
        window.renderDamage(to: screen)
        #expect(samePixels(screen, try freshPicture()))
    }

    @Test("Each letter typed marks only where it draws; what is on screen after each frame is the window drawn afresh")
    func framesMatchFreshDrawings() throws {
        field.text = "Ada"
        let screen = try CairoCanvas(size: window.frame.size)
        window.render(to: screen)
        // "AV" is kerned: its V is placed again when the line is laid out after the frame.
        for letter in [" ", "L", "o", "v", "e", "l", "a", "c", "e", " ", "A", "V", "A"] {
            let caret = try #require(field.caretRect)
            field.insertText(letter)
            let damage = try #require(window.damagedRect)
            #expect(damage.minX >= caret.minX.rounded(.down) - 1 && damage.width < 30, "\(letter): \(damage)")
            window.renderDamage(to: screen)
            #expect(window.hasWorkAfterPresenting)
            window.performWorkAfterPresenting()
            window.renderDamage(to: screen)
            #expect(!window.hasWorkAfterPresenting)
            #expect(samePixels(screen, try freshPicture()), "after \(letter)")
        }
        #expect(field.text == "Ada Lovelace AVA")
        #expect(!(field.layout(forParagraph: 0) is ProvisionalTextLayout))
    }

    @Test("A host's loop does the work a frame left 2 ms after that frame, however many turns come before")
    func workFallsDueAfterTheFrame() throws {
        field.text = "Ada"
        window.render(to: try CairoCanvas(size: window.frame.size))
        field.insertText("m")
        #expect(window.performWorkAfterPresentingIfDue(now: 10) == 10.002)
        field.insertText("s")  // a second key before it: the same due time
        #expect(window.performWorkAfterPresentingIfDue(now: 10.001) == 10.002)
        #expect(field.layout(forParagraph: 0) is ProvisionalTextLayout)
        #expect(window.performWorkAfterPresentingIfDue(now: 10.002) == nil)
        #expect(!window.hasWorkAfterPresenting)
        #expect(!(field.layout(forParagraph: 0) is ProvisionalTextLayout))
        #expect(field.layout(forParagraph: 0).text == "Adams")
    }

    @Test("Behind an opaque field nothing is drawn when only part of it changes")
    func nothingBehindAnOpaqueField() throws {
        let behind = CountingView(frame: Rect(x: 0, y: 0, width: 400, height: 100))
        window.insertSubview(behind, at: 0)
        field.text = "Ada"
        let screen = try CairoCanvas(size: window.frame.size)
        window.render(to: screen)
        let drawn = behind.draws
        field.insertText("m")
        window.renderDamage(to: screen)
        #expect(behind.draws == drawn)
        field.isOpaque = false
        field.insertText("s")
        window.renderDamage(to: screen)
        #expect(behind.draws == drawn + 1)
    }

    @Test("With a host that presents frames, the on-screen keyboard's Shift follows the frame; without one, at once")
    func inputStateFollowsTheFrame() throws {
        let keyboard = window.onScreenKeyboard
        #expect(window.presentedInputView === keyboard)
        keyboard.setKeymap(try Keymap(context: Context(options: .noEnvironmentNames), names: RuleNames(layout: "us")))
        field.text = "Hi."
        window.defersInputStateUpdates = true
        field.insertText(" ")
        #expect(!keyboard.isShiftHeld, "not before the frame")
        window.performWorkAfterPresenting()
        #expect(keyboard.isShiftHeld)
        window.defersInputStateUpdates = false
        field.insertText("A")
        #expect(!keyboard.isShiftHeld, "at once")
    }
}

/// A view that counts how often it was drawn, and paints nothing.
@MainActor
private final class CountingView: View {
    var draws = 0
    override func draw(in canvas: Canvas, rect: Rect) { draws += 1 }
}
