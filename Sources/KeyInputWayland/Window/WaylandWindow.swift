import CCairo
import CWayland
import CWaylandProtocols
import KeyInputCairo
import KeyInputKit

#if canImport(Glibc)
    import Glibc
#endif

/// A top-level window on a Wayland compositor (xdg-shell), drawn with cairo
/// into double-buffered shared memory, and decorated through libdecor: the
/// compositor's own title bar where it offers one (sway, KDE), else one drawn
/// beside the window's surface (GNOME, Weston), which moves, resizes,
/// maximises, minimises and closes the window.
///
/// The window follows the compositor's `configure` events: it takes the
/// content size offered (or keeps its own when offered none), acknowledges,
/// and draws again. ``size`` is the content's: the title bar is not in it. Drawing waits for the compositor's frame callback, so a window
/// never draws faster than it is shown.
///
/// On a HiDPI output the window draws at the output's scale: a buffer of
/// ``bufferScale`` pixels per point (`wl_surface.set_buffer_scale`), the
/// largest scale among the outputs the surface is on.
///
/// Events run only inside ``dispatch()`` and ``roundtrip()``.
@MainActor
public final class WaylandWindow {
    /// The window's size in surface coordinates, from the last configure.
    public private(set) var size: Size
    /// How many configure sequences the window has acknowledged.
    public private(set) var configureCount = 0
    /// How many frames the compositor has shown (frame callbacks done).
    public private(set) var framesPresented = 0
    /// Pixels per point of the buffers drawn: the largest scale of the
    /// outputs the window is on, 1 until it enters one.
    public private(set) var bufferScale: Int32 = 1
    /// `true` once the compositor, or the title bar's close button, asked the window to close.
    public private(set) var closeRequested = false

    /// What the compositor says of the window (`enum libdecor_window_state`).
    public struct State: OptionSet, Hashable, Sendable {
        public let rawValue: UInt32
        public init(rawValue: UInt32) { self.rawValue = rawValue }
        /// The window has keyboard focus: its title bar looks active.
        public static let active = State(rawValue: 1 << 0)
        /// The window fills the screen but for panels, with its title bar.
        public static let maximized = State(rawValue: 1 << 1)
        /// The window fills the screen, without decorations.
        public static let fullscreen = State(rawValue: 1 << 2)
        /// An edge of the window is against a neighbour or the screen's edge.
        public static let tiledLeft = State(rawValue: 1 << 3)
        public static let tiledRight = State(rawValue: 1 << 4)
        public static let tiledTop = State(rawValue: 1 << 5)
        public static let tiledBottom = State(rawValue: 1 << 6)
    }

    /// The window's state from the last configure.
    public private(set) var state: State = []
    /// Called when ``state`` changes, after the configure that changed it.
    public var onStateChange: ((State) -> Void)?
    /// Draws the window's content; called with a canvas of ``size``.
    public var onDraw: ((CairoCanvas) -> Void)?
    /// Draws part of the content, when set (instead of ``onDraw``): called
    /// with the part of the buffer that is out of date, in points (what
    /// changed since this buffer was last drawn); it may draw more.
    package var onDrawPart: ((CairoCanvas, Rect) -> Void)?
    /// Called with the new size when a configure changed it, before the
    /// window draws at that size.
    public var onResize: ((Size) -> Void)?

    package let connection: WaylandConnection
    package let globals: WaylandGlobals
    package let surface: WaylandProxy
    /// The toplevel and its decorations; `nil` only while `init` runs.
    private var decorations: DecoratedFrame!
    private let frameListener: ListenerStorage<wl_callback_listener>
    private let outputs: WaylandOutputs
    private var surfaceListener: ListenerStorage<wl_surface_listener>?
    /// The outputs the surface is on (`wl_surface.enter`, `leave`).
    private var enteredOutputs: [OpaquePointer] = []
    private var frameCallback: WaylandProxy?
    private var buffers: [ShmBuffer] = []
    private var needsDisplay = false
    /// What changed since the last frame, in points.
    private var damage: Rect?
    /// The part of the buffer the last frame told the compositor changed, in pixels.
    package private(set) var lastDamage: Rect?
    /// The first error from drawing inside a listener, thrown by the next dispatch.
    private var drawError: (any Error)?

    /// Connects to the compositor and maps a toplevel window.
    ///
    /// - Parameters:
    ///   - title: The title the compositor shows.
    ///   - size: The size to draw at until the compositor chooses one.
    ///   - minimumSize: The smallest size the compositor should offer;
    ///     `nil` leaves it free.
    ///   - displayName: The display's socket name or path; `nil` reads
    ///     `WAYLAND_DISPLAY`.
    /// - Throws: ``HostError`` when no compositor answers (the message
    ///   names `WAYLAND_DISPLAY`) or it lacks `wl_compositor`, `wl_shm` or
    ///   `xdg_wm_base`.
    public convenience init(title: String, size: Size, minimumSize: Size? = nil, displayName: String? = nil) throws {
        try self.init(unmappedTitle: title, size: size, minimumSize: minimumSize, displayName: displayName)
        try map()
    }

