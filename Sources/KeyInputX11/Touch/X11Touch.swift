import CXCB
import KeyInputKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// XInput 2.2 touch on one window: the `TouchBegin`, `TouchUpdate` and
/// `TouchEnd` events the server sends for every finger, from every master
/// device.
///
/// A client that selects touch events on a window owns the touches that
/// start there (when no grab takes them first), and the server then sends it
/// no pointer events emulated from those touches: a finger arrives once, as
/// a touch. A server without XInput 2.2 has no touch to select; the window
/// then gets the pointer events the server emulates, as before.
struct X11Touch: Equatable {
    /// One finger's event, in the window's coordinates.
    struct Event: Equatable {
        /// What the finger did.
        var phase: Touch.Phase
        /// The server's touch id, kept from `TouchBegin` to `TouchEnd`.
        var id: Int
        /// Where the finger is, in window pixels (fractions kept).
        var location: Point
        /// The window the event is for.
        var window: xcb_window_t
    }

    /// The XInputExtension's major opcode: its events arrive as GenericEvents naming it.
    let opcode: UInt8

    /// Asks for XInput 2.2 and selects touch events from every master device on `window`.
    ///
    /// - Returns: The touch events' decoder, or `nil` when the server has no
    ///   XInput 2.2 or refuses the selection (the window then goes without).
    static func select(on window: xcb_window_t, connection: XCBConnection) -> X11Touch? {
        let c = connection.pointer
        let name = "XInputExtension"
        let extensionCookie = xcb_query_extension(c, UInt16(name.utf8.count), name)
        guard let present = xcb_query_extension_reply(c, extensionCookie, nil) else { return nil }
        defer { free(present) }
        guard present.pointee.present != 0 else { return nil }
        // Touch events may be selected only by a client that announced 2.2.
        let versionCookie = xcb_input_xi_query_version(c, 2, 2)
        guard let version = xcb_input_xi_query_version_reply(c, versionCookie, nil) else { return nil }
        defer { free(version) }
        let (major, minor) = (version.pointee.major_version, version.pointee.minor_version)
        guard major > 2 || (major == 2 && minor >= 2) else { return nil }
        let mask =
            XCB_INPUT_XI_EVENT_MASK_TOUCH_BEGIN.rawValue | XCB_INPUT_XI_EVENT_MASK_TOUCH_UPDATE.rawValue
            | XCB_INPUT_XI_EVENT_MASK_TOUCH_END.rawValue
        // The request takes a device's mask header followed by its mask words.
        let header = MemoryLayout<xcb_input_event_mask_t>.size
        let allMasters = xcb_input_device_id_t(XCB_INPUT_DEVICE_ALL_MASTER.rawValue)
        let cookie = withUnsafeTemporaryAllocation(byteCount: header + 4, alignment: 4) { buffer in
            buffer.storeBytes(
                of: xcb_input_event_mask_t(deviceid: allMasters, mask_len: 1), as: xcb_input_event_mask_t.self)
            buffer.storeBytes(of: UInt32(mask), toByteOffset: header, as: UInt32.self)
            return xcb_input_xi_select_events_checked(
                c, window, 1, buffer.baseAddress!.assumingMemoryBound(to: xcb_input_event_mask_t.self))
        }
        if let error = xcb_request_check(c, cookie) {
            free(error)
            return nil
        }
        return X11Touch(opcode: present.pointee.major_opcode)
    }

    /// The touch event a GenericEvent carries, or `nil` for another extension's or another kind.
    ///
    /// - Parameter raw: The whole event as xcb hands it over (`full_sequence` at byte 32).
    func event(_ raw: UnsafeRawPointer) -> Event? {
        let generic = raw.load(as: xcb_ge_generic_event_t.self)
        guard Int32(generic.response_type & 0x7f) == XCB_GE_GENERIC, generic.extension == opcode else { return nil }
        let phase: Touch.Phase
        switch Int32(generic.event_type) {
        case XCB_INPUT_TOUCH_BEGIN: phase = .began
        case XCB_INPUT_TOUCH_UPDATE: phase = .moved
        case XCB_INPUT_TOUCH_END: phase = .ended
        default: return nil
        }
        let touch = raw.load(as: xcb_input_touch_begin_event_t.self)
        return Event(
            phase: phase, id: Int(touch.detail),
            location: Point(x: Self.double(touch.event_x), y: Self.double(touch.event_y)), window: touch.event)
    }

    /// A 16.16 fixed-point number as a `Double`.
    static func double(_ fixed: xcb_input_fp1616_t) -> Double { Double(fixed) / 65536 }
}
