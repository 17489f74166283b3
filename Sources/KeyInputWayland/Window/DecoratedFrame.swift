import CLibdecor
import KeyInputKit
import Logging

#if canImport(Glibc)
    import Glibc
#endif

/// The toplevel around a window's surface, decorated through libdecor: it
/// asks the compositor for server-side decorations (sway, KDE) and, where
/// none are offered (GNOME's mutter, Weston), draws a title bar with close,
/// maximise and minimise buttons and resize edges around the surface.
///
/// The surface stays the content: its coordinates are the window's, and the
/// decorations are subsurfaces outside it, left out of the window geometry.
/// libdecor's objects live on the display's default queue, so the window's
/// own dispatch runs their events.
@MainActor
final class DecoratedFrame {
    /// What a configure asked for.
    struct Configuration {
        /// The content size offered, or `nil` when the client chooses.
        var size: Size?
        /// The window's state: maximised, fullscreen, tiled, active.
        var state: WaylandWindow.State
    }

    /// Called for each configure; the window answers with ``commit(size:)``.
    var onConfigure: ((Configuration) -> Void)?
    /// Called when the compositor or the close button asks the window to close.
    var onClose: (() -> Void)?
    /// Called when the decorations need the content surface committed.
    var onCommit: (() -> Void)?

    private static let logger = Logger(label: "KeyInputWayland.Decorations")
    private let context: OpaquePointer
    private var frame: OpaquePointer?
    /// The configuration being answered: valid during ``onConfigure`` only.
    private var pending: OpaquePointer?
    private let contextInterface: ListenerStorage<libdecor_interface>
    private let frameInterface: ListenerStorage<libdecor_frame_interface>
    /// The surface and connection libdecor's objects hang from, kept alive until they go.
    private let owners: [AnyObject]

    /// Decorates `surface`, titled `title`; nothing shows until ``map()``.
    ///
    /// - Throws: ``HostError`` (`windowCreationFailed`) when libdecor cannot start.
    init(connection: WaylandConnection, surface: WaylandProxy, title: String, minimumSize: Size?) throws {
        let contextInterface = ListenerStorage(
            libdecor_interface(
                error: { _, error, message in
                    let text = message.map { String(cString: $0) } ?? "unknown"
                    DecoratedFrame.logger.error("libdecor error \(error.rawValue): \(text)")
                },
                reserved0: nil, reserved1: nil, reserved2: nil, reserved3: nil, reserved4: nil,
                reserved5: nil, reserved6: nil, reserved7: nil, reserved8: nil, reserved9: nil))
        self.contextInterface = contextInterface
        let context = Self.ignoringLeaks { libdecor_new(connection.pointer, contextInterface.pointer) }
        guard let context else {
            throw HostError(.windowCreationFailed, "libdecor could not start on \(connection.name)")
        }
        self.context = context
        owners = [connection, surface]
        // libdecor learns the globals (xdg_wm_base, xdg-decoration, the seat) from this round trip.
        do { try connection.roundtrip() } catch {
            libdecor_unref(context)
            throw error
        }
        frameInterface = ListenerStorage(
            libdecor_frame_interface(
                configure: { _, configuration, data in
                    DecoratedFrame.with(data) { $0.configure(configuration) }
                },
                close: { _, data in DecoratedFrame.with(data) { $0.onClose?() } },
                commit: { _, data in DecoratedFrame.with(data) { $0.onCommit?() } },
                dismiss_popup: { _, _, _ in },
                reserved0: nil, reserved1: nil, reserved2: nil, reserved3: nil, reserved4: nil,
                reserved5: nil, reserved6: nil, reserved7: nil, reserved8: nil, reserved9: nil))
        let frame = Self.ignoringLeaks {
            libdecor_decorate(context, surface.pointer, frameInterface.pointer, Unmanaged.passUnretained(self).toOpaque())
        }
        guard let frame else {
            libdecor_unref(context)
            throw HostError(.windowCreationFailed, "libdecor could not decorate the window on \(connection.name)")
        }
        self.frame = frame
        libdecor_frame_set_title(frame, title)
        libdecor_frame_set_app_id(frame, Self.applicationID)
        if let minimumSize, minimumSize.width > 0, minimumSize.height > 0 {
            libdecor_frame_set_min_content_size(frame, Self.pixels(minimumSize.width), Self.pixels(minimumSize.height))
        }
    }

