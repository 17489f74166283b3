import CCairo
import CWayland
import CWaylandProtocols
import KeyInputCairo
import KeyInputKit

/// A popup's `xdg_popup`: a surface of its own beside an anchor in the
/// parent window, placed by the compositor, which keeps it on screen (the
/// positioner may flip it above the anchor and slide it sideways) and, with
/// a grab, ends it when the user clicks or taps outside it (`popup_done`).
///
/// It draws the whole popup at the parent's buffer scale into shared memory,
/// as the window does, after the compositor's first `configure`.
@MainActor
final class WaylandPopupSurface {
    /// The popup shown.
    let popup: Popup
    /// The window drawn in it, the popup's size.
    let surface: Window
    /// The popup this one is a child of (a submenu's menu), or `nil` for a child of the window.
    let parentPopup: WaylandPopupSurface?
    /// The `wl_surface`; pointer and touch events on it are the popup's.
    let wlSurface: WaylandProxy
    /// Where the compositor put it, relative to the parent's window geometry; `nil` until it says.
    private(set) var placement: Rect?
    /// Whether the compositor ended the popup (`popup_done`): the host dismisses it.
    private(set) var isDone = false
    /// Turns the pointer's events on the popup into the surface window's.
    var pointerTracker = PointerTracker()
    /// Pixels per point of the buffers drawn.
    var bufferScale: Int32

    private let connection: WaylandConnection
    private let globals: WaylandGlobals
    private(set) var xdgSurface: WaylandProxy?
    private var xdgPopup: WaylandProxy?
    private var buffers: [ShmBuffer] = []
    private var isConfigured = false
    private var needsDraw = true
    private let surfaceListener: ListenerStorage<xdg_surface_listener>
    private let popupListener: ListenerStorage<xdg_popup_listener>

    /// Creates the popup and commits it without a buffer; the compositor answers with a configure.
    ///
    /// - Parameters:
    ///   - parent: The window's `xdg_surface`, used when `parentPopup` is `nil`.
    ///   - parentPopup: The topmost popup shown, which a grabbing popup must be the child of.
    ///   - anchor: The anchor rect in the parent's window geometry, in whole surface units.
    ///   - grab: The seat and the serial of the input event that opened the popup, or `nil` for no grab.
    /// - Throws: ``HostError`` when the compositor makes none of the objects.
    init(
        popup: Popup, surface: Window, connection: WaylandConnection, globals: WaylandGlobals, parent: OpaquePointer,
        parentPopup: WaylandPopupSurface?, anchor: Rect, scale: Int32, grab: (seat: OpaquePointer, serial: UInt32)?
    ) throws {
        self.popup = popup
        self.surface = surface
        self.parentPopup = parentPopup
        self.connection = connection
        self.globals = globals
        self.bufferScale = scale
        wlSurface = try WaylandProxy(
            wl_compositor_create_surface(globals.compositor.pointer), "wl_surface", parent: globals.compositor,
            destroy: wl_surface_destroy)
        surfaceListener = ListenerStorage(
            xdg_surface_listener(configure: { data, xdgSurface, serial in
                xdg_surface_ack_configure(xdgSurface, serial)
                WaylandPopupSurface.with(data) { $0.configured() }
            }))
        popupListener = ListenerStorage(
            xdg_popup_listener(
                configure: { data, _, x, y, width, height in
                    WaylandPopupSurface.with(data) {
                        $0.placement = Rect(x: Double(x), y: Double(y), width: Double(width), height: Double(height))
                    }
                },
                popup_done: { data, _ in WaylandPopupSurface.with(data) { $0.isDone = true } },
                repositioned: { _, _, _ in }))
        let xdgSurface = try WaylandProxy(
            xdg_wm_base_get_xdg_surface(globals.wmBase.pointer, wlSurface.pointer), "xdg_surface",
            parent: wlSurface, destroy: xdg_surface_destroy)
        let positioner = try WaylandProxy(
            xdg_wm_base_create_positioner(globals.wmBase.pointer), "xdg_positioner", parent: globals.wmBase,
            destroy: xdg_positioner_destroy)
        let size = surface.frame.size
        xdg_positioner_set_size(positioner.pointer, Self.units(size.width), Self.units(size.height))
        xdg_positioner_set_anchor_rect(
            positioner.pointer, Int32(anchor.minX.rounded(.down)), Int32(anchor.minY.rounded(.down)),
            Self.units(anchor.width), Self.units(anchor.height))
        xdg_positioner_set_anchor(positioner.pointer, XDG_POSITIONER_ANCHOR_BOTTOM_LEFT.rawValue)
        xdg_positioner_set_gravity(positioner.pointer, XDG_POSITIONER_GRAVITY_BOTTOM_RIGHT.rawValue)
        xdg_positioner_set_constraint_adjustment(
            positioner.pointer,
            XDG_POSITIONER_CONSTRAINT_ADJUSTMENT_FLIP_Y.rawValue | XDG_POSITIONER_CONSTRAINT_ADJUSTMENT_SLIDE_X.rawValue
                | XDG_POSITIONER_CONSTRAINT_ADJUSTMENT_SLIDE_Y.rawValue)
        let xdgPopup = try WaylandProxy(
            xdg_surface_get_popup(xdgSurface.pointer, parentPopup?.xdgSurface?.pointer ?? parent, positioner.pointer),
            "xdg_popup", parent: xdgSurface,
            destroy: xdg_popup_destroy)
        self.xdgSurface = xdgSurface
        self.xdgPopup = xdgPopup
        let me = Unmanaged.passUnretained(self).toOpaque()
        xdg_surface_add_listener(xdgSurface.pointer, surfaceListener.pointer, me)
        xdg_popup_add_listener(xdgPopup.pointer, popupListener.pointer, me)
        // A grab must come before the first commit; the compositor ends the popup on a click outside it.
        if let grab { xdg_popup_grab(xdgPopup.pointer, grab.seat, grab.serial) }
        wl_surface_commit(wlSurface.pointer)
        _ = wl_display_flush(connection.pointer)
    }

