import KeyInputKit
import Testing

@MainActor
@Suite struct ScrollViewTests {
    /// A 200×100 scroll view at (50, 50) over 300×400 of content, with a field at content y 300.
    private func scroller() -> (Window, ScrollView, TextField) {
        let (_, window) = Fixture.window()
        let scroll = ScrollView(frame: Rect(x: 50, y: 50, width: 200, height: 100))
        scroll.contentSize = Size(width: 300, height: 400)
        let field = TextField(frame: Rect(x: 10, y: 300, width: 100, height: 30))
        scroll.addSubview(field)
        window.addSubview(scroll)
        return (window, scroll, field)
    }

    @Test func wheelAndDragScrollAndClamp() {
        let (window, scroll, _) = scroller()
        window.sendPointerEvent(PointerEvent(.scroll(dx: 0, dy: 2), at: Point(x: 100, y: 100)))
        #expect(scroll.contentOffset == Point(x: 0, y: 80))
        window.sendPointerEvent(PointerEvent(.scroll(dx: 0, dy: 100), at: Point(x: 100, y: 100)))
        #expect(scroll.contentOffset == Point(x: 0, y: 300), "the wheel scrolled past the end of the content")
        window.sendPointerEvent(PointerEvent(.scroll(dx: 0, dy: -100), at: Point(x: 100, y: 100)))
        #expect(scroll.contentOffset == .zero, "the wheel scrolled above the start of the content")

        // Dragging up by 30 and left by 20 scrolls down 30 and right 20.
        window.sendPointerEvent(PointerEvent(.down, at: Point(x: 200, y: 120)))
        window.sendPointerEvent(PointerEvent(.dragged, at: Point(x: 180, y: 90)))
        #expect(scroll.contentOffset == Point(x: 20, y: 30))
        window.sendPointerEvent(PointerEvent(.dragged, at: Point(x: 600, y: 900)))
        window.sendPointerEvent(PointerEvent(.up, at: Point(x: 600, y: 900)))
        #expect(scroll.contentOffset == .zero, "a drag scrolled before the start of the content")

        scroll.contentOffset = Point(x: 1000, y: -5)
        #expect(scroll.contentOffset == Point(x: 100, y: 0))
    }

    @Test func clickingAFieldInsideAScrolledViewFocusesIt() {
        let (window, scroll, field) = scroller()
        scroll.contentOffset = Point(x: 0, y: 260)
        // The field is now at window y 50 + 300 - 260 = 90.
        #expect(field.frameInWindow == Rect(x: 60, y: 90, width: 100, height: 30))
        let press = Point(x: 60 + 4 + 8 * 0 + 1, y: 100)
        #expect(PointerEvent(.down, at: press).location(in: field) == Point(x: 5, y: 10))
        #expect(field.convert(Point(x: 5, y: 10), to: nil) == press)
        #expect(scroll.convert(press, from: nil) == Point(x: 15, y: 310), "scroll view coordinates are content coordinates")
        window.sendPointerEvent(PointerEvent(.down, at: press))
        window.sendPointerEvent(PointerEvent(.up, at: press))
        #expect(field.isFirstResponder)
    }

    @Test func aFieldScrolledOutOfTheViewCannotBeClicked() {
        let (window, scroll, field) = scroller()
        // Unscrolled, the field is at window y 350, below the scroll view's bottom edge (150).
        window.sendPointerEvent(PointerEvent(.down, at: Point(x: 70, y: 360)))
        window.sendPointerEvent(PointerEvent(.up, at: Point(x: 70, y: 360)))
        #expect(!field.isFirstResponder)
        #expect(scroll.contentOffset == .zero)
    }

    @Test func scrollRectToVisibleMovesTheLeastDistance() {
        let (_, scroll, field) = scroller()
        scroll.scrollRectToVisible(field.frame, animated: false)
        #expect(scroll.contentOffset == Point(x: 0, y: 230), "the field's bottom edge should meet the view's")
        scroll.scrollRectToVisible(Rect(x: 0, y: 10, width: 10, height: 10), animated: false)
        #expect(scroll.contentOffset == Point(x: 0, y: 10), "the rectangle's top edge should meet the view's")
    }

    @Test func animatedScrollingRunsOnTheWindowsClock() {
        let (window, scroll, _) = scroller()
        window.inputViewAnimation = InputViewAnimation(duration: 1, curve: .linear)
        scroll.setContentOffset(Point(x: 0, y: 200), animated: true)
        #expect(scroll.contentOffset == .zero)
        window.advanceTime(by: 0.25)
        #expect(scroll.contentOffset == Point(x: 0, y: 50))
        window.advanceTime(by: 1)
        #expect(scroll.contentOffset == Point(x: 0, y: 200))
        #expect(!scroll.isAnimatingScroll)
    }

    @Test func contentIsDrawnMovedByTheOffsetAndCutAtTheEdges() {
        let (_, window) = Fixture.window()
        let scroll = ScrollView(frame: Rect(x: 0, y: 32, width: 400, height: 64))
        scroll.contentSize = Size(width: 400, height: 400)
        let top = Label(text: "TOP", frame: Rect(x: 0, y: 0, width: 100, height: 32))
        let deep = Label(text: "DEEP", frame: Rect(x: 0, y: 96, width: 100, height: 32))
        scroll.addSubview(top)
        scroll.addSubview(deep)
        window.addSubview(scroll)

        func rows() -> [String] {
            let canvas = TextCanvas(size: window.frame.size)
            window.render(to: canvas)
            return canvas.rendering.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        }
        // The scroll view covers rows 2…5 (y 32…96); a label 32 high shows its text on its middle row.
        #expect(rows().firstIndex { $0.contains("TOP") } == 3)
        #expect(!rows().contains { $0.contains("DEEP") }, "a label below the scroll view's bottom edge was drawn")
        scroll.contentOffset = Point(x: 0, y: 64)
        #expect(rows().firstIndex { $0.contains("DEEP") } == 5)
        #expect(!rows().contains { $0.contains("TOP") }, "a label scrolled above the scroll view's top edge was drawn")
    }
}
