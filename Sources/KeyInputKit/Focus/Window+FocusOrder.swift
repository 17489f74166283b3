extension Window {
    /// Notes that a view was added, removed, moved, hidden, shown, enabled or
    /// disabled, or that the focus order changed: the accessory bar works
    /// out Previous and Next again.
    func focusOrderMayHaveChanged() { focusOrderVersion &+= 1 }

    /// The views Tab visits, in order: ``focusOrder`` or reading order,
    /// without hidden, disabled or non-focusable views.
    public var focusableViews: [View] {
        let candidates: [View]
        if let focusOrder {
            candidates = focusOrder.filter { view in
                view !== self && view.window === self && view.isVisibleInWindow && !view.isDescendant(of: inputViewContainer)
            }
        } else {
            candidates = visibleViewsInReadingOrder()
        }
        return candidates.filter { view in view.canBecomeFirstResponder && ((view as? Control)?.isEnabled ?? true) }
    }

    /// Every visible view outside the input views, top to bottom, then left to
    /// right: one walk down the tree, carrying each view's origin, so a tree
    /// 10,000 deep costs what 10,000 views side by side cost.
    private func visibleViewsInReadingOrder() -> [View] {
        var found: [(view: View, origin: Point)] = []
        var stack: [(view: View, origin: Point)] = subviews.reversed().map { ($0, $0.frame.origin) }
        while let (view, origin) = stack.popLast() {
            guard !view.isHidden, view !== inputViewContainer else { continue }
            found.append((view, origin))
            for subview in view.subviews.reversed() {
                stack.append((subview, Point(x: origin.x + subview.frame.minX, y: origin.y + subview.frame.minY)))
            }
        }
        return found.sorted { a, b in (a.origin.y, a.origin.x) < (b.origin.y, b.origin.x) }.map(\.view)
    }

    /// The view after `view` in focus order (wrapping when ``focusWraps``).
    ///
    /// - Parameter view: Where to start; `nil` gives the first view.
    /// - Returns: The next focusable view, or `nil` past the end without wrapping.
    public func focusableView(after view: View?) -> View? { neighbour(of: view, step: 1) }

    /// The view before `view` in focus order (wrapping when ``focusWraps``).
    ///
    /// - Parameter view: Where to start; `nil` gives the last view.
    /// - Returns: The previous focusable view, or `nil` before the start without wrapping.
    public func focusableView(before view: View?) -> View? { neighbour(of: view, step: -1) }

    /// The view `step` places from `view` in focus order.
    private func neighbour(of view: View?, step: Int) -> View? {
        let order = focusableViews
        guard !order.isEmpty else { return nil }
        guard let view, let index = order.firstIndex(where: { $0 === view }) else {
            return step > 0 ? order.first : order.last
        }
        let next = index + step
        if order.indices.contains(next) { return order[next] }
        return focusWraps ? order[(next + order.count) % order.count] : nil
    }

    /// Moves focus to the next view; at the end without wrapping, resigns.
    ///
    /// - Returns: Whether a view became first responder.
    @discardableResult
    public func focusNext() -> Bool {
        guard let next = focusableView(after: firstResponder as? View) else { return endEditing(force: false) && false }
        return next.becomeFirstResponder()
    }

    /// Moves focus to the previous view; at the start without wrapping, resigns.
    ///
    /// - Returns: Whether a view became first responder.
    @discardableResult
    public func focusPrevious() -> Bool {
        guard let previous = focusableView(before: firstResponder as? View) else {
            return endEditing(force: false) && false
        }
        return previous.becomeFirstResponder()
    }
}
