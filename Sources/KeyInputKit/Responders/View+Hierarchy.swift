extension View {
    /// Whether `self` is `view` or one of its descendants.
    public func isDescendant(of view: View) -> Bool {
        var current: View? = self
        while let candidate = current {
            if candidate === view { return true }
            current = candidate.superview
        }
        return false
    }

    /// Whether the view and all its ancestors are visible.
    public var isVisibleInWindow: Bool {
        var current: View? = self
        while let view = current {
            if view.isHidden { return false }
            current = view.superview
        }
        return window != nil
    }

    /// Every view of the subtree rooted here, depth first, without recursion
    /// (trees can be thousands of views deep).
    public var subtree: [View] {
        var result: [View] = []
        var stack: [View] = [self]
        while let view = stack.popLast() {
            result.append(view)
            stack.append(contentsOf: view.subviews.reversed())
        }
        return result
    }
}
