/// Views that marked themselves for drawing since the window was last drawn,
/// each once in a row: their frames are looked up when the window is drawn,
/// once per frame rather than once per key.
struct MarkedViews {
    private(set) var views: [View] = []
    /// The last view added (kept alive by ``views``), compared by identity:
    /// `===` on the array's last retains the view, slowly when it is weakly held.
    private var last: ObjectIdentifier?

    var isEmpty: Bool { views.isEmpty }

    /// Adds `view` unless it was the last one added; returns whether the list grew long enough to resolve.
    @inline(__always)
    mutating func add(_ view: View) -> Bool {
        let id = ObjectIdentifier(view)
        if last == id { return false }
        last = id
        views.append(view)
        return views.count > 64
    }

    /// The views added, leaving the list empty.
    mutating func take() -> [View] {
        let taken = views
        removeAll()
        return taken
    }

    mutating func removeAll() {
        views.removeAll(keepingCapacity: true)
        last = nil
    }
}
