import KeyInputCairo
import KeyInputKit
import TestSupport
import Testing

@testable import KeyInputWayland

@MainActor
@Suite("The Wayland host's pointer, on sway in Xvfb")
struct WaylandPointerTests {

    /// A window with one field holding `text`, at (20, 20), 360 × 32.
    static func form(_ text: String) -> (Window, TextField) {
        let window = Window(size: Size(width: 640, height: 480))
        let field = TextField(frame: Rect(x: 20, y: 20, width: 360, height: 32))
        field.text = text
        window.addSubview(field)
        return (window, field)
    }

    @Test(
        "A click in a field makes it first responder with the caret where a click there puts it",
        .enabled(if: nestedSwayAvailable, nestedSwayReason))
    func clickPlacesTheCaret() throws {
        let (window, field) = Self.form("hello world")
        let nested = try NestedSwayHost(window: window, title: "click")
        #expect(!field.isFirstResponder)
        let point = Point(x: 70, y: 36)
        try nested.move(to: point)
        try nested.xdotool("click", "1")
        try pump(nested.host) { field.isFirstResponder }

        // The same click sent straight to a window of the same layout.
        let (reference, referenceField) = Self.form("hello world")
        reference.textLayoutEngine = nested.host.textLayoutEngine
        reference.sendPointerEvent(PointerEvent(.down, at: point))
        reference.sendPointerEvent(PointerEvent(.up, at: point))
        #expect(referenceField.caret > 0 && referenceField.caret < 11)
        #expect(field.caret == referenceField.caret)
        #expect(field.selectedText == nil || field.selectedText == "")
    }

    @Test(
        "The pointer shows the I-beam over a field and the arrow elsewhere, from the cursor theme",
        .enabled(if: nestedSwayAvailable, nestedSwayReason))
    func theCursorFollowsWhatIsUnderIt() throws {
        let (window, _) = Self.form("hello world")
        let nested = try NestedSwayHost(window: window, title: "cursor")
        try nested.move(to: Point(x: 70, y: 36))
        #expect(nested.host.pointer?.shownCursor == .iBeam)
        try nested.move(to: Point(x: 300, y: 300))
        #expect(nested.host.pointer?.shownCursor == .arrow)
    }

    @Test("A double click selects the word under the pointer", .enabled(if: nestedSwayAvailable, nestedSwayReason))
    func doubleClickSelectsAWord() throws {
        let (window, field) = Self.form("hello world")
        var downs: [Int] = []
        let nested = try NestedSwayHost(window: window, title: "double")
        nested.host.afterEvent = { event in
            if case .pointer(let pointer) = event, pointer.kind == .down { downs.append(pointer.clickCount) }
        }
        let world = referenceLocation(ofOffset: 8, in: "hello world", engine: nested.host.textLayoutEngine)
        try nested.move(to: world)
        try nested.xdotool("click", "--repeat", "2", "--delay", "80", "1")
        try pump(nested.host) { downs.count >= 2 }
        #expect(downs == [1, 2])
        #expect(field.selectedText == "world")
    }

    @Test(
        "Dragging across a field selects what the pointer passed over",
        .enabled(if: nestedSwayAvailable, nestedSwayReason))
    func dragSelects() throws {
        let (window, field) = Self.form("hello world")
        let nested = try NestedSwayHost(window: window, title: "drag")
        var kinds: [PointerEvent.Kind] = []
        nested.host.afterEvent = { event in
            if case .pointer(let pointer) = event { kinds.append(pointer.kind) }
        }
        let start = referenceLocation(ofOffset: 0, in: "hello world", engine: nested.host.textLayoutEngine)
        let end = referenceLocation(ofOffset: 5, in: "hello world", engine: nested.host.textLayoutEngine)
        try nested.move(to: start)
        try nested.xdotool("mousedown", "1")
        try pump(nested.host) { kinds.contains(.down) }
        try nested.move(to: Point(x: (start.x + end.x) / 2, y: start.y))
        try nested.move(to: end)
        try nested.xdotool("mouseup", "1")
        try pump(nested.host) { kinds.contains(.up) }
        #expect(kinds.first == .down && kinds.last == .up && kinds.contains(.dragged))
        #expect(field.isFirstResponder)
        #expect(field.selectedText == "hello")
    }

    @Test("The wheel scrolls a text view down and back up", .enabled(if: nestedSwayAvailable, nestedSwayReason))
    func wheelScrolls() throws {
        let window = Window(size: Size(width: 640, height: 480))
        let textView = TextView(
            frame: Rect(x: 20, y: 20, width: 400, height: 120),
            text: (1...60).map { "line \($0)" }.joined(separator: "\n"))
        textView.selectedRange = 0..<0
        window.addSubview(textView)
        #expect(textView.contentOffset.y == 0)
        var scrolls: [PointerEvent] = []
        let nested = try NestedSwayHost(window: window, title: "wheel")
        nested.host.afterEvent = { event in
            if case .pointer(let pointer) = event, case .scroll = pointer.kind { scrolls.append(pointer) }
        }
        try nested.move(to: Point(x: 100, y: 80))
        try nested.xdotool("click", "--repeat", "2", "5")
        try pump(nested.host) { scrolls.count >= 2 }
        let down = textView.contentOffset.y
        #expect(down > 0)
        #expect(scrolls.map(\.kind) == [.scroll(dx: 0, dy: 1), .scroll(dx: 0, dy: 1)])
        try nested.xdotool("click", "4")
        try pump(nested.host) { scrolls.count >= 3 }
        #expect(textView.contentOffset.y < down)
        #expect(scrolls.last?.kind == .scroll(dx: 0, dy: -1))
    }

