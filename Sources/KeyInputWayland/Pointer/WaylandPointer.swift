import CWayland
import KeyInputKit
import Logging

/// The seat's `wl_pointer`, its events read into ``Event`` values, and the
/// arrow shown while the pointer is over the window.
///
/// Wheel events (`axis`, `axis_discrete`, `axis_value120`) are gathered
/// until the `frame` that ends them and reported as one ``Event/scroll(dx:dy:)``
/// in wheel steps.
///
/// Only events over the window's own surface are reported: over the title
/// bar and borders libdecor draws (their own surfaces), the pointer is
/// libdecor's, and the window hears that it left.
@MainActor
package final class WaylandPointer {
    /// What the compositor said, in surface coordinates.
    package enum Event: Equatable {
        /// The pointer entered the window at a point.
        case entered(Point)
        /// The pointer left the window.
        case left
        /// The pointer moved to a point; `time` in milliseconds.
        case moved(Point, time: UInt32)
        /// A button (a Linux input code, `BTN_LEFT` is 0x110) went down or up.
        case button(UInt32, pressed: Bool, serial: UInt32, time: UInt32)
        /// The wheel turned by whole or fractional steps: positive `dy` scrolls down.
        case scroll(dx: Double, dy: Double)
    }

    static let logger = Logger(label: "KeyInputWayland.Pointer")

    /// The `wl_pointer`.
    package let proxy: WaylandProxy
    /// Called with each event, inside the connection's dispatch.
    package var onEvent: ((Event) -> Void)?
    /// The cursor a point of the window asks for (`View.cursor(at:)`); the arrow when unset.
    package var cursorAt: ((Point) -> Cursor)?
    /// The serial of the last `enter`, which `set_cursor` must name.
    private var enterSerial: UInt32 = 0
    /// Buttons held down: while one is, the press's view keeps the pointer and its cursor.
    private var buttonsDown = 0
    private var lastLocation = Point.zero
    private let cursor: WaylandCursor?
    private let listener: ListenerStorage<wl_pointer_listener>
    /// Wheel motion gathered since the last frame.
    private var wheel = WheelSteps()
    /// The surface whose events are reported: the window's content.
    private let content: OpaquePointer
    /// Whether the pointer is over ``content`` or a popup (not a decoration, not outside).
    private var isOverContent = false
    /// Whether a surface is one of the window's popups, whose events are reported too.
    package var isPopupSurface: ((OpaquePointer) -> Bool)?
    /// The surface the reported events are for: the content or a popup's; `nil` over neither.
    package private(set) var surfaceUnder: OpaquePointer?

    /// Listens to `proxy` and loads the arrow; without a cursor theme the
    /// window keeps whatever pointer image the compositor shows.
    package init(_ proxy: WaylandProxy, globals: WaylandGlobals, content: OpaquePointer) {
        self.proxy = proxy
        self.content = content
        do {
            cursor = try WaylandCursor(compositor: globals.compositor, shm: globals.shm)
        } catch {
            Self.logger.info("no pointer image: \(error)")
            cursor = nil
        }
        listener = ListenerStorage(
            wl_pointer_listener(
                enter: { data, _, serial, surface, x, y in
                    WaylandPointer.with(data) { pointer in
                        pointer.isOverContent =
                            surface == pointer.content || surface.map { pointer.isPopupSurface?($0) ?? false } ?? false
                        pointer.surfaceUnder = pointer.isOverContent ? surface : nil
                        guard pointer.isOverContent else { return }
                        pointer.entered(serial: serial, at: WaylandPointer.point(x, y))
                    }
                },
                leave: { data, _, _, surface in
                    WaylandPointer.with(data) { pointer in
                        guard surface == pointer.surfaceUnder, pointer.isOverContent else { return }
                        pointer.onEvent?(.left)
                        pointer.isOverContent = false
                        pointer.surfaceUnder = nil
                    }
                },
                motion: { data, _, time, x, y in
                    WaylandPointer.with(data) { pointer in
                        guard pointer.isOverContent else { return }
                        let location = WaylandPointer.point(x, y)
                        pointer.lastLocation = location
                        pointer.onEvent?(.moved(location, time: time))
                        if pointer.buttonsDown == 0 { pointer.showCursor(at: location) }
                    }
                },
                button: { data, _, serial, time, button, state in
                    let pressed = state == WL_POINTER_BUTTON_STATE_PRESSED.rawValue
                    WaylandPointer.with(data) { pointer in
                        guard pointer.isOverContent else { return }
                        pointer.buttonsDown = max(0, pointer.buttonsDown + (pressed ? 1 : -1))
                        pointer.onEvent?(.button(button, pressed: pressed, serial: serial, time: time))
                        if pointer.buttonsDown == 0 { pointer.showCursor(at: pointer.lastLocation) }
                    }
                },
                axis: { data, _, _, axis, value in
                    WaylandPointer.with(data) { pointer in
                        guard pointer.isOverContent else { return }
                        pointer.axis(axis, value: Double(value) / 256)
                    }
                },
                frame: { data, _ in WaylandPointer.with(data) { $0.frame() } },
                axis_source: { _, _, _ in },
                axis_stop: { _, _, _, _ in },
                axis_discrete: { data, _, axis, discrete in
                    WaylandPointer.with(data) { pointer in
                        guard pointer.isOverContent else { return }
                        pointer.axis(axis, discrete: Double(discrete))
                    }
                },
                axis_value120: { data, _, axis, value in
                    WaylandPointer.with(data) { pointer in
                        guard pointer.isOverContent else { return }
                        pointer.axis(axis, value120: Double(value))
                    }
                }))
        wl_pointer_add_listener(proxy.pointer, listener.pointer, Unmanaged.passUnretained(self).toOpaque())
    }

    /// A `wl_fixed_t` pair (24.8 fixed point) as a point.
    nonisolated static func point(_ x: wl_fixed_t, _ y: wl_fixed_t) -> Point {
        Point(x: Double(x) / 256, y: Double(y) / 256)
    }

    private func entered(serial: UInt32, at location: Point) {
        enterSerial = serial
        lastLocation = location
        onEvent?(.entered(location))
        showCursor(at: location, entering: true)
    }

    /// Shows the cursor the window asks for at `location`, when it changed (or on entering).
    private func showCursor(at location: Point, entering: Bool = false) {
        guard let cursor else { return }
        let changed = cursor.show(cursorAt?(location) ?? .arrow)
        guard changed || entering else { return }
        wl_pointer_set_cursor(proxy.pointer, enterSerial, cursor.surface.pointer, cursor.hotspot.x, cursor.hotspot.y)
    }

    /// The cursor shown over the window, or `nil` without a cursor theme.
    package var shownCursor: Cursor? { cursor?.shown }

    private func axis(_ axis: UInt32, value: Double? = nil, discrete: Double? = nil, value120: Double? = nil) {
        let which: WheelSteps.Axis = axis == WL_POINTER_AXIS_HORIZONTAL_SCROLL.rawValue ? .horizontal : .vertical
        wheel.add(which, value: value, discrete: discrete, value120: value120)
        // Before version 5 no frame ends the group.
        if wl_pointer_get_version(proxy.pointer) < WL_POINTER_FRAME_SINCE_VERSION { frame() }
    }

    /// Ends a group of events: the wheel motion gathered is reported in steps.
    private func frame() {
        if let steps = wheel.take() { onEvent?(.scroll(dx: steps.dx, dy: steps.dy)) }
    }

    /// Runs `body` with the pointer a listener's user data points to, on the
    /// main actor (listeners run inside a dispatch on it).
    private nonisolated static func with(_ data: UnsafeMutableRawPointer?, _ body: @MainActor (WaylandPointer) -> Void)
    {
        guard let data else { return }
        let pointer = Unmanaged<WaylandPointer>.fromOpaque(data).takeUnretainedValue()
        MainActor.assumeIsolated { body(pointer) }
    }
}
