import CXCB
import KeyInputKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

extension X11Host: PopupHosting {
    /// Shows `popup` in an override-redirect window of its own
    /// (`_NET_WM_WINDOW_TYPE_POPUP_MENU`, transient for the main window),
    /// below its anchor on the screen, above it when there is no room below,
    /// slid left to fit; the window learns where it went
    /// (`Window.popupWasPlaced(_:at:)`).
    ///
    /// - Returns: `false` when the window or its drawing surface cannot be
    ///   made (the window then draws the popup inside itself).
    public func showPopup(_ popup: Popup, in surface: Window) -> Bool {
        guard isOpen, connection.error == nil, let screen = connection.screen else { return false }
        let c = connection.pointer
        let origin = windowOriginOnScreen() ?? .zero
        let size = Size(width: Double(Self.pixels(surface.frame.width)), height: Double(Self.pixels(surface.frame.height)))
        let anchor = popup.anchor.offsetBy(dx: origin.x, dy: origin.y)
        let screenSize = Size(width: Double(screen.pointee.width_in_pixels), height: Double(screen.pointee.height_in_pixels))
        let frame = X11PopupSurface.place(size, beside: anchor, on: screenSize)

        let popupWindow = xcb_generate_id(c)
        let eventMask: UInt32 =
            XCB_EVENT_MASK_BUTTON_PRESS.rawValue | XCB_EVENT_MASK_BUTTON_RELEASE.rawValue
            | XCB_EVENT_MASK_POINTER_MOTION.rawValue | XCB_EVENT_MASK_EXPOSURE.rawValue
        // In value-mask order: no background (the back buffer covers it), override-redirect, events.
        let values: [UInt32] = [UInt32(XCB_BACK_PIXMAP_NONE.rawValue), 1, eventMask]
        let created = xcb_create_window_checked(
            c, UInt8(XCB_COPY_FROM_PARENT), popupWindow, screen.pointee.root, Int16(frame.minX), Int16(frame.minY),
            UInt16(size.width), UInt16(size.height), 0, UInt16(XCB_WINDOW_CLASS_INPUT_OUTPUT.rawValue),
            screen.pointee.root_visual,
            XCB_CW_BACK_PIXMAP.rawValue | XCB_CW_OVERRIDE_REDIRECT.rawValue | XCB_CW_EVENT_MASK.rawValue, values)
        if let error = xcb_request_check(c, created) {
            free(error)
            return false
        }
        connection.setProperty(
            popupWindow, connection.atom("_NET_WM_WINDOW_TYPE"), type: XCB_ATOM_ATOM.rawValue,
            words: [connection.atom("_NET_WM_WINDOW_TYPE_POPUP_MENU")])
        connection.setProperty(popupWindow, XCB_ATOM_WM_TRANSIENT_FOR.rawValue, type: XCB_ATOM_WINDOW.rawValue, words: [xWindow])
        let backBuffer: X11BackBuffer
        do {
            backBuffer = try X11BackBuffer(
                connection: connection, window: popupWindow, depth: depth, visual: visual, width: Int(size.width),
                height: Int(size.height), size: surface.frame.size, device: windowSurface)
        } catch {
            _ = xcb_destroy_window(c, popupWindow)
            return false
        }
        backBuffer.canvas.fontFamily = fontFamily
        backBuffer.canvas.textEngine = textLayoutEngine
        let shown = X11PopupSurface(
            popup: popup, surface: surface, xWindow: popupWindow, screenFrame: frame, backBuffer: backBuffer,
            touch: X11Touch.select(on: popupWindow, connection: connection))
        popups.append(shown)
        surface.advanceTime(to: now)
        surface.needsDisplay = true
        _ = xcb_map_window(c, popupWindow)
        if popups.count == 1 { grabPointerForPopups() }
        connection.flush()
        window.popupWasPlaced(popup, at: frame.offsetBy(dx: -origin.x, dy: -origin.y))
        return true
    }

    /// Destroys the popup's window.
    public func hidePopup(_ popup: Popup) {
        guard let index = popups.firstIndex(where: { $0.popup === popup }) else { return }
        let shown = popups.remove(at: index)
        _ = xcb_destroy_window(connection.pointer, shown.xWindow)
        if popups.isEmpty { _ = xcb_ungrab_pointer(connection.pointer, xcb_timestamp_t(XCB_CURRENT_TIME)) }
        connection.flush()
    }