    /// Connects and creates the toplevel without mapping it, so that other
    /// objects (the seat's keyboard) exist before it maps: sway 1.7 gives a
    /// new window keyboard focus as it maps, and sends no `enter` to a
    /// keyboard created after that. ``map()`` shows it.
    ///
    /// - Throws: as ``init(title:size:minimumSize:displayName:)``.
    package init(unmappedTitle title: String, size: Size, minimumSize: Size?, displayName: String?) throws {
        connection = try WaylandConnection(name: displayName)
        globals = try WaylandGlobals(connection: connection)
        self.size = size
        outputs = WaylandOutputs(globals: globals)
        surface = try WaylandProxy(
            wl_compositor_create_surface(globals.compositor.pointer), "wl_surface", parent: globals.compositor,
            destroy: wl_surface_destroy)
        frameListener = ListenerStorage(
            wl_callback_listener(done: { data, _, _ in
                WaylandWindow.with(data) { $0.frameDone() }
            }))
        surfaceListener = ListenerStorage(
            wl_surface_listener(
                enter: { data, _, output in
                    WaylandWindow.with(data) { window in
                        if let output { window.enteredOutputs.append(output) }
                        window.updateBufferScale()
                    }
                },
                leave: { data, _, output in
                    WaylandWindow.with(data) { window in
                        window.enteredOutputs.removeAll { $0 == output }
                        window.updateBufferScale()
                    }
                }))
        let me = Unmanaged.passUnretained(self).toOpaque()
        wl_surface_add_listener(surface.pointer, surfaceListener?.pointer, me)
        outputs.onScaleChange = { [unowned self] in self.updateBufferScale() }
        decorations = try DecoratedFrame(
            connection: connection, surface: surface, title: title, minimumSize: minimumSize)
        decorations.onConfigure = { [unowned self] in self.configure($0) }
        decorations.onClose = { [unowned self] in self.closeRequested = true }
        decorations.onCommit = { [unowned self] in wl_surface_commit(self.surface.pointer) }
    }

    /// Maps the window: the first commit carries no buffer and asks for the
    /// first configure, which draws.
    ///
    /// - Throws: ``HostError`` when the compositor went away.
    package func map() throws {
        decorations.map()
        try roundtrip()
    }

    /// The toplevel's `xdg_surface`, the parent of popups.
    package var xdgSurface: OpaquePointer? { decorations.xdgSurface }

    /// Where the content's top-left corner is in the window geometry that popups are placed in.
    package var contentOrigin: Point { decorations.contentOrigin }

    /// Asks for the content to be drawn again at the next frame.
    public func setNeedsDisplay() {
        setNeedsDisplay(in: Rect(origin: .zero, size: size))
    }

    /// Asks for part of the content, in points, to be drawn again at the
    /// next frame; only that part is damaged for the compositor.
    package func setNeedsDisplay(in part: Rect) {
        damage = damage.map { $0.union(part) } ?? part
        needsDisplay = true
        if frameCallback == nil, configureCount > 0 { redraw() }
    }

    /// Waits at most `timeout` seconds for events from the compositor or for
    /// any of `others` to become ready, then handles the compositor's events.
    ///
    /// - Returns: Whether the compositor sent events.
    /// - Throws: as ``dispatch()``.
    package func dispatch(timeout: Double, alsoWaitingFor others: [pollfd]) throws -> Bool {
        let arrived = try connection.dispatch(timeout: timeout.isFinite ? timeout : 0, alsoWaitingFor: others)
        try throwDrawError()
        return arrived
    }

    /// Blocks until events arrive, then handles them.
    ///
    /// - Throws: ``HostError`` when the compositor went away (the message
    ///   names the display).
    ///   Also throws the first error drawing met since the last call
    ///   (``HostError`` or `CairoError` when a buffer could not be made).
    public func dispatch() throws {
        try connection.dispatch()
        try throwDrawError()
    }

    /// Waits at most `timeout` seconds for events, then handles them.
    ///
    /// - Parameter timeout: Seconds to wait; `timeout` values that are not
    ///   finite or positive do not wait.
    /// - Returns: `false` when no event came in time.
    /// - Throws: as ``dispatch()``.
    @discardableResult
    public func dispatch(timeout: Double) throws -> Bool {
        let arrived = try connection.dispatch(timeout: timeout.isFinite ? timeout : 0)
        try throwDrawError()
        return arrived
    }

    /// Sends pending requests and handles every event the compositor sends
    /// in answer.
    ///
    /// - Throws: ``HostError`` when the compositor went away.
    public func roundtrip() throws {
        try connection.roundtrip()
        try throwDrawError()
    }

    private func throwDrawError() throws {
        guard let error = drawError else { return }
        drawError = nil
        throw error
    }