    isolated deinit { destroy() }

    /// Destroys the popup, then its xdg_surface (the surface goes with this object), in the order the protocol asks.
    func destroy() {
        xdgPopup = nil
        xdgSurface = nil
        buffers.removeAll()
        _ = wl_display_flush(connection.pointer)
    }

    /// Draws the popup when it is configured and its window or scale asks for it.
    func drawIfNeeded() throws {
        guard isConfigured, xdgPopup != nil, needsDraw || surface.needsDisplay else { return }
        try draw()
    }

    private func configured() {
        isConfigured = true
        needsDraw = true
        do { try draw() } catch { needsDraw = true }
    }

    /// Draws all of the popup into a free buffer, attaches it and commits.
    private func draw() throws {
        let size = surface.frame.size
        let scale = Int(bufferScale)
        let width = Int(size.width.rounded(.up)) * scale, height = Int(size.height.rounded(.up)) * scale
        buffers.removeAll { !$0.isBusy && ($0.width != width || $0.height != height) }
        let buffer: ShmBuffer
        if let free = buffers.first(where: { !$0.isBusy }) {
            buffer = free
        } else {
            guard buffers.count < 2 else { return }  // both with the compositor: a release draws
            buffer = try ShmBuffer(shm: globals.shm, width: width, height: height)
            buffer.onRelease = { [weak self] in
                MainActor.assumeIsolated {
                    guard let self, self.needsDraw || self.surface.needsDisplay else { return }
                    try? self.drawIfNeeded()
                }
            }
            buffers.append(buffer)
        }
        let canvas = try CairoCanvas(
            surface: buffer.surface, size: size, scale: Double(scale), pixelWidth: width, pixelHeight: height)
        // The buffer may hold an older frame: draw all of it (a popup is small).
        surface.setNeedsDisplay(in: Rect(origin: .zero, size: size))
        _ = surface.renderDamage(to: canvas)
        canvas.withUnsafeCairoPointer { cairo_surface_flush(cairo_get_target($0)) }
        needsDraw = false
        wl_surface_set_buffer_scale(wlSurface.pointer, bufferScale)
        wl_surface_attach(wlSurface.pointer, buffer.buffer.pointer, 0, 0)
        wl_surface_damage_buffer(wlSurface.pointer, 0, 0, Int32(width), Int32(height))
        buffer.isBusy = true
        wl_surface_commit(wlSurface.pointer)
        _ = wl_display_flush(connection.pointer)
    }

    /// A length in whole surface units, at least 1.
    private static func units(_ length: Double) -> Int32 {
        guard length.isFinite, length >= 1 else { return 1 }
        return Int32(min(length.rounded(.up), Double(Int32.max)))
    }

    private nonisolated static func with(_ data: UnsafeMutableRawPointer?, _ body: @MainActor (WaylandPopupSurface) -> Void) {
        guard let data else { return }
        let popup = Unmanaged<WaylandPopupSurface>.fromOpaque(data).takeUnretainedValue()
        MainActor.assumeIsolated { body(popup) }
    }
}
