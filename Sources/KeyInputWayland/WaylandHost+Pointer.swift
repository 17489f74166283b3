import KeyInputKit

extension WaylandHost {
    /// Follows the seat's pointer: a new `wl_pointer` is listened to, a lost one forgotten.
    func pointerChanged(_ proxy: WaylandProxy?) {
        guard let proxy else {
            pointer = nil
            return
        }
        let pointer = WaylandPointer(proxy, globals: toplevel.globals, content: toplevel.surface.pointer)
        pointer.onEvent = { [unowned self] event in self.handlePointer(event) }
        pointer.cursorAt = { [unowned self] location in self.window.cursor(at: location) }
        pointer.isPopupSurface = { [unowned self] surface in self.popup(on: surface) != nil }
        self.pointer = pointer
    }

    /// Sends the window what the X11 host would send for the same action.
    private func handlePointer(_ event: WaylandPointer.Event) {
        // A click names the serial that copying the selection must give.
        if case .button(_, let pressed, let serial, _) = event {
            lastInputSerial = serial
            if pressed { popupGrabSerials.buttonPressed(serial: serial) }
        }
        if let under = pointer?.surfaceUnder, under != toplevel.surface.pointer, let shown = popup(on: under) {
            return handlePopupPointer(event, on: shown)
        }
        for pointerEvent in pointerTracker.handle(event) {
            window.sendPointerEvent(pointerEvent)
            report(.pointer(pointerEvent))
        }
    }
}
