import CWayland
import CWaylandProtocols
import KeyInputKit

extension WaylandClipboard {
    /// Offers `string` as the pasteboard's selection, named by the last
    /// input event's serial, or clears the selection this process holds for `nil`.
    func pasteboard(_ pasteboard: Pasteboard, didSetString string: String?) {
        let name = pasteboard.name
        waitingForSerial.remove(name)
        guard let string else {
            if sources[name] != nil { setSelection(name, to: nil) }
            sources[name] = nil
            flush()
            return
        }
        do {
            let source =
                try name == .clipboard
                ? DataSource.clipboard(manager: manager, text: string, mimeTypes: Self.offeredTypes)
                : DataSource.primary(manager: primaryManager ?? manager, text: string, mimeTypes: Self.offeredTypes)
            source.onSend = { [unowned self, unowned source] descriptor in self.send(source.text, to: descriptor) }
            source.onCancelled = { [unowned self, unowned source] in self.cancelled(source, pasteboard: pasteboard) }
            // Set before the old source goes, so the selection is never empty between them.
            if inputSerial() == 0 {
                // The compositor ignores a selection no input event named: it waits for the first one.
                waitingForSerial.insert(name)
            } else {
                setSelection(name, to: source)
            }
            sources[name] = source
            flush()
        } catch {
            Self.logger.warning("could not offer the copied text to other programs: \(error)")
        }
    }

    /// The first input event came: the selections copied before it are set now.
    func inputArrived() {
        for name in waitingForSerial {
            if let source = sources[name] { setSelection(name, to: source) }
        }
        waitingForSerial = []
        flush()
    }

    private func setSelection(_ name: Pasteboard.Name, to source: DataSource?) {
        switch name {
        case .clipboard:
            wl_data_device_set_selection(device.pointer, source?.proxy.pointer, inputSerial())
        case .primary:
            guard let primaryDevice else { return }
            zwp_primary_selection_device_v1_set_selection(primaryDevice.pointer, source?.proxy.pointer, inputSerial())
        }
    }

    /// Another program asked for the text: it is written as the pipe takes it.
    private func send(_ text: String, to descriptor: Int32) {
        let transfer = OutgoingTransfer(
            descriptor: descriptor, text: text, deadline: MonotonicClock.now() + timeout)
        outgoing.append(transfer)
        serviceOutgoing(now: MonotonicClock.now())
    }

    /// Another program took the selection: the text is no longer the pasteboard's.
    private func cancelled(_ cancelled: DataSource, pasteboard: Pasteboard) {
        guard sources[pasteboard.name] === cancelled else { return }
        sources[pasteboard.name] = nil
        pasteboard.ownershipLost()
    }

    /// Writes what each pipe takes; finished, failed and stalled copies are dropped.
    func serviceOutgoing(now: Double) {
        outgoing.removeAll { transfer in
            let before = transfer.written
            let progress = transfer.write()
            if transfer.written > before { transfer.deadline = now + timeout }
            switch progress {
            case .finished:
                return true
            case .failed(let reason):
                Self.logger.info("a program stopped reading the copied text after \(transfer.progress): \(reason)")
                return true
            case .pending where transfer.deadline <= now:
                Self.logger.warning("a program stopped reading the copied text after \(transfer.progress); dropped")
                return true
            case .pending:
                return false
            }
        }
    }

    func flush() {
        _ = wl_display_flush(connection.pointer)
    }
}
