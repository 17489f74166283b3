/// The presses a popup's grab may name, as GTK picks one: the newest key
/// press, button press or finger still down. Mutter places a grabbing popup
/// only when its serial is the seat's latest button or key press or a touch
/// still down, so a finger that lifted stops counting; with none, the popup
/// shows without a grab.
struct PopupGrabSerials {
    private struct Press {
        let serial: UInt32
        let order: UInt64
    }

    private var keyPress: Press?
    private var buttonPress: Press?
    private var touches: [Int: Press] = [:]
    private var count: UInt64 = 0

    /// The serial a grab should name, or `nil` for a popup without a grab.
    var serial: UInt32? {
        ([keyPress, buttonPress].compactMap { $0 } + touches.values).max { $0.order < $1.order }?.serial
    }

    /// A key went down.
    mutating func keyPressed(serial: UInt32) { keyPress = next(serial) }

    /// A pointer button went down.
    mutating func buttonPressed(serial: UInt32) { buttonPress = next(serial) }

    /// A finger went down.
    mutating func touchDown(id: Int, serial: UInt32) { touches[id] = next(serial) }

    /// A finger lifted: its serial names no press any more.
    mutating func touchUp(id: Int) { touches[id] = nil }

    /// The compositor took the fingers away.
    mutating func touchesCancelled() { touches.removeAll() }

    private mutating func next(_ serial: UInt32) -> Press {
        count += 1
        return Press(serial: serial, order: count)
    }
}
