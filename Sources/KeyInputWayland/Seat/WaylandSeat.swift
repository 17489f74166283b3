import CWayland

/// The seat's input devices as the compositor announces them: a
/// `wl_keyboard` while the seat has a keyboard, a `wl_pointer` while it has
/// a pointer, a `wl_touch` while it has a touch screen.
///
/// Capabilities come and go (a keyboard unplugged; mutter adds its touch
/// device only when touches start); each change calls ``onKeyboard``,
/// ``onPointer`` or ``onTouch`` with the new object, or `nil` when the
/// device went away. Events run inside the connection's dispatch.
@MainActor
package final class WaylandSeat {
    /// The `wl_seat`.
    package let seat: WaylandProxy
    /// The seat's keyboard, while it has one.
    package private(set) var keyboard: WaylandProxy?
    /// The seat's pointer, while it has one.
    package private(set) var pointer: WaylandProxy?
    /// The seat's touch screen, while it has one.
    package private(set) var touch: WaylandProxy?
    /// Called when the keyboard appears (its new object) or goes (`nil`).
    package var onKeyboard: ((WaylandProxy?) -> Void)?
    /// Called when the pointer appears (its new object) or goes (`nil`).
    package var onPointer: ((WaylandProxy?) -> Void)?
    /// Called when the touch screen appears (its new object) or goes (`nil`).
    package var onTouch: ((WaylandProxy?) -> Void)?
    private let listener: ListenerStorage<wl_seat_listener>

    /// Binds the compositor's seat and listens to its capabilities, or
    /// returns `nil` when the compositor has no seat.
    package init?(globals: WaylandGlobals) {
        // A seat from version 5 on is given back with `release`; older ones are only forgotten.
        let bound = try? globals.bind(wl_seat_interface_pointer(), version: 5) { seat in
            if wl_seat_get_version(seat) >= WL_SEAT_RELEASE_SINCE_VERSION {
                wl_seat_release(seat)
            } else {
                wl_seat_destroy(seat)
            }
        }
        guard let seat = bound else { return nil }
        self.seat = seat
        listener = ListenerStorage(
            wl_seat_listener(
                capabilities: { data, _, capabilities in
                    WaylandSeat.with(data) { $0.capabilitiesChanged(capabilities) }
                },
                name: { _, _, _ in }))
        wl_seat_add_listener(seat.pointer, listener.pointer, Unmanaged.passUnretained(self).toOpaque())
    }

    private func capabilitiesChanged(_ capabilities: UInt32) {
        let hasKeyboard = capabilities & WL_SEAT_CAPABILITY_KEYBOARD.rawValue != 0
        if hasKeyboard != (keyboard != nil) {
            keyboard = hasKeyboard ? try? WaylandProxy(
                wl_seat_get_keyboard(seat.pointer), "wl_keyboard", parent: seat, destroy: Self.release(keyboard:))
                : nil
            onKeyboard?(keyboard)
        }
        let hasPointer = capabilities & WL_SEAT_CAPABILITY_POINTER.rawValue != 0
        if hasPointer != (pointer != nil) {
            pointer = hasPointer ? try? WaylandProxy(
                wl_seat_get_pointer(seat.pointer), "wl_pointer", parent: seat, destroy: Self.release(pointer:))
                : nil
            onPointer?(pointer)
        }
        let hasTouch = capabilities & WL_SEAT_CAPABILITY_TOUCH.rawValue != 0
        if hasTouch != (touch != nil) {
            touch = hasTouch ? try? WaylandProxy(
                wl_seat_get_touch(seat.pointer), "wl_touch", parent: seat, destroy: Self.release(touch:))
                : nil
            onTouch?(touch)
        }
    }

    /// Gives a keyboard back: `release` from version 3, else only forgotten.
    private nonisolated static func release(keyboard: OpaquePointer) {
        if wl_keyboard_get_version(keyboard) >= WL_KEYBOARD_RELEASE_SINCE_VERSION {
            wl_keyboard_release(keyboard)
        } else {
            wl_keyboard_destroy(keyboard)
        }
    }

    /// Gives a pointer back: `release` from version 3, else only forgotten.
    private nonisolated static func release(pointer: OpaquePointer) {
        if wl_pointer_get_version(pointer) >= WL_POINTER_RELEASE_SINCE_VERSION {
            wl_pointer_release(pointer)
        } else {
            wl_pointer_destroy(pointer)
        }
    }

    /// Gives a touch screen back: `release` from version 3, else only forgotten.
    private nonisolated static func release(touch: OpaquePointer) {
        if wl_touch_get_version(touch) >= WL_TOUCH_RELEASE_SINCE_VERSION {
            wl_touch_release(touch)
        } else {
            wl_touch_destroy(touch)
        }
    }

    /// Runs `body` with the seat a listener's user data points to, on the
    /// main actor (listeners run inside a dispatch on it).
    private nonisolated static func with(_ data: UnsafeMutableRawPointer?, _ body: @MainActor (WaylandSeat) -> Void) {
        guard let data else { return }
        let seat = Unmanaged<WaylandSeat>.fromOpaque(data).takeUnretainedValue()
        MainActor.assumeIsolated { body(seat) }
    }
}
