extension View {
    /// A point in the superview's coordinates, in this view's.
    func pointFromSuperview(_ point: Point) -> Point {
        Point(x: point.x - frame.minX + boundsOrigin.x, y: point.y - frame.minY + boundsOrigin.y)
    }

    /// The view's top-left corner in window coordinates, where the scroll
    /// views it is in have moved it.
    public var originInWindow: Point {
        if self is Window { return .zero }
        var x = frame.minX, y = frame.minY
        var current = superview
        while let view = current, !(view is Window) {
            x += view.frame.minX - view.boundsOrigin.x
            y += view.frame.minY - view.boundsOrigin.y
            current = view.superview
        }
        return Point(x: x, y: y)
    }

    /// Where the origin of the view's coordinate space (``bounds``) is, in window coordinates.
    var boundsOriginInWindow: Point {
        let corner = originInWindow
        return Point(x: corner.x - boundsOrigin.x, y: corner.y - boundsOrigin.y)
    }

    /// The view's frame in window coordinates: where it shows, moved by the scroll views it is in.
    public var frameInWindow: Rect { Rect(origin: originInWindow, size: frame.size) }

    /// Converts a point from this view's coordinates to `view`'s (or the
    /// window's, when `view` is `nil`).
    public func convert(_ point: Point, to view: View?) -> Point {
        let mine = boundsOriginInWindow
        let theirs = view?.boundsOriginInWindow ?? .zero
        return Point(x: point.x + mine.x - theirs.x, y: point.y + mine.y - theirs.y)
    }

    /// Converts a point from `view`'s coordinates (or the window's) to this view's.
    public func convert(_ point: Point, from view: View?) -> Point {
        let mine = boundsOriginInWindow
        let theirs = view?.boundsOriginInWindow ?? .zero
        return Point(x: point.x + theirs.x - mine.x, y: point.y + theirs.y - mine.y)
    }

    /// Converts a rectangle from this view's coordinates to `view`'s.
    public func convert(_ rect: Rect, to view: View?) -> Rect {
        Rect(origin: convert(rect.origin, to: view), size: rect.size)
    }

    /// Converts a rectangle from `view`'s coordinates (or the window's) to this view's.
    public func convert(_ rect: Rect, from view: View?) -> Rect {
        Rect(origin: convert(rect.origin, from: view), size: rect.size)
    }
}