    /// Runs `body` with the window a listener's user data points to.
    ///
    /// Listeners run inside ``dispatch()`` and ``roundtrip()``, on the main
    /// actor; `assumeIsolated` checks that.
    private nonisolated static func with(_ data: UnsafeMutableRawPointer?, _ body: @MainActor (WaylandWindow) -> Void) {
        guard let data else { return }
        let window = Unmanaged<WaylandWindow>.fromOpaque(data).takeUnretainedValue()
        MainActor.assumeIsolated { body(window) }
    }

    private func configure(_ configuration: DecoratedFrame.Configuration) {
        if let offered = configuration.size, offered != size {
            size = offered
            onResize?(offered)
        }
        decorations.commit(size: size)
        configureCount += 1
        if configuration.state != state {
            state = configuration.state
            onStateChange?(state)
        }
        needsDisplay = true
        if frameCallback == nil { redraw() }
    }

    /// Takes the largest scale of the outputs the surface is on; a change
    /// draws again at the new scale.
    private func updateBufferScale() {
        let scale = enteredOutputs.map { outputs.scale(of: $0) }.max() ?? 1
        guard scale != bufferScale else { return }
        bufferScale = scale
        needsDisplay = true
        if frameCallback == nil, configureCount > 0 { redraw() }
    }

    private func frameDone() {
        frameCallback = nil
        framesPresented += 1
        if needsDisplay { redraw() }
    }

    /// Draws now, keeping the first error for ``dispatch()`` to throw.
    private func redraw() {
        do { try draw() } catch { drawError = drawError ?? error }
    }

    /// A buffer came back: one of an old size is let go at once; then draw what waited for one.
    private func bufferReleased() {
        dropBuffersOfOldSize()
        if needsDisplay, frameCallback == nil { redraw() }
    }

    /// The buffers' size in pixels for the window's size and scale now.
    private var pixelSize: (width: Int, height: Int) {
        let scale = Int(bufferScale)
        return (Int(size.width.rounded(.up)) * scale, Int(size.height.rounded(.up)) * scale)
    }

    /// Frees the buffers the compositor is not holding whose size is not ``pixelSize``.
    private func dropBuffersOfOldSize() {
        let (width, height) = pixelSize
        buffers.removeAll { !$0.isBusy && ($0.width != width || $0.height != height) }
    }

    /// Draws into a free buffer, attaches it and commits, asking for a frame callback.
    private func draw() throws {
        let scale = Int(bufferScale)
        let (width, height) = pixelSize
        dropBuffersOfOldSize()
        let buffer: ShmBuffer
        if let free = buffers.first(where: { !$0.isBusy }) {
            buffer = free
        } else {
            guard buffers.count < 2 else { return }  // both with the compositor: bufferReleased() draws
            buffer = try ShmBuffer(shm: globals.shm, width: width, height: height)
            buffer.staleRect = Rect(origin: .zero, size: size)
            buffer.onRelease = { [weak self] in MainActor.assumeIsolated { self?.bufferReleased() } }
            buffers.append(buffer)
        }
        let canvas = try CairoCanvas(
            surface: buffer.surface, size: size, scale: Double(scale), pixelWidth: width, pixelHeight: height)
        let whole = Rect(origin: .zero, size: size)
        // What changed since the last frame; the buffer drawn into also misses what changed while it was away.
        let change = (damage ?? whole).intersection(whole)
        if let onDrawPart {
            _ = onDrawPart(canvas, buffer.staleRect.map { $0.union(change) } ?? change)
        } else {
            onDraw?(canvas)
        }
        canvas.withUnsafeCairoPointer { cairo_surface_flush(cairo_get_target($0)) }
        for other in buffers where other !== buffer {
            other.staleRect = other.staleRect.map { $0.union(change) } ?? change
        }
        buffer.staleRect = nil
        damage = nil
        needsDisplay = false
        frameCallback = try WaylandProxy(
            wl_surface_frame(surface.pointer), "wl_callback", parent: surface, destroy: wl_callback_destroy)
        wl_callback_add_listener(
            frameCallback?.pointer, frameListener.pointer, Unmanaged.passUnretained(self).toOpaque())
        wl_surface_set_buffer_scale(surface.pointer, bufferScale)
        wl_surface_attach(surface.pointer, buffer.buffer.pointer, 0, 0)
        // Damage in buffer pixels, whole ones: what differs from the frame shown before.
        let pixels = Rect(
            x: change.minX * Double(scale), y: change.minY * Double(scale), width: change.width * Double(scale),
            height: change.height * Double(scale)
        ).integral
        lastDamage = pixels
        wl_surface_damage_buffer(
            surface.pointer, Int32(pixels.minX), Int32(pixels.minY), Int32(pixels.width), Int32(pixels.height))
        buffer.isBusy = true
        wl_surface_commit(surface.pointer)
        _ = wl_display_flush(connection.pointer)
    }
}
