import KeyInputKit

/// The touch events of one `wl_touch` frame, kept to the fingers that went
/// down on the window's content.
///
/// A finger that comes down on another surface (a title bar or border
/// libdecor draws) is libdecor's: its motion and lift are left out too. A
/// lift, which the compositor sends without a position, is reported where
/// the finger last was.
struct TouchFrame {
    /// The fingers down on the content, by the compositor's id, where each last was.
    private(set) var fingers: [Int32: Point] = [:]
    private var events: [WaylandTouch.Event] = []

    /// A finger came down at `location` on the content (`onContent`) or on another surface.
    mutating func down(id: Int32, at location: Point, serial: UInt32, onContent: Bool) {
        guard onContent else { return }
        fingers[id] = location
        events.append(.down(id: Int(id), location, serial: serial))
    }

    /// A finger moved to `location`.
    mutating func motion(id: Int32, to location: Point) {
        guard fingers[id] != nil else { return }
        fingers[id] = location
        events.append(.moved(id: Int(id), location))
    }

    /// A finger lifted.
    mutating func up(id: Int32, serial: UInt32) {
        guard let location = fingers.removeValue(forKey: id) else { return }
        events.append(.up(id: Int(id), location, serial: serial))
    }

    /// The compositor took every finger: what was gathered, then their
    /// cancellation if any was on the content; nothing more is heard of them.
    mutating func cancel() -> [WaylandTouch.Event] {
        let hadFingers = !fingers.isEmpty
        fingers = [:]
        return take() + (hadFingers ? [.cancelled] : [])
    }

    /// The events gathered since the last frame, in the order they came; starts over.
    mutating func take() -> [WaylandTouch.Event] {
        defer { events = [] }
        return events
    }
}
