import KeyInputKit
import Testing
import XKB

/// A view tree 10,000 deep — each view inside the one before — is bad input a
/// program can build by accident (a view added to the last view in a loop).
/// Hit testing, pointer and key delivery, focus traversal, drawing and tearing
/// the tree down must walk it without running out of stack.
@MainActor
@Suite struct DeepViewTreeTests {
    static let depth = 10_000

    /// A window with a chain of `depth` views, each 1 point inside its superview,
    /// and a text field in the deepest one.
    static func deepTree() -> (window: Window, deepest: View, field: TextField) {
        let window = Window(size: Size(width: 20_000, height: 20_000))
        var parent: View = window
        for _ in 0..<depth {
            let view = View(frame: Rect(x: 1, y: 1, width: parent.frame.width - 1, height: parent.frame.height - 1))
            parent.addSubview(view)
            parent = view
        }
        let field = TextField(frame: Rect(x: 0, y: 0, width: 100, height: 30))
        parent.addSubview(field)
        return (window, parent, field)
    }

    @Test func hitTestingFindsTheDeepestView() {
        let (window, _, field) = Self.deepTree()
        let point = Point(x: Double(Self.depth) + 5, y: Double(Self.depth) + 5)
        #expect(window.hitTest(point) === field)
        #expect(field.convert(Point(x: 5, y: 5), to: nil) == point)
    }

    @Test func aClickFocusesTheDeepestFieldAndTypingReachesIt() throws {
        let (window, _, field) = Self.deepTree()
        let point = Point(x: Double(Self.depth) + 5, y: Double(Self.depth) + 5)
        window.sendPointerEvent(PointerEvent(.down, at: point))
        window.sendPointerEvent(PointerEvent(.up, at: point))
        #expect(field.isFirstResponder)
        let application = Application()
        application.addWindow(window)
        let keymap = try Keymap(context: Context(options: .noEnvironmentNames), names: RuleNames(layout: "us"))
        let keyboard = HardwareKeyboard(keymap: keymap)
        application.attach(keyboard)
        keyboard.handleKey(Keycode(evdev: 30), direction: .down, at: 0)  // KEY_A
        keyboard.handleKey(Keycode(evdev: 30), direction: .up, at: 0)
        keyboard.handleKey(Keycode(evdev: 59), direction: .down, at: 0)  // KEY_F1: goes up the whole chain
        keyboard.handleKey(Keycode(evdev: 59), direction: .up, at: 0)
        #expect(field.text == "a")
    }

    @Test func aPressOnAPlainViewDeepInsideTravelsUpAndDismisses() {
        let (window, deepest, field) = Self.deepTree()
        field.becomeFirstResponder()
        // Below the field, in the deepest plain view: its press goes up the chain.
        let point = Point(x: Double(Self.depth) + 5, y: Double(Self.depth) + 50)
        #expect(window.hitTest(point) === deepest)
        window.sendPointerEvent(PointerEvent(.down, at: point))
        window.sendPointerEvent(PointerEvent(.scroll(dx: 0, dy: 3), at: point))
        window.sendPointerEvent(PointerEvent(.up, at: point))
        #expect(!field.isFirstResponder)
    }

    @Test func tabFindsTheOnlyFieldAndDrawingWalksTheTree() {
        let (window, _, field) = Self.deepTree()
        #expect(window.focusableViews.count == 1)
        #expect(window.focusNext())
        #expect(field.isFirstResponder)
        let canvas = TextCanvas(size: Size(width: 80, height: 40))
        window.render(to: canvas)
    }

    @Test func removingTheTreeResignsTheFieldAndFreesEveryView() {
        var (window, deepest, field): (Window, View?, TextField?) = Self.deepTree()
        field?.becomeFirstResponder()
        weak let weakDeepest = deepest
        let top = window.subviews[0]
        deepest = nil
        top.removeFromSuperview()
        #expect(window.firstResponder == nil)
        field = nil
        // The last reference goes: 10,000 views are freed one inside the other.
        _ = consume top
        #expect(weakDeepest == nil)
    }

    /// Passing events on in a loop keeps the old order even when a view,
    /// on the way, sends another event that travels through itself.
    @Test func aViewThatSendsAnotherEventOnTheWayStillPassesTheFirstOn() {
        let window = Window(size: Size(width: 100, height: 100))
        var log: [String] = []
        let top = RecordingView("top") { log.append($0) }
        let outer = RecordingView("outer") { log.append($0) }
        let inner = RecordingView("inner") { log.append($0) }
        let other = RecordingView("other") { log.append($0) }
        window.addSubview(top)
        top.addSubview(outer)
        outer.addSubview(inner)
        outer.addSubview(other)
        let press = PointerEvent(.down, at: .zero)
        outer.onPointerDown = { [unowned outer, unowned other] in
            outer.onPointerDown = nil
            other.pointerDown(press)
        }
        inner.pointerDown(press)
        #expect(log == ["inner", "outer", "other", "outer", "top", "top"])
    }
}

/// A view that logs each pointer press it gets, passes it on, then runs a hook.
@MainActor
final class RecordingView: View {
    let name: String
    let record: (String) -> Void
    var onPointerDown: (() -> Void)?

    init(_ name: String, record: @escaping (String) -> Void) {
        self.name = name
        self.record = record
        super.init(frame: Rect(x: 0, y: 0, width: 100, height: 100))
    }

    override func pointerDown(_ event: PointerEvent) {
        record(name)
        super.pointerDown(event)
        onPointerDown?()
    }
}
