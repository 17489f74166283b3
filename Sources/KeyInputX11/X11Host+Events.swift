import CCairo
import CXCB
import KeyInputKit
import XKB

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

extension X11Host {
    /// Handles every event xcb has queued; returns how many there were.
    func drainEvents() -> Int {
        var count = 0
        while let event = xcb_poll_for_event(connection.pointer) {
            defer { free(event) }
            handle(event)
            count += 1
        }
        return count
    }

    /// Handles one event. The event memory stays owned by the caller.
    func handle(_ event: UnsafeMutablePointer<xcb_generic_event_t>) {
        let raw = UnsafeRawPointer(event)
        let type = event.pointee.response_type & 0x7f
        if type == 0 { return }  // an error reply to a request nobody checked
        if xkbDeviceID != nil, type == xkbBaseEvent {
            handleXKBEvent(raw)
            return
        }
        if handlePopupEvent(raw, type: Int32(type)) { return }
        switch Int32(type) {
        case XCB_KEY_PRESS:
            let key = raw.load(as: xcb_key_press_event_t.self)
            guard key.event == xWindow else { return }
            let code = Keycode(rawValue: UInt32(key.detail))
            // A press of a key already down is the server's auto-repeat:
            // HardwareKeyboard makes its own repeats on the host's clock.
            guard !keyboard.isKeyDown(code) else { return }
            guard !offerKeyToScreenReader(code, isPress: true, state: key.state, time: key.time) else { return }
            keyboard.handleKey(code, direction: .down, at: serverClock.hostTime(of: key.time, now: now))
            report(.key(code, .down))
        case XCB_KEY_RELEASE:
            let key = raw.load(as: xcb_key_release_event_t.self)
            guard key.event == xWindow else { return }
            let code = Keycode(rawValue: UInt32(key.detail))
            // A key the app saw go down always goes up, whatever the screen reader says.
            let taken = offerKeyToScreenReader(code, isPress: false, state: key.state, time: key.time)
            guard !taken || keyboard.isKeyDown(code) else { return }
            if !usesDetectableAutoRepeat, let next = xcb_poll_for_queued_event(connection.pointer) {
                // Without detectable auto-repeat a held key sends release and
                // press with one timestamp: drop both.
                defer { free(next) }
                let nextKey = UnsafeRawPointer(next).load(as: xcb_key_press_event_t.self)
                if Int32(next.pointee.response_type & 0x7f) == XCB_KEY_PRESS, nextKey.detail == key.detail,
                    nextKey.time == key.time
                {
                    return
                }
                releaseKey(code, time: key.time)
                handle(next)
                return
            }
            releaseKey(code, time: key.time)
        case XCB_BUTTON_PRESS:
            let button = raw.load(as: xcb_button_press_event_t.self)
            guard button.event == xWindow else { return }
            let location = Point(x: Double(button.event_x), y: Double(button.event_y))
            switch button.detail {
            case 1:
                clickCount = clicks.press(at: location, time: button.time)
                buttonOneDown = true
                sendPointer(PointerEvent(.down, at: location, button: 1, clickCount: clickCount))
            case 2 where !buttonOneDown:
                // The middle button: a text control pastes the primary selection there.
                middleButtonDown = true
                sendPointer(PointerEvent(.down, at: location, button: 2))
            case 3 where !buttonOneDown:
                // The right button: the window opens the edit menu there.
                rightButtonDown = true
                sendPointer(PointerEvent(.down, at: location, button: 3))
            case 4: sendPointer(PointerEvent(.scroll(dx: 0, dy: -1), at: location, button: 4))
            case 5: sendPointer(PointerEvent(.scroll(dx: 0, dy: 1), at: location, button: 5))
            case 6: sendPointer(PointerEvent(.scroll(dx: -1, dy: 0), at: location, button: 6))
            case 7: sendPointer(PointerEvent(.scroll(dx: 1, dy: 0), at: location, button: 7))
            default: break
            }
        case XCB_BUTTON_RELEASE:
            let button = raw.load(as: xcb_button_release_event_t.self)
            if button.event == xWindow, button.detail == 2, middleButtonDown {
                middleButtonDown = false
                sendPointer(PointerEvent(.up, at: Point(x: Double(button.event_x), y: Double(button.event_y)), button: 2))
                return
            }
            if button.event == xWindow, button.detail == 3, rightButtonDown {
                rightButtonDown = false
                sendPointer(PointerEvent(.up, at: Point(x: Double(button.event_x), y: Double(button.event_y)), button: 3))
                return
            }
            guard button.event == xWindow, button.detail == 1, buttonOneDown else { return }
            buttonOneDown = false
            let location = Point(x: Double(button.event_x), y: Double(button.event_y))
            sendPointer(PointerEvent(.up, at: location, button: 1, clickCount: clickCount))
            cursors.show(window.cursor(at: location))
        case XCB_MOTION_NOTIFY:
            let motion = raw.load(as: xcb_motion_notify_event_t.self)
            guard motion.event == xWindow else { return }
            let location = Point(x: Double(motion.event_x), y: Double(motion.event_y))
            // While a button is down the press's view keeps the pointer, and its cursor.
            guard buttonOneDown else { return cursors.show(window.cursor(at: location)) }
            sendPointer(PointerEvent(.dragged, at: location, button: 1, clickCount: clickCount))
        case XCB_ENTER_NOTIFY:
            let enter = raw.load(as: xcb_enter_notify_event_t.self)
            guard enter.event == xWindow, !buttonOneDown else { return }
            cursors.show(window.cursor(at: Point(x: Double(enter.event_x), y: Double(enter.event_y))))
        case XCB_EXPOSE:
            let expose = raw.load(as: xcb_expose_event_t.self)
            guard expose.window == xWindow else { return }
            needsPresent = true
            if expose.count == 0 { report(.expose) }
        case XCB_CONFIGURE_NOTIFY:
            let configure = raw.load(as: xcb_configure_notify_event_t.self)
            guard configure.window == xWindow else { return }
            refreshScreenOrigin()
            let size = (width: Int(configure.width), height: Int(configure.height))
            guard size != surfaceSize else { return }
            windowDidResize(width: size.width, height: size.height)
            report(.resized(Size(width: Double(size.width), height: Double(size.height))))
        case XCB_FOCUS_IN:
            let focus = raw.load(as: xcb_focus_in_event_t.self)
            guard focus.event == xWindow, focus.detail != UInt8(XCB_NOTIFY_DETAIL_POINTER.rawValue) else { return }
            application.makeKey(window)
            refreshScreenOrigin()
            window.inputMethodWindowFocusDidChange(true)
            window.isActive = true
            report(.focus(true))
        case XCB_FOCUS_OUT:
            let focus = raw.load(as: xcb_focus_out_event_t.self)
            guard focus.event == xWindow, focus.detail != UInt8(XCB_NOTIFY_DETAIL_POINTER.rawValue) else { return }
            // Releases go elsewhere now: let go of every key held here, so
            // nothing repeats and no modifier stays down.
            for code in keyboard.releaseAllKeys(at: now) { report(.key(code, .up)) }
            window.inputMethodWindowFocusDidChange(false)
            window.isActive = false
            report(.focus(false))
        case XCB_CLIENT_MESSAGE:
            let message = raw.load(as: xcb_client_message_event_t.self)
            guard message.window == xWindow, message.type == wmProtocols, message.format == 32,
                message.data.data32.0 == wmDeleteWindow
            else { return }
            close()
            report(.closed)
        case XCB_GE_GENERIC:
            handleTouchEvent(raw)
        case XCB_DESTROY_NOTIFY:
            let destroy = raw.load(as: xcb_destroy_notify_event_t.self)
            guard destroy.window == xWindow, isOpen else { return }
            core.markClosed()
            selections.detach()
            report(.closed)
        default:
            _ = selections.handle(raw, type: Int32(type))
        }
    }

