import CXCB
import KeyInputKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// The one owner of an `xcb_connection_t`; disconnects when released, which
/// also destroys the windows it created.
///
/// Not isolated to an actor so that `deinit` may free it; xcb connections
/// are thread-safe, but the objects built on this one (cairo surfaces, xkb
/// state) are not, so it is not `Sendable` either.
final class XCBConnection {
    /// The connection; valid while this owner lives.
    let pointer: OpaquePointer
    /// The display name connected to, as given or from `DISPLAY`.
    let displayName: String
    /// The screen `displayName` selects.
    let screenNumber: Int32

    /// How long the server has to answer a new connection, in seconds.
    static let answerTimeout: Double = 5

    /// Connects to an X server, giving up when it does not answer within
    /// `timeout` seconds.
    ///
    /// The host opens the display's socket itself (``X11DisplaySocket``, as
    /// `xcb_connect` would), with the authorization `xcb_connect` would send
    /// (``X11Authorization``), and hands it to `xcb_connect_to_fd`; if the
    /// server's setup reply has not come in time, the socket is shut down,
    /// which ends xcb's wait. A display name the host cannot take apart is
    /// left to `xcb_connect`, which reports it at once.
    ///
    /// - Parameters:
    ///   - display: A display name such as `":0"`, or `nil` for `DISPLAY`.
    ///   - timeout: How long the server has to answer.
    /// - Throws: ``HostError`` `noDisplay` when neither is given,
    ///   `connectionFailed` when the server cannot be reached, refuses, or
    ///   does not answer in time.
    init(display: String?, timeout: Double = XCBConnection.answerTimeout) throws {
        let environment = getenv("DISPLAY").map { String(cString: $0) }
        guard let name = display ?? environment, !name.isEmpty else {
            throw HostError(
                .noDisplay, "no X display: DISPLAY is not set (set it, for example DISPLAY=:0, or pass a display name)")
        }
        var screen: Int32 = 0
        let connection: OpaquePointer
        if let address = X11DisplaySocket.address(of: name) {
            let seconds = HostError.seconds(timeout)
            let silent = HostError(
                .connectionFailed,
                "X display \(name) did not answer within \(seconds) seconds: something accepts connections at "
                    + "\(X11DisplaySocket.describe(address.endpoint)) but does not speak X11 (is the X server hung, or is DISPLAY wrong?)"
            )
            let deadline = MonotonicClock.now() + timeout
            guard let descriptor = try X11DisplaySocket.open(address.endpoint, deadline: deadline, silent: silent) else {
                throw HostError(.connectionFailed, "could not connect to X display \(name): \(Self.describe(XCB_CONN_ERROR))")
            }
            let authorization = X11Authorization.lookUp(for: descriptor, display: address.display)
            let watchdog = SetupWatchdog(descriptor: descriptor, seconds: max(0, deadline - MonotonicClock.now()))
            // xcb owns the descriptor from here, and closes it with the connection.
            let made =
                authorization.map { $0.withAuthInfo { xcb_connect_to_fd(descriptor, $0) } }
                ?? xcb_connect_to_fd(descriptor, nil)
            guard let made else { throw HostError(.connectionFailed, "could not connect to X display \(name)") }
            if watchdog.finish() {
                xcb_disconnect(made)
                throw silent
            }
            connection = made
            screen = address.screen
        } else {
            guard let made = xcb_connect(name, &screen) else {
                throw HostError(.connectionFailed, "could not connect to X display \(name)")
            }
            connection = made
        }
        let code = xcb_connection_has_error(connection)
        guard code == 0 else {
            xcb_disconnect(connection)
            throw HostError(.connectionFailed, "could not connect to X display \(name): \(Self.describe(code))")
        }
        guard screen >= 0, screen < xcb_setup_roots_length(xcb_get_setup(connection)) else {
            xcb_disconnect(connection)
            throw HostError(
                .connectionFailed,
                "could not connect to X display \(name): \(Self.describe(XCB_CONN_CLOSED_INVALID_SCREEN))")
        }
        self.pointer = connection
        self.displayName = name
        self.screenNumber = screen
    }

