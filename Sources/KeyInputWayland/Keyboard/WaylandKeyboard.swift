import CWayland
import KeyInputKit
import XKB

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// A seat's `wl_keyboard`: its events, as ``Event`` values, go to one handler.
///
/// The listener is attached as the object is adopted, before the next
/// dispatch, so the keymap and repeat settings the compositor sends at once
/// are not lost. Keys arrive as XKB keycodes (evdev codes + 8).
@MainActor
package final class WaylandKeyboard {
    /// What the compositor said about the keyboard.
    package enum Event {
        /// A keymap (`keymap`); the descriptor is closed once the handler returns.
        case keymap(WaylandKeymapFile)
        /// The window gained keyboard focus with these keys already held (`enter`).
        case enter(serial: UInt32, heldKeys: [Keycode])
        /// The window lost keyboard focus (`leave`): every key counts as released.
        case leave(serial: UInt32)
        /// A key went down or up (`key`), at the compositor's `time` in milliseconds.
        case key(serial: UInt32, Keycode, KeyDirection, time: UInt32)
        /// The modifiers and the layout; the layout arrives as the locked one (`modifiers`).
        case modifiers(serial: UInt32, KeyboardState.Masks)
        /// Repeats per second (0: no repeat) after a delay in milliseconds (`repeat_info`).
        case repeatInfo(rate: Int32, delay: Int32)
    }

    /// The `wl_keyboard`.
    package let proxy: WaylandProxy
    /// Whether the window has this keyboard's focus: between `enter` and `leave`.
    package private(set) var hasFocus = false
    /// The surface the last `leave` was for (`nil` when that surface was already destroyed).
    package private(set) var lastLeftSurface: OpaquePointer?
    private let handler: (Event) -> Void
    private let listener: ListenerStorage<wl_keyboard_listener>

    /// Listens to `proxy`, a `wl_keyboard`, sending its events to `handler`.
    ///
    /// - Parameters:
    ///   - proxy: The keyboard, just created by the seat.
    ///   - handler: Called inside the connection's dispatch with each event.
    package init(proxy: WaylandProxy, handler: @escaping (Event) -> Void) {
        self.proxy = proxy
        self.handler = handler
        listener = ListenerStorage(
            wl_keyboard_listener(
                keymap: { data, _, format, descriptor, size in
                    defer { close(descriptor) }
                    let file = WaylandKeymapFile(format: format, descriptor: descriptor, size: size)
                    WaylandKeyboard.with(data) { $0.handler(.keymap(file)) }
                },
                enter: { data, _, serial, _, keys in
                    let held = WaylandKeyboard.keycodes(in: keys)
                    WaylandKeyboard.with(data) { $0.focusChanged(true, .enter(serial: serial, heldKeys: held)) }
                },
                leave: { data, _, serial, surface in
                    WaylandKeyboard.with(data) { keyboard in
                        keyboard.lastLeftSurface = surface
                        keyboard.focusChanged(false, .leave(serial: serial))
                    }
                },
                key: { data, _, serial, time, key, state in
                    // Only pressed (1) and released (0) exist at the version bound.
                    guard state <= WL_KEYBOARD_KEY_STATE_PRESSED.rawValue else { return }
                    let direction: KeyDirection = state == WL_KEYBOARD_KEY_STATE_PRESSED.rawValue ? .down : .up
                    WaylandKeyboard.with(data) {
                        $0.handler(.key(serial: serial, Keycode(rawValue: key &+ 8), direction, time: time))
                    }
                },
                modifiers: { data, _, serial, depressed, latched, locked, group in
                    let masks = KeyboardState.Masks(
                        depressedModifiers: ModifierMask(rawValue: depressed),
                        latchedModifiers: ModifierMask(rawValue: latched),
                        lockedModifiers: ModifierMask(rawValue: locked), depressedLayout: 0, latchedLayout: 0,
                        lockedLayout: Int(group))
                    WaylandKeyboard.with(data) { $0.handler(.modifiers(serial: serial, masks)) }
                },
                repeat_info: { data, _, rate, delay in
                    WaylandKeyboard.with(data) { $0.handler(.repeatInfo(rate: rate, delay: delay)) }
                }))
        wl_keyboard_add_listener(proxy.pointer, listener.pointer, Unmanaged.passUnretained(self).toOpaque())
    }

    private func focusChanged(_ focused: Bool, _ event: Event) {
        hasFocus = focused
        handler(event)
    }

    /// The XKB keycodes in an `enter` event's array of evdev codes.
    private nonisolated static func keycodes(in array: UnsafeMutablePointer<wl_array>?) -> [Keycode] {
        guard let array, let data = array.pointee.data else { return [] }
        let count = array.pointee.size / MemoryLayout<UInt32>.stride
        return UnsafeRawBufferPointer(start: data, count: count * MemoryLayout<UInt32>.stride)
            .withMemoryRebound(to: UInt32.self) { codes in codes.map { Keycode(rawValue: $0 &+ 8) } }
    }

    /// Runs `body` with the keyboard a listener's user data points to, on
    /// the main actor (listeners run inside a dispatch on it).
    private nonisolated static func with(
        _ data: UnsafeMutableRawPointer?, _ body: @MainActor (WaylandKeyboard) -> Void
    ) {
        guard let data else { return }
        let keyboard = Unmanaged<WaylandKeyboard>.fromOpaque(data).takeUnretainedValue()
        MainActor.assumeIsolated { body(keyboard) }
    }
}
