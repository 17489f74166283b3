extension Window {
    /// Marks part of the window, in window coordinates, as needing to be
    /// drawn again; ``damagedRect`` grows to hold it, by two points on each
    /// side, for strokes and antialiasing at a view's edges.
    func markNeedsDisplay(in rect: Rect) {
        let grown = Rect(x: rect.minX - 2, y: rect.minY - 2, width: rect.width + 4, height: rect.height + 4)
        let part = grown.intersection(Rect(origin: .zero, size: frame.size))
        guard !part.isEmpty else { return }
        markedRect = markedRect.map { $0.union(part) } ?? part
    }

    /// Marks part of the window, in window coordinates, widened to whole
    /// points but with no margin: where a keystroke drawn at once changes pixels.
    func markNeedsDisplay(exactly rect: Rect) {
        let minX = rect.minX.rounded(.down), minY = rect.minY.rounded(.down)
        let whole = Rect(x: minX, y: minY, width: rect.maxX.rounded(.up) - minX, height: rect.maxY.rounded(.up) - minY)
        let part = whole.intersection(Rect(origin: .zero, size: frame.size))
        guard !part.isEmpty else { return }
        markedRect = markedRect.map { $0.union(part) } ?? part
    }

    /// Marks a view's frame for drawing, cheaply: the frame is found when
    /// the window is next drawn (``damagedRect``).
    @inline(__always)
    func setNeedsDisplay(for view: View) {
        // The window itself is marked at once: in the list it would keep itself alive until drawn.
        if view === self { return markNeedsDisplay(in: frameInWindow) }
        if viewsMarked.add(view) { resolveMarkedViews() }
    }

    /// Marks a view's frame for drawing without the two points around it
    /// that ``setNeedsDisplay(for:)`` adds for strokes at its edges, as
    /// cheaply: a text field's text changed, not its focus ring.
    @inline(__always)
    func setNeedsDisplay(insideOf view: View) {
        if viewsMarkedInside.add(view) { resolveMarkedViews() }
    }

    /// Adds the frames of the views marked since the last drawing to ``markedRect``.
    func resolveMarkedViews() {
        if !viewsMarked.isEmpty {
            for view in viewsMarked.take() where view.window === self { markNeedsDisplay(in: view.frameInWindow) }
        }
        if !viewsMarkedInside.isEmpty {
            // markNeedsDisplay(in:) grows the part by 2 points: inset by as much, it is the frame.
            let inset = EdgeInsets(top: 2, left: 2, bottom: 2, right: 2)
            for view in viewsMarkedInside.take() where view.window === self {
                markNeedsDisplay(in: view.frameInWindow.inset(by: inset))
            }
        }
    }

    /// Draws the part of the window that needs it (``damagedRect``), or
    /// nothing when nothing does, and clears ``needsDisplay``.
    ///
    /// Only views that overlap the part draw, clipped to it; what the canvas
    /// holds outside it is left as it was, so a host draws into the canvas
    /// it drew last time.
    ///
    /// - Parameter canvas: What to draw into, in window coordinates.
    /// - Returns: The part drawn, in window coordinates, or `nil`.
    @discardableResult
    public func renderDamage(to canvas: Canvas) -> Rect? {
        // Layout first: a view it moves marks more.
        if hasPendingLayout { layoutIfNeeded() }
        guard let part = damagedRect else { return nil }
        render(to: canvas, in: part)
        return part
    }

    /// Draws the window: every visible view, back to front, then the input views on top.
    ///
    /// Runs the layout pass first (``View/layoutIfNeeded()``) when a view
    /// needs layout. A view that ``View/clipsToBounds`` has its subviews cut
    /// at its edges. Clears ``needsDisplay``.
    ///
    /// - Parameter canvas: What to draw into, in window coordinates.
    public func render(to canvas: Canvas) {
        render(to: canvas, in: Rect(origin: .zero, size: frame.size))
    }

    /// Draws the whole window, as ``render(to:)`` does, and leaves what
    /// needs drawing on the screen as it was: for a picture of the window,
    /// which draws nothing on the screen.
    ///
    /// The picture shows the window as a screen does a frame later: the
    /// work left for after presenting is done first, and when drawing
    /// leaves more (spell checking the text it drew), that is done and the
    /// window drawn once again.
    ///
    /// - Parameter canvas: What to draw into, in window coordinates.
    public func renderSnapshot(to canvas: Canvas) {
        performWorkAfterPresenting()
        resolveMarkedViews()
        var marked = markedRect
        render(to: canvas)
        markedRect = marked
        guard hasWorkAfterPresenting else { return }
        performWorkAfterPresenting()
        resolveMarkedViews()
        marked = markedRect
        render(to: canvas)
        markedRect = marked
    }

    /// Draws part of the window, in window coordinates: its background, and
    /// every visible view that overlaps it, clipped to it. Clears
    /// ``needsDisplay``.
    private func render(to canvas: Canvas, in part: Rect) {
        if hasPendingLayout { layoutIfNeeded() }
        let whole = part.contains(Rect(origin: .zero, size: frame.size))
        var steps = renderSteps
        renderSteps = []  // one owner of the storage: emptying it copies nothing
        let cover = collectRenderSteps(into: &steps, for: part, whole: whole)
        if !whole { canvas.pushClip(part) }
        // Behind an opaque view that covers the part nothing shows: drawing starts with it.
        if cover == nil { canvas.fill(part, color: .background) }
        var depth = 0
        for step in steps[(cover ?? 0)...] {
            switch step {
            case .draw(let view, let rect): view.draw(in: canvas, rect: rect)
            case .pushClip(let rect):
                canvas.pushClip(rect)
                depth += 1
            case .popClip:
                // A clip opened before the cover was not pushed: it holds the cover, which holds the part.
                guard depth > 0 else { continue }
                canvas.popClip()
                depth -= 1
            }
        }
        steps.removeAll(keepingCapacity: true)
        renderSteps = steps
        if !whole { canvas.popClip() }
        needsDisplay = false
    }

    /// Walks the views back to front and notes what drawing `part` takes:
    /// each visible view that overlaps it, and the clips of views that cut
    /// their subviews. Returns the index of the last view noted that is
    /// opaque (``View/isOpaque``) and shows all of the part — its frame
    /// holds the part, inside every clipping view above it — or `nil`.
    private func collectRenderSteps(into steps: inout [RenderStep], for part: Rect, whole: Bool) -> Int? {
        var cover: Int?
        let bounds = Rect(origin: .zero, size: frame.size)
        var stack = renderVisits
        renderVisits = []
        defer {
            stack.removeAll(keepingCapacity: true)
            renderVisits = stack
        }
        for view in subviews.reversed() {
            stack.append(.view(view, origin: Point(x: view.frame.minX, y: view.frame.minY), visible: bounds))
        }
        while let visit = stack.popLast() {
            guard case .view(let view, let origin, let visible) = visit else {
                steps.append(.popClip)
                continue
            }
            guard !view.isHidden else { continue }
            let rect = Rect(origin: origin, size: view.frame.size)
            // Outside the part: skip the view, and its subviews when it clips them.
            let overlaps = whole || !rect.intersection(part).isEmpty
            if !overlaps, view.clipsToBounds { continue }
            if overlaps {
                if !whole, view.isOpaque, rect.intersection(visible).contains(part) { cover = steps.count }
                steps.append(.draw(view, rect))
            }
            var inside = visible
            if view.clipsToBounds, !view.subviews.isEmpty {
                steps.append(.pushClip(rect))
                stack.append(.popClip)
                inside = visible.intersection(rect)
            }
            // Subviews sit at their frames, moved by the view's scroll position.
            let inner = Point(x: origin.x - view.boundsOrigin.x, y: origin.y - view.boundsOrigin.y)
            for subview in view.subviews.reversed() {
                let at = Point(x: inner.x + subview.frame.minX, y: inner.y + subview.frame.minY)
                stack.append(.view(subview, origin: at, visible: inside))
            }
        }
        return cover
    }
}

/// A view still to visit when the steps of drawing are collected, or the end of a clip.
enum RenderVisit {
    case view(View, origin: Point, visible: Rect)
    case popClip
}

/// One step of drawing part of a window: a view at its place, or the start or end of a clip.
enum RenderStep {
    case draw(View, Rect)
    case pushClip(Rect)
    case popClip
}
