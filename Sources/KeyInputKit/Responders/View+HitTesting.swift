extension View {
    /// What a press at a point does with a view, on the way down a hit test.
    public enum HitTestDecision: Hashable, Sendable {
        /// The press misses the view and everything inside it.
        case miss
        /// The press lands on the view itself; its subviews are not searched.
        case view
        /// The press lands in the view: its subviews are searched first, front-most
        /// first, and the view takes the press when none of them does.
        case searchSubviews
    }

    /// The deepest visible, interactive view under `point` (in this view's
    /// coordinates), front-most first, or `nil`.
    ///
    /// It walks down the tree without recursion, asking each view's
    /// ``hitTestDecision(at:)``, so a tree 10,000 deep is searched like a flat one.
    public func hitTest(_ point: Point) -> View? {
        // Depth-first, front-most subviews first; a view is the answer when
        // none of its subviews was, so it waits below them on the stack.
        enum Step { case visit(View, Point), land(View) }
        var stack: [Step] = [.visit(self, point)]
        while let step = stack.popLast() {
            switch step {
            case .land(let view):
                return view
            case .visit(let view, let local):
                switch view.hitTestDecision(at: local) {
                case .miss: continue
                case .view: return view
                case .searchSubviews:
                    stack.append(.land(view))
                    for subview in view.subviews {
                        stack.append(.visit(subview, subview.pointFromSuperview(local)))
                    }
                }
            }
        }
        return nil
    }

    /// The cursor the pointer shows at `point` (in this view's coordinates):
    /// the ``cursor`` of the view under it or of the nearest view above that
    /// one that sets one, else the arrow.
    public func cursor(at point: Point) -> Cursor {
        var view = hitTest(point)
        while let current = view {
            if let cursor = current.cursor { return cursor }
            view = current.superview
        }
        return .arrow
    }
}
