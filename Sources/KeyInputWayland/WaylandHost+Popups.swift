import CWayland
import KeyInputKit

extension WaylandHost: PopupHosting {
    /// Shows `popup` in an `xdg_popup` beside its anchor: below it, the
    /// compositor flipping it above and sliding it to keep it on screen, with
    /// a grab naming the newest key or button press or finger still down, so
    /// that a click outside ends it (`popup_done`, and the window dismisses
    /// it). Opened after the finger lifted (the edit menu after a long press),
    /// it shows without a grab (mutter places none naming a lifted finger),
    /// and the window ends it on a press outside it. The window learns
    /// where it went (`Window.popupWasPlaced(_:at:)`) from the configure.
    ///
    /// - Returns: `false` when the compositor makes no popup (the window
    ///   then draws it inside itself).
    public func showPopup(_ popup: Popup, in surface: Window) -> Bool {
        guard isOpen, let parent = toplevel.xdgSurface else { return false }
        // A grabbing popup opened while another shows (a submenu) must be the topmost one's child, placed in its geometry.
        let parentPopup = popups.last { !$0.isDone }
        let origin = parentPopup.map { Point(x: -$0.popup.frame.minX, y: -$0.popup.frame.minY) } ?? toplevel.contentOrigin
        let grab = seat.flatMap { seat in grabSerial.map { (seat: seat.seat.pointer, serial: $0) } }
        let shown: WaylandPopupSurface
        do {
            shown = try WaylandPopupSurface(
                popup: popup, surface: surface, connection: toplevel.connection, globals: toplevel.globals,
                parent: parent, parentPopup: parentPopup, anchor: popup.anchor.offsetBy(dx: origin.x, dy: origin.y),
                scale: toplevel.bufferScale, grab: grab)
        } catch {
            return false
        }
        surface.advanceTime(to: now)
        popups.append(shown)
        // The configure that places it answers the first commit; the loop reads it (followPopups()).
        return true
    }

    /// Destroys the popup's `xdg_popup`, `xdg_surface` and surface.
    public func hidePopup(_ popup: Popup) {
        guard let index = popups.firstIndex(where: { $0.popup === popup }) else { return }
        popups.remove(at: index).destroy()
        if popups.isEmpty { checksKeyboardFocusAfterPopups = true }
    }

    /// Tells the window where the compositor placed its popups, dismisses
    /// those it ended, and draws those that need it.
    func followPopups() {
        if checksKeyboardFocusAfterPopups, popups.isEmpty {
            // The compositor gives the window its focus back as the popup goes, or it went elsewhere meanwhile.
            try? toplevel.roundtrip()
            checksKeyboardFocusAfterPopups = false
            if keyboardFocusIsWithPopups, popups.isEmpty {
                keyboardFocusIsWithPopups = false
                keyboardFocusLeft()
            }
        }
        guard !popups.isEmpty else { return }
        let origin = toplevel.contentOrigin
        for shown in popups {
            if shown.isDone {
                shown.popup.window?.popupWasDismissedByHost(shown.popup)
                continue
            }
            if let placement = shown.placement {
                let frame =
                    shown.parentPopup.map { placement.offsetBy(dx: $0.popup.frame.minX, dy: $0.popup.frame.minY) }
                    ?? placement.offsetBy(dx: -origin.x, dy: -origin.y)
                if shown.popup.frame != frame { window.popupWasPlaced(shown.popup, at: frame) }
            }
            shown.bufferScale = toplevel.bufferScale
            shown.surface.advanceTime(to: now)
            try? shown.drawIfNeeded()
        }
    }

    /// The popup drawn on a surface, if one is.
    func popup(on surface: OpaquePointer) -> WaylandPopupSurface? {
        popups.first { $0.wlSurface.pointer == surface }
    }

    /// Sends a popup what the pointer did over it.
    func handlePopupPointer(_ event: WaylandPointer.Event, on shown: WaylandPopupSurface) {
        shown.surface.advanceTime(to: now)
        for pointerEvent in shown.pointerTracker.handle(event) {
            shown.surface.sendPointerEvent(pointerEvent)
            report(.pointer(pointerEvent))
        }
    }

    /// Sends a popup what a finger on it did.
    func handlePopupTouch(_ event: WaylandTouch.Event, on surface: OpaquePointer) {
        guard let shown = popup(on: surface) else { return }
        core.advance()
        shown.surface.advanceTime(to: now)
        switch event {
        case .down(let id, let location, let serial):
            popupGrabSerials.touchDown(id: id, serial: serial)
            lastInputSerial = serial
            shown.surface.sendTouch(.began, id: id, at: location)
            report(.touch(.began, id: id, location: location))
        case .moved(let id, let location):
            shown.surface.sendTouch(.moved, id: id, at: location)
            report(.touch(.moved, id: id, location: location))
        case .up(let id, let location, _):
            popupGrabSerials.touchUp(id: id)
            shown.surface.sendTouch(.ended, id: id, at: location)
            report(.touch(.ended, id: id, location: location))
        case .cancelled:
            popupGrabSerials.touchesCancelled()
            shown.surface.cancelAllTouches()
        }
    }
}