    /// Releases a key at the time the server says it went up, not when the loop got to it.
    private func releaseKey(_ code: Keycode, time: xcb_timestamp_t) {
        keyboard.handleKey(code, direction: .up, at: serverClock.hostTime(of: time, now: now))
        report(.key(code, .up))
    }

    private func sendPointer(_ event: PointerEvent) {
        window.sendPointerEvent(event)
        report(.pointer(event))
    }

    private func report(_ event: HostEvent) {
        core.report(event)
    }

    /// XKB's events: a new keyboard, a new keymap, a new state.
    private func handleXKBEvent(_ raw: UnsafeRawPointer) {
        // Every XKB event starts: response type, XKB type, sequence, time, device.
        let xkbType = raw.load(fromByteOffset: 1, as: UInt8.self)
        let device = raw.load(fromByteOffset: 8, as: UInt8.self)
        guard let deviceID = xkbDeviceID, Int32(device) == deviceID, keymapOverride == nil else { return }
        switch Int32(xkbType) {
        case XCB_XKB_NEW_KEYBOARD_NOTIFY:
            let notify = raw.load(as: xcb_xkb_new_keyboard_notify_event_t.self)
            if notify.changed & UInt16(XCB_XKB_NKN_DETAIL_KEYCODES.rawValue) != 0 { reloadKeymap() }
        case XCB_XKB_MAP_NOTIFY:
            reloadKeymap()
        case XCB_XKB_STATE_NOTIFY:
            let state = raw.load(as: xcb_xkb_state_notify_event_t.self)
            keyboard.updateMask(
                KeyboardState.Masks(
                    depressedModifiers: ModifierMask(rawValue: UInt32(state.baseMods)),
                    latchedModifiers: ModifierMask(rawValue: UInt32(state.latchedMods)),
                    lockedModifiers: ModifierMask(rawValue: UInt32(state.lockedMods)),
                    depressedLayout: Int(state.baseGroup), latchedLayout: Int(state.latchedGroup),
                    lockedLayout: Int(state.lockedGroup)))
            report(.stateChanged)
        default:
            break
        }
    }

    /// Fetches the server's keymap and state again and gives them to the keyboard.
    private func reloadKeymap() {
        guard let deviceID = xkbDeviceID,
            let server = try? Self.serverKeyboard(connection: connection, deviceID: deviceID, context: keymapContext)
        else { return }
        // The keyboard forgets the keys held with the old keymap.
        keyboard.setKeymap(server.keymap)
        keyboard.updateMask(server.masks)
        report(.keymapChanged)
    }
}
