import KeyInputKit

extension WaylandHost {
    /// Follows the seat's touch screen: a new `wl_touch` is listened to; when
    /// it goes, the fingers it had down are cancelled.
    func touchChanged(_ proxy: WaylandProxy?) {
        if touch?.hasFingers == true { handleTouches([.cancelled]) }
        popupGrabSerials.touchesCancelled()
        touch = proxy.map { proxy in
            let touch = WaylandTouch(proxy, content: toplevel.surface.pointer)
            touch.onFrame = { [unowned self] events in self.handleTouches(events) }
            touch.isPopupSurface = { [unowned self] surface in self.popup(on: surface) != nil }
            touch.onPopupEvent = { [unowned self] event, surface in self.handlePopupTouch(event, on: surface) }
            return touch
        }
    }

    /// Sends the window a frame's touches, at the time now.
    private func handleTouches(_ events: [WaylandTouch.Event]) {
        // Tap counts and long presses read the window's clock: bring it to the moment the frame arrived.
        core.advance()
        for event in events {
            switch event {
            case .down(let id, let location, let serial):
                // As a click, a touch names the serial that copying the selection must give.
                lastInputSerial = serial
                popupGrabSerials.touchDown(id: id, serial: serial)
                send(.began, id: id, at: location)
            case .moved(let id, let location):
                send(.moved, id: id, at: location)
            case .up(let id, let location, let serial):
                lastInputSerial = serial
                popupGrabSerials.touchUp(id: id)
                send(.ended, id: id, at: location)
            case .cancelled:
                popupGrabSerials.touchesCancelled()
                let fingers = window.activeTouches
                window.cancelAllTouches()
                for finger in fingers { report(.touch(.cancelled, id: finger.id, location: finger.location)) }
            }
        }
    }

    private func send(_ phase: Touch.Phase, id: Int, at location: Point) {
        window.sendTouch(phase, id: id, at: location)
        report(.touch(phase, id: id, location: location))
    }
}
