import CCairo
import CXCB
import KeyInputCairo
import KeyInputKit
import XKB

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

extension X11Host {
    /// Reads the server's keymap and state for a keyboard device.
    ///
    /// `xkb_x11_keymap_new_from_device` and `xkb_x11_state_new_from_device`
    /// create them; `Keymap` and `KeyboardState` adopt them at once and free
    /// them, so only the `XKB` module touches them afterwards.
    ///
    /// - Returns: The keymap and the server's masks, real modifiers only.
    /// - Throws: ``HostError`` (`keymapUnavailable`) when the server's keymap cannot be read.
    static func serverKeyboard(
        connection: XCBConnection, deviceID: Int32, context: Context
    ) throws -> (keymap: Keymap, masks: KeyboardState.Masks) {
        let raw = context.withUnsafeContextPointer {
            xkb_x11_keymap_new_from_device($0, connection.pointer, deviceID, XKB_KEYMAP_COMPILE_NO_FLAGS)
        }
        guard let raw else {
            throw HostError(
                .keymapUnavailable,
                "could not read the keymap of keyboard \(deviceID) from X display \(connection.displayName)")
        }
        let keymap = Keymap(adopting: raw, context: context)
        let rawState = keymap.withUnsafeKeymapPointer {
            xkb_x11_state_new_from_device($0, connection.pointer, deviceID)
        }
        guard let rawState else { return (keymap, KeyboardState.Masks()) }
        let state = KeyboardState(adopting: rawState, keymap: keymap)
        return (keymap, state.serializedMasks.realModifiersOnly)
    }

    /// The server's key repeat delay and rate (`XkbGetControls`), or the
    /// standard settings when it does not answer.
    static func serverRepeatSettings(connection: XCBConnection, deviceID: Int32) -> KeyRepeatSettings {
        let cookie = xcb_xkb_get_controls(connection.pointer, xcb_xkb_device_spec_t(deviceID))
        guard let reply = xcb_xkb_get_controls_reply(connection.pointer, cookie, nil) else { return .standard }
        defer { free(reply) }
        let controls = reply.pointee
        let enabled = controls.enabledControls & XCB_XKB_BOOL_CTRL_REPEAT_KEYS.rawValue != 0
        guard controls.repeatInterval > 0 else { return KeyRepeatSettings(isEnabled: false) }
        return KeyRepeatSettings(
            delay: Double(controls.repeatDelay) / 1000, rate: 1000 / Double(controls.repeatInterval),
            isEnabled: enabled)
    }

    /// Asks for detectable auto-repeat: held keys send presses without
    /// releases. Returns whether the server agreed.
    static func enableDetectableAutoRepeat(connection: XCBConnection, deviceID: Int32) -> Bool {
        let flag = XCB_XKB_PER_CLIENT_FLAG_DETECTABLE_AUTO_REPEAT.rawValue
        let cookie = xcb_xkb_per_client_flags(
            connection.pointer, xcb_xkb_device_spec_t(deviceID), flag, flag, 0, 0, 0)
        guard let reply = xcb_xkb_per_client_flags_reply(connection.pointer, cookie, nil) else { return false }
        defer { free(reply) }
        return reply.pointee.value & flag != 0
    }

    /// Asks for the XKB events that announce a new keyboard, a changed
    /// keymap and changed modifier or layout state.
    static func selectXKBEvents(connection: XCBConnection, deviceID: Int32) throws {
        let events = UInt16(
            XCB_XKB_EVENT_TYPE_NEW_KEYBOARD_NOTIFY.rawValue | XCB_XKB_EVENT_TYPE_MAP_NOTIFY.rawValue
                | XCB_XKB_EVENT_TYPE_STATE_NOTIFY.rawValue)
        let newKeyboard = UInt16(XCB_XKB_NKN_DETAIL_KEYCODES.rawValue)
        let mapParts = UInt16(
            XCB_XKB_MAP_PART_KEY_TYPES.rawValue | XCB_XKB_MAP_PART_KEY_SYMS.rawValue
                | XCB_XKB_MAP_PART_MODIFIER_MAP.rawValue | XCB_XKB_MAP_PART_EXPLICIT_COMPONENTS.rawValue
                | XCB_XKB_MAP_PART_KEY_ACTIONS.rawValue | XCB_XKB_MAP_PART_VIRTUAL_MODS.rawValue
                | XCB_XKB_MAP_PART_VIRTUAL_MOD_MAP.rawValue)
        let stateParts = UInt16(
            XCB_XKB_STATE_PART_MODIFIER_BASE.rawValue | XCB_XKB_STATE_PART_MODIFIER_LATCH.rawValue
                | XCB_XKB_STATE_PART_MODIFIER_LOCK.rawValue | XCB_XKB_STATE_PART_GROUP_BASE.rawValue
                | XCB_XKB_STATE_PART_GROUP_LATCH.rawValue | XCB_XKB_STATE_PART_GROUP_LOCK.rawValue)
        var details = xcb_xkb_select_events_details_t()
        details.affectNewKeyboard = newKeyboard
        details.newKeyboardDetails = newKeyboard
        details.affectState = stateParts
        details.stateDetails = stateParts
        let cookie = xcb_xkb_select_events_aux_checked(
            connection.pointer, xcb_xkb_device_spec_t(deviceID), events, 0, 0, mapParts, mapParts, &details)
        if let error = xcb_request_check(connection.pointer, cookie) {
            let code = error.pointee.error_code
            free(error)
            throw HostError(.xkbUnavailable, "the X server refused to send XKB events (X error \(code))")
        }
    }