    isolated deinit {
        if let frame { libdecor_frame_unref(frame) }
        libdecor_unref(context)
        withExtendedLifetime(owners) {}
    }

    /// The program's name, which desktops match to a `.desktop` file and an icon.
    private static let applicationID: String = {
        let path = CommandLine.arguments.first ?? "keyinputkit"
        return String(path.split(separator: "/").last ?? "keyinputkit")
    }()

    /// The toplevel's `xdg_surface`, a popup's parent; `nil` before it exists.
    var xdgSurface: OpaquePointer? { frame.flatMap { libdecor_frame_get_xdg_surface($0) } }

    /// Where the content's top-left corner is in the window geometry (below a
    /// title bar libdecor draws): what a popup's positioner is relative to.
    var contentOrigin: Point {
        guard let frame else { return .zero }
        var x: Int32 = 0, y: Int32 = 0
        libdecor_frame_translate_coordinate(frame, 0, 0, &x, &y)
        return Point(x: Double(x), y: Double(y))
    }

    /// Shows the window; the compositor answers with a configure.
    func map() {
        guard let frame else { return }
        libdecor_frame_map(frame)
    }

    /// Answers the configure being handled: the content will be `size`.
    /// libdecor sets the window geometry (the content, without shadows) and acknowledges.
    func commit(size: Size) {
        guard let frame, let pending else { return }
        let state = libdecor_state_new(Self.pixels(size.width), Self.pixels(size.height))
        libdecor_frame_commit(frame, state, pending)
        libdecor_state_free(state)
    }

    private func configure(_ configuration: OpaquePointer?) {
        guard let configuration, let frame else { return }
        var width: Int32 = 0, height: Int32 = 0
        let offered = libdecor_configuration_get_content_size(configuration, frame, &width, &height)
        var raw = LIBDECOR_WINDOW_STATE_NONE
        let hasState = libdecor_configuration_get_window_state(configuration, &raw)
        pending = configuration
        defer { pending = nil }
        onConfigure?(
            Configuration(
                size: offered && width > 0 && height > 0 ? Size(width: Double(width), height: Double(height)) : nil,
                state: hasState ? WaylandWindow.State(rawValue: raw.rawValue) : []))
    }

    /// Runs `body` with the leak checker off, when the process has one (an
    /// address-sanitizer build); otherwise just runs it.
    ///
    /// libdecor 0.1.1 never destroys one protocol object `libdecor_decorate`
    /// makes (80 bytes a window, the same on sway and kwin), and its cairo
    /// plugin, loaded by `libdecor_new`, keeps two strings libdbus made when it
    /// read the cursor settings from the session bus (128 bytes, on mutter);
    /// the sanitizer's report of them would hide the leaks that are ours.
    private static func ignoringLeaks<T>(_ body: () -> T) -> T {
        typealias Switch = @convention(c) () -> Void
        // RTLD_DEFAULT: the leak checker's entry points, if the sanitizer's runtime is linked in.
        guard let off = dlsym(nil, "__lsan_disable"), let on = dlsym(nil, "__lsan_enable") else { return body() }
        unsafeBitCast(off, to: Switch.self)()
        defer { unsafeBitCast(on, to: Switch.self)() }
        return body()
    }

    private nonisolated static func with(_ data: UnsafeMutableRawPointer?, _ body: @MainActor (DecoratedFrame) -> Void) {
        guard let data else { return }
        let frame = Unmanaged<DecoratedFrame>.fromOpaque(data).takeUnretainedValue()
        MainActor.assumeIsolated { body(frame) }
    }

    /// A length in whole surface units, at least 1.
    private static func pixels(_ length: Double) -> Int32 {
        guard length.isFinite, length >= 1 else { return 1 }
        return Int32(min(length.rounded(.up), Double(Int32.max)))
    }
}