    /// Grabs the pointer while popups show, as menus do: presses on the window and its popups arrive as
    /// ever (owner events), and a press anywhere else reaches the host, which ends the popups.
    private func grabPointerForPopups() {
        let mask =
            XCB_EVENT_MASK_BUTTON_PRESS.rawValue | XCB_EVENT_MASK_BUTTON_RELEASE.rawValue
            | XCB_EVENT_MASK_POINTER_MOTION.rawValue
        // Another client's grab makes this fail: the popups then stay until dismissed.
        _ = xcb_grab_pointer(
            connection.pointer, 1, xWindow, UInt16(mask), UInt8(XCB_GRAB_MODE_ASYNC.rawValue),
            UInt8(XCB_GRAB_MODE_ASYNC.rawValue), xcb_window_t(XCB_NONE), xcb_cursor_t(XCB_NONE),
            xcb_timestamp_t(XCB_CURRENT_TIME))
    }

    /// Draws the popups whose windows need it, as ``draw()`` draws the main window.
    func drawPopups() {
        for shown in popups {
            shown.surface.advanceTime(to: now)
            let drawn = shown.surface.renderDamage(to: shown.backBuffer.canvas)
            let whole = Rect(origin: .zero, size: shown.screenFrame.size)
            guard let part = shown.needsPresent ? whole : drawn?.integral.intersection(whole), !part.isEmpty else {
                continue
            }
            shown.needsPresent = false
            shown.backBuffer.copy(part, to: shown.xWindow, with: copyGC, on: connection)
        }
    }

    /// Handles an event for a popup's window; `false` when it is for none.
    func handlePopupEvent(_ raw: UnsafeRawPointer, type: Int32) -> Bool {
        guard !popups.isEmpty else { return false }
        switch type {
        case XCB_BUTTON_PRESS:
            let button = raw.load(as: xcb_button_press_event_t.self)
            guard let shown = popup(for: button.event) else {
                // Outside the window and its popups (the grab brings it here): the popups end, and it goes no further.
                let x = Int(button.event_x), y = Int(button.event_y)
                let outside = x < 0 || y < 0 || x >= surfaceSize.width || y >= surfaceSize.height
                guard button.event == xWindow, outside, let first = popups.first?.popup else { return false }
                window.popupWasDismissedByHost(first)
                return true
            }
            let location = Point(x: Double(button.event_x), y: Double(button.event_y))
            if button.detail == 1 {
                shown.buttonOneDown = true
                sendToPopup(shown, PointerEvent(.down, at: location, button: 1, clickCount: 1))
            }
        case XCB_BUTTON_RELEASE:
            let button = raw.load(as: xcb_button_release_event_t.self)
            guard let shown = popup(for: button.event) else { return false }
            guard button.detail == 1, shown.buttonOneDown else { return true }
            shown.buttonOneDown = false
            sendToPopup(shown, PointerEvent(.up, at: Point(x: Double(button.event_x), y: Double(button.event_y)), button: 1, clickCount: 1))
        case XCB_MOTION_NOTIFY:
            let motion = raw.load(as: xcb_motion_notify_event_t.self)
            guard let shown = popup(for: motion.event) else { return false }
            guard shown.buttonOneDown else { return true }
            let location = Point(x: Double(motion.event_x), y: Double(motion.event_y))
            sendToPopup(shown, PointerEvent(.dragged, at: location, button: 1, clickCount: 1))
        case XCB_ENTER_NOTIFY:
            let enter = raw.load(as: xcb_enter_notify_event_t.self)
            return popup(for: enter.event) != nil
        case XCB_EXPOSE:
            let expose = raw.load(as: xcb_expose_event_t.self)
            guard let shown = popup(for: expose.window) else { return false }
            shown.needsPresent = true
        case XCB_GE_GENERIC:
            guard let shown = popups.first(where: { $0.touch?.event(raw)?.window == $0.xWindow }),
                let event = shown.touch?.event(raw)
            else { return false }
            tick()
            shown.surface.advanceTime(to: now)
            shown.surface.sendTouch(event.phase, id: event.id, at: event.location)
            core.report(.touch(event.phase, id: event.id, location: event.location))
        default:
            return false
        }
        return true
    }

    private func popup(for xWindow: xcb_window_t) -> X11PopupSurface? {
        popups.first { $0.xWindow == xWindow }
    }

    private func sendToPopup(_ shown: X11PopupSurface, _ event: PointerEvent) {
        shown.surface.advanceTime(to: now)
        shown.surface.sendPointerEvent(event)
        core.report(.pointer(event))
    }
}
