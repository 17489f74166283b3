extension Window {
    /// Draws the window: every visible view, back to front, then the input views on top.
    ///
    /// Runs the layout pass first (``View/layoutIfNeeded()``) when a view
    /// needs layout. Clears ``needsDisplay``.
    ///
    /// - Parameter canvas: What to draw into, in window coordinates.
    public func render(to canvas: Canvas) {
        if hasPendingLayout { layoutIfNeeded() }
        canvas.fill(Rect(origin: .zero, size: frame.size), color: .background)
        var stack: [(View, Point)] = subviews.reversed().map { ($0, Point(x: $0.frame.minX, y: $0.frame.minY)) }
        while let (view, origin) = stack.popLast() {
            guard !view.isHidden else { continue }
            view.draw(in: canvas, rect: Rect(origin: origin, size: view.frame.size))
            for subview in view.subviews.reversed() {
                stack.append((subview, Point(x: origin.x + subview.frame.minX, y: origin.y + subview.frame.minY)))
            }
        }
        needsDisplay = false
    }
}
