import KeyInputKit
import Testing
import XKB

/// A view that counts how often it was drawn.
@MainActor
private final class CountingView: View {
    var draws = 0
    override func draw(in canvas: Canvas, rect: Rect) { draws += 1 }
}

@MainActor
@Suite("Damage: only what changed is drawn again")
struct DamageTests {
    /// A window with a field being typed into, drawn once and at rest.
    private func typingWindow() throws -> (HardwareKeyboard, Window, TextField) {
        let keyboard = try Fixture.keyboard(layout: "us")
        let (_, window) = Fixture.window(keyboard: keyboard)
        window.caretBlinks = false
        let field = TextField(frame: Rect(x: 20, y: 100, width: 200, height: 30))
        window.addSubview(field)
        field.becomeFirstResponder()
        window.advanceTime(to: 5)  // input views in place
        keyboard.tap("KEY_A", at: 5)  // the first letter may release the keyboard's automatic Shift
        window.render(to: TextCanvas(size: window.frame.size))
        return (keyboard, window, field)
    }

    @Test("A key typed marks the field's frame alone: its focus ring stays, and the label beside it is not drawn")
    func typingMarksTheField() throws {
        let (keyboard, window, field) = try typingWindow()
        let label = CountingView(frame: Rect(x: 0, y: 100, width: 20, height: 30))  // touching the field's left edge
        window.addSubview(label)
        window.render(to: TextCanvas(size: window.frame.size))
        let drawn = label.draws
        #expect(!window.needsDisplay)
        keyboard.tap("KEY_B", at: 6)
        #expect(field.text == "ab")
        #expect(window.damagedRect == Rect(x: 20, y: 100, width: 200, height: 30))
        window.renderDamage(to: TextCanvas(size: window.frame.size))
        #expect(label.draws == drawn)
    }

    @Test("A view marks part of itself in its own coordinates, two points wider on each side")
    func markingPartOfAView() {
        let window = Window(size: Size(width: 400, height: 300))
        let outer = View(frame: Rect(x: 100, y: 50, width: 200, height: 200))
        let inner = View(frame: Rect(x: 10, y: 20, width: 100, height: 100))
        outer.addSubview(inner)
        window.addSubview(outer)
        window.render(to: TextCanvas(size: window.frame.size))
        inner.setNeedsDisplay(in: Rect(x: 5, y: 5, width: 10, height: 10))
        #expect(window.damagedRect == Rect(x: 113, y: 73, width: 14, height: 14))
    }

    @Test("Time passing with nothing moving or blinking marks nothing")
    func idleTicksMarkNothing() throws {
        let (_, window, _) = try typingWindow()
        for step in 1...20 { window.advanceTime(to: 5 + Double(step) * 0.25) }
        #expect(!window.needsDisplay)
    }

    @Test("A window resized with no input views shown is drawn once: the ticks after that mark nothing")
    func resizingWithNothingShownDrawsOnce() {
        let window = Window(size: Size(width: 480, height: 640))
        window.addSubview(View(frame: Rect(x: 20, y: 20, width: 200, height: 30)))
        window.render(to: TextCanvas(size: window.frame.size))
        window.resize(to: Size(width: 1024, height: 768))
        #expect(window.needsDisplay)
        window.render(to: TextCanvas(size: window.frame.size))
        window.advanceTime(by: 0.016)
        #expect(window.damagedRect == nil, "the resting keyboard frame moved below the new bottom edge")
    }

    @Test("Drawing the damage draws the views it touches and no others")
    func renderDamageSkipsUntouchedViews() {
        let window = Window(size: Size(width: 400, height: 300))
        let left = CountingView(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let right = CountingView(frame: Rect(x: 200, y: 0, width: 100, height: 100))
        window.addSubview(left)
        window.addSubview(right)
        let canvas = TextCanvas(size: window.frame.size)
        window.render(to: canvas)
        #expect(left.draws == 1 && right.draws == 1)
        right.setNeedsDisplay()
        #expect(window.renderDamage(to: canvas) == Rect(x: 198, y: 0, width: 104, height: 102))
        #expect(left.draws == 1 && right.draws == 2)
        #expect(!window.needsDisplay)
        #expect(window.renderDamage(to: canvas) == nil)
        #expect(right.draws == 2)
    }

    @Test("A view that moves marks where it was and where it is")
    func movingMarksBothPlaces() {
        let window = Window(size: Size(width: 400, height: 300))
        let view = View(frame: Rect(x: 10, y: 10, width: 20, height: 20))
        window.addSubview(view)
        window.render(to: TextCanvas(size: window.frame.size))
        view.frame.origin = Point(x: 100, y: 10)
        #expect(window.damagedRect == Rect(x: 8, y: 8, width: 114, height: 24))
    }

    @Test("Hiding a view marks where it showed")
    func hidingMarksTheView() {
        let window = Window(size: Size(width: 400, height: 300))
        let view = View(frame: Rect(x: 50, y: 60, width: 20, height: 20))
        window.addSubview(view)
        window.render(to: TextCanvas(size: window.frame.size))
        view.isHidden = true
        #expect(window.damagedRect == Rect(x: 48, y: 58, width: 24, height: 24))
    }

    @Test("A picture of the window leaves the part marked for the screen as it was")
    func snapshotKeepsTheDamage() throws {
        let (keyboard, window, _) = try typingWindow()
        keyboard.tap("KEY_B", at: 6)
        let marked = window.damagedRect
        #expect(marked == Rect(x: 20, y: 100, width: 200, height: 30))
        window.renderSnapshot(to: TextCanvas(size: window.frame.size))
        #expect(window.damagedRect == marked)
    }

    @Test("A host waits a frame while input views move, until the next repeat while a key repeats, else until the caret blinks")
    func longestWait() throws {
        let (keyboard, window, _) = try typingWindow()
        keyboard.repeatSettings = KeyRepeatSettings(delay: 0.3, rate: 200)
        window.caretBlinks = true
        window.advanceTime(to: 6)
        let blink = try #require(window.nextRedrawTime)
        #expect(blink > 6)
        #expect(window.longestWait(keyboard: keyboard, now: 6, frameInterval: 1.0 / 60, idleTimeout: 9) == blink - 6)
        keyboard.handleKey(try Keycode(name: "KEY_C"), direction: .down, at: 6)
        keyboard.advance(to: 6.3)
        // 200 a second: the next repeat is 5 ms away, sooner than a frame.
        #expect(abs(window.longestWait(keyboard: keyboard, now: 6.3, frameInterval: 1.0 / 60, idleTimeout: 9) - 0.005) < 1e-9)
        #expect(window.longestWait(keyboard: nil, now: 6.3, frameInterval: 1.0 / 60, idleTimeout: 0.2) <= 0.2)
    }
}
