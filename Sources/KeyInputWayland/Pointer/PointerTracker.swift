import KeyInputKit

/// Turns the compositor's pointer events into the `PointerEvent`s a window
/// gets, the same ones the X11 host sends for the same actions.
///
/// The left button goes down, drags and comes up as button 1 with its click
/// count (a double click selects a word); the middle button as button 2 (a
/// text control pastes the primary selection), unless the left one is held;
/// the right button as button 3 (the window opens the edit menu), unless the
/// left one is held; the wheel scrolls by steps.
struct PointerTracker {
    /// Linux input codes of the buttons (`linux/input-event-codes.h`).
    static let leftButton: UInt32 = 0x110
    static let rightButton: UInt32 = 0x111
    static let middleButton: UInt32 = 0x112

    /// Where the pointer is, in surface coordinates (the window's).
    private(set) var location = Point.zero
    /// Whether the pointer is over the window.
    private(set) var isInside = false
    private var clicks = ClickCounter()
    private var clickCount = 1
    private var leftButtonDown = false
    private var middleButtonDown = false
    private var rightButtonDown = false

    /// Takes in one event and returns what the window gets for it.
    mutating func handle(_ event: WaylandPointer.Event) -> [PointerEvent] {
        switch event {
        case .entered(let point):
            location = point
            isInside = true
            return []
        case .left:
            isInside = false
            // A drag whose release goes elsewhere ends here, so the field does not stay in a drag.
            guard leftButtonDown else { return [] }
            leftButtonDown = false
            return [PointerEvent(.up, at: location, button: 1, clickCount: clickCount)]
        case .moved(let point, _):
            location = point
            return leftButtonDown ? [PointerEvent(.dragged, at: location, button: 1, clickCount: clickCount)] : []
        case .button(Self.leftButton, pressed: true, _, let time):
            clickCount = clicks.press(at: location, time: time)
            leftButtonDown = true
            return [PointerEvent(.down, at: location, button: 1, clickCount: clickCount)]
        case .button(Self.leftButton, pressed: false, _, _):
            guard leftButtonDown else { return [] }
            leftButtonDown = false
            return [PointerEvent(.up, at: location, button: 1, clickCount: clickCount)]
        case .button(Self.middleButton, pressed: true, _, _):
            guard !leftButtonDown else { return [] }
            middleButtonDown = true
            return [PointerEvent(.down, at: location, button: 2)]
        case .button(Self.middleButton, pressed: false, _, _):
            guard middleButtonDown else { return [] }
            middleButtonDown = false
            return [PointerEvent(.up, at: location, button: 2)]
        case .button(Self.rightButton, pressed: true, _, _):
            guard !leftButtonDown else { return [] }
            rightButtonDown = true
            return [PointerEvent(.down, at: location, button: 3)]
        case .button(Self.rightButton, pressed: false, _, _):
            guard rightButtonDown else { return [] }
            rightButtonDown = false
            return [PointerEvent(.up, at: location, button: 3)]
        case .button:
            return []
        case .scroll(let dx, let dy):
            return [PointerEvent(.scroll(dx: dx, dy: dy), at: location, button: Self.wheelButton(dx: dx, dy: dy))]
        }
    }

    /// The X11 button number of a wheel turn (4 up, 5 down, 6 left, 7 right).
    private static func wheelButton(dx: Double, dy: Double) -> Int {
        if dy != 0 { return dy < 0 ? 4 : 5 }
        return dx < 0 ? 6 : 7
    }
}
