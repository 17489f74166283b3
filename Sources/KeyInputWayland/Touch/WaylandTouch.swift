import CWayland
import KeyInputKit

/// The seat's `wl_touch`: every finger (the compositor's slot ids), its
/// events gathered into the `frame` that ends them and reported together.
/// A lift is reported at once, with what came before it: mutter 43 sends
/// no frame after one, and the finger would stay down until the next touch.
///
/// Only fingers that come down on the window's own surface are reported:
/// on the title bar and borders libdecor draws (their own surfaces) the
/// touch is libdecor's. Shape and orientation (version 6) are not used.
@MainActor
package final class WaylandTouch {
    /// What a finger did, in surface coordinates.
    package enum Event: Equatable {
        /// A finger came down at a point; `serial` names it for requests such as copying.
        case down(id: Int, Point, serial: UInt32)
        /// A finger moved to a point.
        case moved(id: Int, Point)
        /// A finger lifted, where it last was.
        case up(id: Int, Point, serial: UInt32)
        /// The compositor took every finger on the window (a gesture of its own).
        case cancelled
    }

    /// The `wl_touch`.
    package let proxy: WaylandProxy
    /// Called with a frame's events, inside the connection's dispatch.
    package var onFrame: (([Event]) -> Void)?
    /// Whether a finger is down on the window.
    package var hasFingers: Bool { !gathered.fingers.isEmpty }
    /// The surface whose touches are reported: the window's content.
    private let content: OpaquePointer
    private var gathered = TouchFrame()
    /// Whether a surface is one of the window's popups, whose fingers are reported too.
    package var isPopupSurface: ((OpaquePointer) -> Bool)?
    /// Called with each event of a finger on a popup, and the popup's surface, at once.
    package var onPopupEvent: ((Event, OpaquePointer) -> Void)?
    /// The fingers down on popups: the surface and where each last was.
    private var popupFingers: [Int32: (surface: OpaquePointer, location: Point)] = [:]
    private let listener: ListenerStorage<wl_touch_listener>

    /// Listens to `proxy`, reporting the fingers that come down on `content`.
    package init(_ proxy: WaylandProxy, content: OpaquePointer) {
        self.proxy = proxy
        self.content = content
        listener = ListenerStorage(
            wl_touch_listener(
                down: { data, _, serial, _, surface, id, x, y in
                    WaylandTouch.with(data) { touch in
                        let location = WaylandPointer.point(x, y)
                        if let surface, surface != touch.content, touch.isPopupSurface?(surface) == true {
                            touch.popupFingers[id] = (surface, location)
                            touch.onPopupEvent?(.down(id: Int(id), location, serial: serial), surface)
                            return
                        }
                        touch.gathered.down(id: id, at: location, serial: serial, onContent: surface == touch.content)
                    }
                },
                up: { data, _, serial, _, id in
                    WaylandTouch.with(data) { touch in
                        if let finger = touch.popupFingers.removeValue(forKey: id) {
                            touch.onPopupEvent?(.up(id: Int(id), finger.location, serial: serial), finger.surface)
                            return
                        }
                        touch.gathered.up(id: id, serial: serial)
                        // mutter 43 ends no lift with a frame (it forgets the finger before choosing whom to send one).
                        touch.deliver(touch.gathered.take())
                    }
                },
                motion: { data, _, _, id, x, y in
                    WaylandTouch.with(data) { touch in
                        let location = WaylandPointer.point(x, y)
                        if let finger = touch.popupFingers[id] {
                            touch.popupFingers[id] = (finger.surface, location)
                            touch.onPopupEvent?(.moved(id: Int(id), location), finger.surface)
                            return
                        }
                        touch.gathered.motion(id: id, to: location)
                    }
                },
                frame: { data, _ in WaylandTouch.with(data) { $0.deliver($0.gathered.take()) } },
                cancel: { data, _ in
                    WaylandTouch.with(data) { touch in
                        let surfaces = Set(touch.popupFingers.values.map(\.surface))
                        touch.popupFingers = [:]
                        for surface in surfaces { touch.onPopupEvent?(.cancelled, surface) }
                        touch.deliver(touch.gathered.cancel())
                    }
                },
                shape: { _, _, _, _, _ in },
                orientation: { _, _, _, _ in }))
        wl_touch_add_listener(proxy.pointer, listener.pointer, Unmanaged.passUnretained(self).toOpaque())
    }

    private func deliver(_ events: [Event]) {
        guard !events.isEmpty else { return }
        onFrame?(events)
    }

    /// Runs `body` with the touch a listener's user data points to, on the
    /// main actor (listeners run inside a dispatch on it).
    private nonisolated static func with(_ data: UnsafeMutableRawPointer?, _ body: @MainActor (WaylandTouch) -> Void) {
        guard let data else { return }
        let touch = Unmanaged<WaylandTouch>.fromOpaque(data).takeUnretainedValue()
        MainActor.assumeIsolated { body(touch) }
    }
}
