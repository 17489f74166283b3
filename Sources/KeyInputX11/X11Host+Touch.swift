import KeyInputKit

extension X11Host {
    /// Sends the window the finger an XInput 2.2 touch event (a GenericEvent) reports, if it is one of the window's.
    func handleTouchEvent(_ raw: UnsafeRawPointer) {
        guard let event = touch?.event(raw), event.window == xWindow else { return }
        // Tap counts and long presses read the window's clock: bring it to the moment the event arrived.
        tick()
        window.sendTouch(event.phase, id: event.id, at: event.location)
        core.report(.touch(event.phase, id: event.id, location: event.location))
    }
}
