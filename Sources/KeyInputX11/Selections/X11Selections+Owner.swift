import CXCB
import KeyInputKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Text this process owns as a selection.
struct OwnedSelection {
    /// The pasteboard it was copied to; told when another program takes the selection.
    let pasteboard: Pasteboard
    /// The text, as UTF-8.
    var utf8: [UInt8]
    /// The server time the selection was taken at; `nil` until the server confirmed it.
    var since: xcb_timestamp_t?
}

/// Text sent to another program in INCR chunks, one each time it deletes the property.
struct OutgoingTransfer {
    let requestor: xcb_window_t
    let property: xcb_atom_t
    let type: xcb_atom_t
    let data: [UInt8]
    /// How many bytes were sent.
    var offset = 0
    /// When the transfer is dropped unless the requestor reads on.
    var deadline: Double
}

extension X11Selections {
    // MARK: Owning

    /// Takes the selection for `string`, or gives it up for `nil`, once the
    /// server says what time it is (never `CurrentTime`, ICCCM §2.1).
    func pasteboard(_ pasteboard: Pasteboard, didSetString string: String?) {
        let name = pasteboard.name
        if let string {
            owned[name] = OwnedSelection(pasteboard: pasteboard, utf8: Array(string.utf8), since: owned[name]?.since)
        } else {
            owned[name] = nil
        }
        withServerTime { [weak self] time in self?.settleOwnership(of: name, at: time) }
    }

    /// Whether this process owns the selection, confirmed by the server.
    func isOwner(of name: Pasteboard.Name) -> Bool { owned[name]?.since != nil }

    private func settleOwnership(of name: Pasteboard.Name, at time: xcb_timestamp_t) {
        let selection = atom(for: name)
        guard var state = owned[name] else {
            if owner(of: selection) == window {
                _ = xcb_set_selection_owner(connection.pointer, 0, selection, time)
                connection.flush()
            }
            return
        }
        _ = xcb_set_selection_owner(connection.pointer, window, selection, time)
        guard owner(of: selection) == window else {
            Self.logger.warning(
                "the X server did not give \(describe(name)) to this window; the text stays in the process")
            owned[name] = nil
            return
        }
        state.since = time
        owned[name] = state
    }

    /// Another program took the selection: the pasteboard no longer holds this process's text.
    func selectionCleared(_ event: xcb_selection_clear_event_t) {
        guard event.owner == window, let name = name(for: event.selection), let state = owned[name] else { return }
        owned[name] = nil
        // A newer host may serve the pasteboard now, with text of its own.
        if serves(state.pasteboard) { state.pasteboard.ownershipLost() }
    }

    // MARK: Answering requests

    /// Answers a `SelectionRequest`: converts the text into the requestor's
    /// property when the target is one we offer, and always sends a
    /// `SelectionNotify` (property `None` for a refusal).
    func answer(_ request: xcb_selection_request_event_t) {
        // An old client's property None means: use the target's name.
        let property = request.property == 0 ? request.target : request.property
        var answered: xcb_atom_t = 0
        if let name = name(for: request.selection), let state = owned[name], let since = state.since,
            request.time == 0 || Int32(bitPattern: request.time &- since) >= 0
        {
            if request.target == atoms.multiple {
                if request.property != 0, convertMultiple(state, since: since, to: request.requestor, in: property) {
                    answered = property
                }
            } else if convert(state, since: since, to: request.target, for: request.requestor, in: property) {
                answered = property
            }
        }
        notify(
            request.requestor, selection: request.selection, target: request.target, property: answered,
            time: request.time)
        connection.flush()
    }

    /// The targets offered, in TARGETS' answer.
    var offeredTargets: [xcb_atom_t] {
        [atoms.targets, atoms.multiple, atoms.timestamp, atoms.utf8String, atoms.string, atoms.text]
    }

    /// Writes the text converted to `target` into the requestor's property;
    /// `false` for a target not offered.
    private func convert(
        _ state: OwnedSelection, since: xcb_timestamp_t, to target: xcb_atom_t, for requestor: xcb_window_t,
        in property: xcb_atom_t
    ) -> Bool {
        switch target {
        case atoms.targets:
            setProperty(requestor, property, type: atoms.atom, words: offeredTargets)
        case atoms.timestamp:
            setProperty(requestor, property, type: atoms.integer, words: [since])
        case atoms.utf8String, atoms.text:
            send(state.utf8, type: atoms.utf8String, to: requestor, in: property)
        case atoms.string:
            send(Self.latin1(fromUTF8: state.utf8), type: atoms.string, to: requestor, in: property)
        default:
            return false
        }
        return true
    }

