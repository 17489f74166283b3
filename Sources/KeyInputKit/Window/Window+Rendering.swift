extension Window {
    /// Draws the window: every visible view, back to front, then the input views on top.
    ///
    /// Runs the layout pass first (``View/layoutIfNeeded()``) when a view
    /// needs layout. A view that ``View/clipsToBounds`` has its subviews cut
    /// at its edges. Clears ``needsDisplay``.
    ///
    /// - Parameter canvas: What to draw into, in window coordinates.
    public func render(to canvas: Canvas) {
        if hasPendingLayout { layoutIfNeeded() }
        canvas.fill(Rect(origin: .zero, size: frame.size), color: .background)
        enum Step { case draw(View, Point), popClip }
        var stack: [Step] = subviews.reversed().map { .draw($0, Point(x: $0.frame.minX, y: $0.frame.minY)) }
        while let step = stack.popLast() {
            guard case .draw(let view, let origin) = step else {
                canvas.popClip()
                continue
            }
            guard !view.isHidden else { continue }
            let rect = Rect(origin: origin, size: view.frame.size)
            view.draw(in: canvas, rect: rect)
            if view.clipsToBounds, !view.subviews.isEmpty {
                canvas.pushClip(rect)
                stack.append(.popClip)
            }
            // Subviews sit at their frames, moved by the view's scroll position.
            let inner = Point(x: origin.x - view.boundsOrigin.x, y: origin.y - view.boundsOrigin.y)
            for subview in view.subviews.reversed() {
                stack.append(.draw(subview, Point(x: inner.x + subview.frame.minX, y: inner.y + subview.frame.minY)))
            }
        }
        needsDisplay = false
    }
}
