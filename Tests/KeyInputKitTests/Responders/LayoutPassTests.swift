import KeyInputKit
import Testing

/// A view that records its layout passes in a shared log and gives its
/// subviews its own width, less a margin on each side.
@MainActor
private final class Column: View {
    let name: String
    let log: LayoutLog

    init(_ name: String, log: LayoutLog, frame: Rect = Rect(x: 0, y: 0, width: 100, height: 100)) {
        self.name = name
        self.log = log
        super.init(frame: frame)
    }

    override func layoutSubviews() {
        log.names.append(name)
        for view in subviews {
            view.frame = Rect(x: 10, y: view.frame.minY, width: frame.width - 20, height: view.frame.height)
        }
    }

    override func pointerDown(_ event: PointerEvent) { log.names.append("press \(name)") }
}

@MainActor
private final class LayoutLog {
    var names: [String] = []
}

@MainActor
@Suite struct LayoutPassTests {
    /// A window holding an outer column that holds an inner one, both laid out once.
    private func tree() -> (Window, Column, Column, LayoutLog) {
        let log = LayoutLog()
        let window = Window(size: Size(width: 400, height: 600))
        let outer = Column("outer", log: log)
        let inner = Column("inner", log: log)
        outer.addSubview(inner)
        window.addSubview(outer)
        window.layoutIfNeeded()
        log.names = []
        return (window, outer, inner, log)
    }

    @Test func aNewSizeLaysOutTheViewThenTheSubviewsItResizedInOnePass() {
        let (window, outer, inner, log) = tree()
        outer.frame = Rect(x: 0, y: 0, width: 300, height: 100)
        #expect(log.names.isEmpty, "layout waits for the pass")
        window.layoutIfNeeded()
        #expect(log.names == ["outer", "inner"])
        #expect(inner.frame.width == 280)
        window.layoutIfNeeded()
        #expect(log.names == ["outer", "inner"], "a second pass has nothing to do")
    }

    @Test func movingAViewWithoutResizingItLaysNothingOut() {
        let (window, outer, _, log) = tree()
        outer.frame = Rect(x: 50, y: 50, width: 100, height: 100)
        window.layoutIfNeeded()
        #expect(log.names.isEmpty)
    }

    @Test func setNeedsLayoutRunsLayoutSubviewsOnceAtTheNextPass() {
        let (window, _, inner, log) = tree()
        inner.setNeedsLayout()
        inner.setNeedsLayout()
        #expect(inner.needsLayout)
        window.layoutIfNeeded()
        #expect(log.names == ["inner"])
        #expect(!inner.needsLayout)
    }

    @Test func drawingTheWindowRunsThePassFirst() {
        let (window, outer, inner, log) = tree()
        outer.frame = Rect(x: 0, y: 0, width: 200, height: 100)
        window.render(to: TextCanvas(size: window.frame.size))
        #expect(log.names == ["outer", "inner"])
        #expect(inner.frame.width == 180)
    }

    @Test func aPressHitsTheViewsWhereTheirLayoutPutsThem() {
        let (window, outer, inner, log) = tree()
        outer.frame = Rect(x: 0, y: 0, width: 300, height: 100)
        // Laid out, the inner view reaches x = 290; before the pass it ended at 90.
        inner.frame = Rect(x: 10, y: 0, width: 80, height: 50)
        log.names = []
        window.sendPointerEvent(PointerEvent(.down, at: Point(x: 250, y: 20)))
        #expect(log.names == ["outer", "inner", "press inner"])
    }
}