    /// MULTIPLE (ICCCM §2.6.2): the property holds (target, property) pairs;
    /// each is converted, and a pair that could not be has its property replaced with None.
    private func convertMultiple(
        _ state: OwnedSelection, since: xcb_timestamp_t, to requestor: xcb_window_t, in property: xcb_atom_t
    ) -> Bool {
        let cookie = xcb_get_property(connection.pointer, 0, requestor, property, atoms.atomPair, 0, 1024)
        guard let reply = xcb_get_property_reply(connection.pointer, cookie, nil) else { return false }
        defer { free(reply) }
        guard reply.pointee.format == 32, reply.pointee.type == atoms.atomPair else { return false }
        let count = Int(xcb_get_property_value_length(reply)) / 4
        let values = xcb_get_property_value(reply).bindMemory(to: UInt32.self, capacity: count)
        var pairs = Array(UnsafeBufferPointer(start: values, count: count - count % 2))
        for index in stride(from: 0, to: pairs.count, by: 2) {
            let target = pairs[index]
            let pairProperty = pairs[index + 1]
            let done =
                target != atoms.multiple && pairProperty != 0
                && convert(state, since: since, to: target, for: requestor, in: pairProperty)
            if !done { pairs[index + 1] = 0 }
        }
        setProperty(requestor, property, type: atoms.atomPair, words: pairs)
        return true
    }

    /// Writes bytes into the requestor's property at once, or starts an INCR
    /// transfer when they do not fit in one request (ICCCM §2.7.2).
    private func send(_ bytes: [UInt8], type: xcb_atom_t, to requestor: xcb_window_t, in property: xcb_atom_t) {
        guard bytes.count > maximumChunk else {
            setProperty(requestor, property, type: type, bytes: bytes[...])
            return
        }
        // The requestor's deletions of the property ask for the next chunk.
        watch(requestor)
        outgoing.removeAll { $0.requestor == requestor && $0.property == property }
        outgoing.append(
            OutgoingTransfer(
                requestor: requestor, property: property, type: type, data: bytes,
                deadline: Self.monotonicSeconds() + timeout))
        setProperty(requestor, property, type: atoms.incr, words: [UInt32(clamping: bytes.count)])
    }

    /// A requestor's property changed: when it deleted the property of an
    /// INCR transfer, the next chunk goes out; after the last one, an empty chunk ends it.
    func requestorPropertyChanged(_ notify: xcb_property_notify_event_t) {
        guard notify.state == UInt8(XCB_PROPERTY_DELETE.rawValue),
            let index = outgoing.firstIndex(where: { $0.requestor == notify.window && $0.property == notify.atom })
        else { return }
        var transfer = outgoing[index]
        let end = min(transfer.offset + maximumChunk, transfer.data.count)
        setProperty(
            transfer.requestor, transfer.property, type: transfer.type, bytes: transfer.data[transfer.offset..<end])
        if transfer.offset == transfer.data.count {
            // That was the empty chunk: done.
            outgoing.remove(at: index)
            if !outgoing.contains(where: { $0.requestor == transfer.requestor }) { stopWatching(transfer.requestor) }
        } else {
            transfer.offset = end
            transfer.deadline = Self.monotonicSeconds() + timeout
            outgoing[index] = transfer
        }
        connection.flush()
    }

    // MARK: Requests

    private func notify(
        _ requestor: xcb_window_t, selection: xcb_atom_t, target: xcb_atom_t, property: xcb_atom_t,
        time: xcb_timestamp_t
    ) {
        var event = xcb_selection_notify_event_t()
        event.response_type = UInt8(XCB_SELECTION_NOTIFY)
        event.time = time
        event.requestor = requestor
        event.selection = selection
        event.target = target
        event.property = property
        // SendEvent always copies 32 bytes.
        var bytes = [CChar](repeating: 0, count: 32)
        withUnsafeBytes(of: &event) { source in
            bytes.withUnsafeMutableBytes { $0.copyMemory(from: UnsafeRawBufferPointer(rebasing: source.prefix(32))) }
        }
        _ = xcb_send_event(connection.pointer, 0, requestor, 0, bytes)
    }

    private func setProperty(_ window: xcb_window_t, _ property: xcb_atom_t, type: xcb_atom_t, bytes: ArraySlice<UInt8>)
    {
        bytes.withUnsafeBufferPointer { buffer in
            _ = xcb_change_property(
                connection.pointer, UInt8(XCB_PROP_MODE_REPLACE.rawValue), window, property, type, 8,
                UInt32(buffer.count), buffer.baseAddress)
        }
    }

    private func setProperty(_ window: xcb_window_t, _ property: xcb_atom_t, type: xcb_atom_t, words: [UInt32]) {
        connection.setProperty(window, property, type: type, words: words)
    }

    /// Asks for `PropertyNotify` on a requestor's window, or stops asking.
    private func watch(_ requestor: xcb_window_t) {
        let mask = [XCB_EVENT_MASK_PROPERTY_CHANGE.rawValue]
        _ = xcb_change_window_attributes(connection.pointer, requestor, XCB_CW_EVENT_MASK.rawValue, mask)
    }

    func stopWatching(_ requestor: xcb_window_t) {
        let mask: [UInt32] = [0]
        _ = xcb_change_window_attributes(connection.pointer, requestor, XCB_CW_EVENT_MASK.rawValue, mask)
    }

    /// Text as Latin-1 (`STRING`): characters outside it become `?`.
    static func latin1(fromUTF8 utf8: [UInt8]) -> [UInt8] {
        String(decoding: utf8, as: UTF8.self).unicodeScalars.map {
            $0.value < 256 ? UInt8($0.value) : UInt8(ascii: "?")
        }
    }
}