    /// Where in the window a point inside the glyph at `offset` of a field of
    /// ``form(_:)`` is, measured on a field of the same text and engine.
    private func referenceLocation(ofOffset offset: Int, in text: String, engine: PangoTextLayoutEngine) -> Point {
        let (window, field) = Self.form(text)
        window.textLayoutEngine = engine
        for x in stride(from: 21.0, to: 380, by: 1) {
            let point = Point(x: x, y: 36)
            window.sendPointerEvent(PointerEvent(.down, at: point))
            window.sendPointerEvent(PointerEvent(.up, at: point))
            if field.caret > offset { return Point(x: x - 2, y: 36) }
        }
        return Point(x: 21, y: 36)
    }
}

@Suite("Pointer events as the window gets them")
struct PointerTrackerTests {
    @Test("Left presses count clicks; a move with the left button held drags; the right button is button 3")
    func buttons() {
        var tracker = PointerTracker()
        let left = PointerTracker.leftButton
        #expect(tracker.handle(.entered(Point(x: 10.5, y: 20))).isEmpty)
        #expect(
            tracker.handle(.button(left, pressed: true, serial: 1, time: 1000))
                == [PointerEvent(.down, at: Point(x: 10.5, y: 20), button: 1, clickCount: 1)])
        #expect(
            tracker.handle(.moved(Point(x: 12, y: 20), time: 1010))
                == [PointerEvent(.dragged, at: Point(x: 12, y: 20), button: 1, clickCount: 1)])
        #expect(tracker.handle(.button(left, pressed: false, serial: 2, time: 1020)).map(\.kind) == [.up])
        #expect(tracker.handle(.button(left, pressed: true, serial: 3, time: 1200)).map(\.clickCount) == [2])
        #expect(tracker.handle(.button(left, pressed: false, serial: 4, time: 1210)).map(\.clickCount) == [2])
        #expect(tracker.handle(.moved(Point(x: 40, y: 20), time: 1300)).isEmpty)
        #expect(
            tracker.handle(.button(PointerTracker.rightButton, pressed: true, serial: 5, time: 1400))
                == [PointerEvent(.down, at: Point(x: 40, y: 20), button: 3)])
        #expect(
            tracker.handle(.button(PointerTracker.rightButton, pressed: false, serial: 5, time: 1410))
                == [PointerEvent(.up, at: Point(x: 40, y: 20), button: 3)])
        #expect(
            tracker.handle(.button(PointerTracker.middleButton, pressed: true, serial: 6, time: 1500))
                == [PointerEvent(.down, at: Point(x: 40, y: 20), button: 2)])
        #expect(
            tracker.handle(.button(PointerTracker.middleButton, pressed: false, serial: 7, time: 1510))
                == [PointerEvent(.up, at: Point(x: 40, y: 20), button: 2)])
    }

    @Test("Leaving the window while dragging ends the drag")
    func leaveEndsADrag() {
        var tracker = PointerTracker()
        _ = tracker.handle(.entered(Point(x: 5, y: 5)))
        _ = tracker.handle(.button(PointerTracker.leftButton, pressed: true, serial: 1, time: 0))
        #expect(tracker.handle(.left).map(\.kind) == [.up])
        #expect(tracker.handle(.button(PointerTracker.leftButton, pressed: false, serial: 2, time: 5)).isEmpty)
    }
}

@MainActor
@Suite("The pointer's image")
struct WaylandCursorTests {
    @Test(
        "The cursor theme's arrow loads onto a surface of its own, its tip inside the image",
        .enabled(if: swayAvailable, "needs sway and grim (scripts/install-deps.sh test)"))
    func arrowLoads() throws {
        let sway = try HeadlessSway()
        let window = try WaylandWindow(
            title: "cursor", size: Size(width: 200, height: 100), displayName: sway.socketPath)
        let cursor = try WaylandCursor(compositor: window.globals.compositor, shm: window.globals.shm)
        #expect(cursor.hotspot.x >= 0 && cursor.hotspot.x < 64)
        #expect(cursor.hotspot.y >= 0 && cursor.hotspot.y < 64)
        try window.roundtrip()
    }
}

@Suite("Wheel steps from a pointer frame")
struct WheelStepsTests {
    @Test("Without step counts, 10 units of motion are a step; a frame without motion is no scroll")
    func continuous() throws {
        var wheel = WheelSteps()
        #expect(wheel.take() == nil)
        wheel.add(.vertical, value: 15)
        let taken = wheel.take()
        let steps = try #require(taken)
        #expect(steps.dx == 0 && steps.dy == 1.5)
        #expect(wheel.take() == nil)
    }

    @Test("Counted steps win over motion, 120ths over whole steps, per axis")
    func counted() throws {
        var wheel = WheelSteps()
        wheel.add(.vertical, value: 15)
        wheel.add(.vertical, discrete: 1)
        wheel.add(.horizontal, value: -15)
        wheel.add(.horizontal, discrete: -1)
        wheel.add(.horizontal, value120: -60)
        let taken = wheel.take()
        let steps = try #require(taken)
        #expect(steps.dy == 1)
        #expect(steps.dx == -0.5)
    }
}
