/// Counts clicks: a press close enough in time and place to the one before
/// continues its count (a double click is 2, a triple click 3).
///
/// The hosts share it: X11 and Wayland both stamp presses with a
/// millisecond clock that wraps at 2³².
package struct ClickCounter {
    /// A counter whose next press counts 1.
    package init() {}

    /// The longest time between presses of one multiple click, in milliseconds.
    package var interval: UInt32 = 400
    /// How far, in points along either axis, the pointer may move between presses.
    package var distance: Double = 4

    private var last: (time: UInt32, location: Point, count: Int)?

    /// Registers a press at `location` at time `time` (the X server's or the
    /// compositor's milliseconds, wrapping at 2³²) and returns its click count.
    package mutating func press(at location: Point, time: UInt32) -> Int {
        var count = 1
        if let last, time &- last.time <= interval, abs(location.x - last.location.x) <= distance,
            abs(location.y - last.location.y) <= distance
        {
            count = last.count + 1
        }
        last = (time, location, count)
        return count
    }

    /// Forgets the last press, so the next one counts 1.
    package mutating func reset() { last = nil }
}
