import CXCB
import KeyInputKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

extension X11Host {
    // MARK: Running

    /// One turn of the event loop: handles the events that are queued, or
    /// waits up to `timeout` seconds for some; then moves the window's and
    /// the keyboard's clocks and draws what changed.
    ///
    /// Tests and hosts that run their own loop call this a bounded number of
    /// times instead of ``run()``.
    ///
    /// - Parameter timeout: The longest wait for an event, in seconds; 0
    ///   does not wait.
    /// - Returns: Whether the window is still open.
    /// - Throws: ``HostError`` (`connectionLost`) when the X server goes away.
    @discardableResult
    public func processEvents(timeout: Double) throws -> Bool {
        guard isOpen else { return false }
        var handled = readQueuedEventsAndTick()
        connection.flush()
        handled += drainEvents()
        if handled == 0, timeout > 0, isOpen {
            // The input method, the screen reader and stalled selection transfers can wake the wait too.
            let wait = core.wait(upTo: timeout)
            var descriptors = [pollfd(fd: connection.fileDescriptor, events: Int16(POLLIN), revents: 0)] + wait.descriptors
            _ = poll(&descriptors, nfds_t(descriptors.count), Int32((wait.timeout * 1000).rounded(.up)))
            handled += drainEvents()
        }
        if handled > 0, isOpen, window.needsDisplay {
            // What the events changed goes to the screen first; the input method's and the screen reader's
            // messages and the selections' deadlines follow, and are drawn below if they change anything.
            draw()
            connection.flush()
        }
        core.dispatchSources()
        if let error = connection.error {
            core.markClosed()
            selections.detach()
            throw error
        }
        _ = readQueuedEventsAndTick()
        if isOpen { draw() }
        connection.flush()
        // The frame is on its way; the work it did not wait for follows once the X server has drawn it.
        if window.hasWorkAfterPresenting, window.performWorkAfterPresentingIfDue(now: now) == nil {
            if isOpen { draw() }
            connection.flush()
        }
        return isOpen
    }

    /// Closes the X window now; ``run()`` returns and the host stays closed.
    public func close() {
        guard isOpen else { return }
        core.markClosed()
        selections.detach()
        for shown in popups { _ = xcb_destroy_window(connection.pointer, shown.xWindow) }
        popups.removeAll()
        _ = xcb_free_gc(connection.pointer, copyGC)
        _ = xcb_destroy_window(connection.pointer, xWindow)
        connection.flush()
    }

    // MARK: Time and drawing

    /// Seconds on the host's clock.
    var now: Double { core.now }

    func tick() { core.advance() }

    /// Handles the events the server already sent, then moves the clocks.
    ///
    /// In that order: after a slow turn, a key's release is often waiting in
    /// the queue, and moving the keyboard's clock first would take the key for
    /// one held past the repeat delay and type it again.
    ///
    /// - Returns: How many events there were.
    func readQueuedEventsAndTick() -> Int {
        let handled = drainEvents()
        tick()
        return handled
    }

    /// Draws the part of the window that needs it into the back buffer, and
    /// copies what changed to the screen: that part, or all of it after an
    /// expose or a resize.
    func draw() {
        drawPopups()
        if let part = window.renderDamage(to: backBuffer.canvas) {
            drawnRect = drawnRect.map { $0.union(part) } ?? part
        }
        guard needsPresent || drawnRect != nil else { return }
        let whole = Rect(x: 0, y: 0, width: Double(surfaceSize.width), height: Double(surfaceSize.height))
        let part = needsPresent ? whole : (drawnRect?.integral ?? whole).intersection(whole)
        needsPresent = false
        drawnRect = nil
        guard !part.isEmpty else { return }
        backBuffer.copy(part, to: xWindow, with: copyGC, on: connection)
    }

    static func pixels(_ points: Double) -> Int {
        guard points.isFinite else { return 1 }
        return max(1, min(32767, Int(points.rounded(.up))))
    }
}
