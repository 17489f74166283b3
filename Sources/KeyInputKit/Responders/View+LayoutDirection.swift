extension View {
    /// The direction the view lays its contents out in, as UIKit's
    /// `effectiveUserInterfaceLayoutDirection`: the direction its own
    /// ``semanticContentAttribute`` forces, else that of the nearest superview
    /// that forces one, else its window's (``Window/layoutDirection``, else
    /// the window's locale's language, else the environment's). A view
    /// outside a window follows the environment.
    ///
    /// Right to left, a ``ColumnPicker`` puts its first column on the right
    /// and an ``InputAccessoryBar`` puts Previous on the right.
    public var effectiveUserInterfaceLayoutDirection: UserInterfaceLayoutDirection {
        var view: View? = self
        while let current = view {
            if let forced = current.semanticContentAttribute.forcedDirection { return forced }
            if let window = current as? Window { return window.resolvedLayoutDirection }
            view = current.superview
        }
        return .environment
    }

    /// Lays out and draws the view and everything inside it again, in a new direction.
    func layoutDirectionDidChange() { relayoutSubtree() }

    /// Lays out and draws the view and everything inside it again (a new direction or language).
    func relayoutSubtree() {
        for view in subtree {
            view.setNeedsLayout()
            view.setNeedsDisplay()
        }
    }
}