    deinit {
        xcb_disconnect(pointer)
    }

    /// The connection's error, or `nil` while it works (`xcb_connection_has_error`).
    var error: HostError? {
        let code = xcb_connection_has_error(pointer)
        guard code != 0 else { return nil }
        let reason =
            code == XCB_CONN_ERROR
            ? "the connection broke (the X server exited, was killed, or closed it)" : Self.describe(code)
        return HostError(.connectionLost, "lost the connection to X display \(displayName): \(reason)")
    }

    /// The file descriptor to wait on for events.
    var fileDescriptor: Int32 { xcb_get_file_descriptor(pointer) }

    /// Sends requests still buffered.
    func flush() { _ = xcb_flush(pointer) }

    /// The screen the display name selects.
    var screen: UnsafeMutablePointer<xcb_screen_t>? {
        var iterator = xcb_setup_roots_iterator(xcb_get_setup(pointer))
        var index: Int32 = 0
        while iterator.rem > 0 {
            if index == screenNumber { return iterator.data }
            xcb_screen_next(&iterator)
            index += 1
        }
        return nil
    }

    /// The visual type of the screen's root visual, which cairo needs to draw
    /// on a window; it lives as long as the connection.
    func rootVisualType(of screen: UnsafeMutablePointer<xcb_screen_t>) -> UnsafeMutablePointer<xcb_visualtype_t>? {
        var depths = xcb_screen_allowed_depths_iterator(screen)
        while depths.rem > 0 {
            var visuals = xcb_depth_visuals_iterator(depths.data)
            while visuals.rem > 0 {
                if visuals.data.pointee.visual_id == screen.pointee.root_visual { return visuals.data }
                xcb_visualtype_next(&visuals)
            }
            xcb_depth_next(&depths)
        }
        return nil
    }

    /// The atom with this name, created if needed (`xcb_intern_atom`); `0`
    /// (`XCB_ATOM_NONE`) when the server does not answer.
    func atom(_ name: String) -> xcb_atom_t {
        let cookie = xcb_intern_atom(pointer, 0, UInt16(name.utf8.count), name)
        guard let reply = xcb_intern_atom_reply(pointer, cookie, nil) else { return 0 }
        defer { free(reply) }
        return reply.pointee.atom
    }

    /// Replaces a window property with 8-bit data (`xcb_change_property`).
    func setProperty(_ window: xcb_window_t, _ property: xcb_atom_t, type: xcb_atom_t, bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { buffer in
            _ = xcb_change_property(
                pointer, UInt8(XCB_PROP_MODE_REPLACE.rawValue), window, property, type, 8, UInt32(buffer.count),
                buffer.baseAddress)
        }
    }

    /// Replaces a window property with 32-bit data (`xcb_change_property`).
    func setProperty(_ window: xcb_window_t, _ property: xcb_atom_t, type: xcb_atom_t, words: [UInt32]) {
        words.withUnsafeBufferPointer { buffer in
            _ = xcb_change_property(
                pointer, UInt8(XCB_PROP_MODE_REPLACE.rawValue), window, property, type, 32, UInt32(buffer.count),
                buffer.baseAddress)
        }
    }

    /// Words for xcb's connection error codes (`XCB_CONN_ERROR` …).
    static func describe(_ code: Int32) -> String {
        switch code {
        case XCB_CONN_ERROR:
            "the X server cannot be reached or refused the connection (is it running, and may this user connect?)"
        case XCB_CONN_CLOSED_EXT_NOTSUPPORTED: "an extension the connection needs is not supported"
        case XCB_CONN_CLOSED_MEM_INSUFFICIENT: "out of memory"
        case XCB_CONN_CLOSED_REQ_LEN_EXCEED: "a request was longer than the server accepts"
        case XCB_CONN_CLOSED_PARSE_ERR: "the display name is not valid"
        case XCB_CONN_CLOSED_INVALID_SCREEN: "the display has no such screen"
        case XCB_CONN_CLOSED_FDPASSING_FAILED: "passing a file descriptor to the server failed"
        default: "xcb error \(code)"
        }
    }
}