    /// Sets the title, class, close protocol and size hints of a new window.
    static func setWindowProperties(
        connection: XCBConnection, window: xcb_window_t, title: String, minimumSize: (width: Int, height: Int),
        wmProtocols: xcb_atom_t, wmDeleteWindow: xcb_atom_t
    ) {
        let string = XCB_ATOM_STRING.rawValue
        // WM_NAME is Latin-1; _NET_WM_NAME carries the real title.
        let latin1 = title.unicodeScalars.map { $0.value < 256 ? UInt8($0.value) : UInt8(ascii: "?") }
        connection.setProperty(window, XCB_ATOM_WM_NAME.rawValue, type: string, bytes: latin1)
        connection.setProperty(
            window, connection.atom("_NET_WM_NAME"), type: connection.atom("UTF8_STRING"), bytes: Array(title.utf8))
        connection.setProperty(
            window, XCB_ATOM_WM_CLASS.rawValue, type: string, bytes: Array("keyinput\0KeyInputKit\0".utf8))
        connection.setProperty(window, wmProtocols, type: XCB_ATOM_ATOM.rawValue, words: [wmDeleteWindow])
        // WM_HINTS: takes input (InputHint), starts normal (StateHint).
        connection.setProperty(
            window, XCB_ATOM_WM_HINTS.rawValue, type: XCB_ATOM_WM_HINTS.rawValue,
            words: [1 | 2, 1, 1, 0, 0, 0, 0, 0, 0])
        // WM_NORMAL_HINTS: resizable down to the minimum size (PMinSize), with no maximum.
        var sizeHints = [UInt32](repeating: 0, count: 18)
        sizeHints[0] = 1 << 4
        sizeHints[5] = UInt32(minimumSize.width)
        sizeHints[6] = UInt32(minimumSize.height)
        connection.setProperty(
            window, XCB_ATOM_WM_NORMAL_HINTS.rawValue, type: XCB_ATOM_WM_SIZE_HINTS.rawValue, words: sizeHints)
    }

    /// The window's cairo surface, and a back buffer on the server like the window.
    static func makeSurfaces(
        connection: XCBConnection, window: xcb_window_t, depth: UInt8, visual: UnsafeMutablePointer<xcb_visualtype_t>,
        width: Int, height: Int, size: Size
    ) throws -> (window: CairoSurface, back: X11BackBuffer) {
        guard let raw = cairo_xcb_surface_create(connection.pointer, window, visual, Int32(width), Int32(height))
        else {
            throw HostError(.windowCreationFailed, "cairo could not create a surface for the window")
        }
        let status = cairo_surface_status(raw)
        guard status == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(raw)
            throw HostError(
                .windowCreationFailed,
                "cairo could not draw on the window: \(String(cString: cairo_status_to_string(status)))")
        }
        // Surfaces keep the device alive, the device keeps the connection alive.
        let owner: AnyObject = CairoXCBDevice(deviceOf: raw, connection: connection) ?? connection
        let windowSurface = try CairoSurface(adopting: raw, keepingAlive: owner)
        let back = try X11BackBuffer(
            connection: connection, window: window, depth: depth, visual: visual, width: width, height: height,
            size: size, device: windowSurface)
        return (windowSurface, back)
    }

    /// A graphics context for copying frames to the window, which asks for no exposure events.
    static func makeCopyGC(connection: XCBConnection, window: xcb_window_t) -> xcb_gcontext_t {
        let gc = xcb_generate_id(connection.pointer)
        let values: [UInt32] = [0]
        _ = xcb_create_gc(connection.pointer, gc, window, XCB_GC_GRAPHICS_EXPOSURES.rawValue, values)
        return gc
    }
}
