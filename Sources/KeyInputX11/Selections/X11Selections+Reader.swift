import CXCB
import KeyInputKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// A read of a selection another program owns.
struct SelectionRead {
    enum Phase {
        /// Waiting for a server time to convert with.
        case waitingForTime
        /// `ConvertSelection` sent; waiting for the owner's `SelectionNotify`.
        case converting
        /// The owner sends INCR chunks; each arrives as a new value of the property.
        case incremental
    }

    let selection: xcb_atom_t
    /// The property on the host's window the text is converted into.
    let property: xcb_atom_t
    /// Called once each with the text; several requests of one selection share a read.
    var completions: [@MainActor (String?) -> Void]
    /// UTF8_STRING, then STRING when the owner refuses it.
    var target: xcb_atom_t
    var time: xcb_timestamp_t = 0
    var phase = Phase.waitingForTime
    /// INCR chunks received so far, and their type.
    var received: [UInt8] = []
    var receivedType: xcb_atom_t = 0
    /// When the read is given up unless the owner answers or sends on.
    var deadline: Double
}

extension X11Selections {
    /// Reads the selection: this process's own text at once, `nil` at once
    /// when nobody owns it, else the owner's text when it has sent it all,
    /// or `nil` when it does not answer in time.
    func pasteboard(_ pasteboard: Pasteboard, requestString completion: @escaping @MainActor (String?) -> Void) {
        let name = pasteboard.name
        if reads[name] != nil {
            reads[name]?.completions.append(completion)
            return
        }
        let selection = atom(for: name)
        let owner = owner(of: selection)
        if owner == 0 {
            completion(nil)
            return
        }
        if owner == window {
            completion(owned[name].map { String(decoding: $0.utf8, as: UTF8.self) })
            return
        }
        let property = name == .clipboard ? atoms.clipboardTransfer : atoms.primaryTransfer
        reads[name] = SelectionRead(
            selection: selection, property: property, completions: [completion], target: atoms.utf8String,
            deadline: Self.monotonicSeconds() + timeout)
        withServerTime { [weak self] time in self?.startConversion(of: name, at: time) }
    }

    private func startConversion(of name: Pasteboard.Name, at time: xcb_timestamp_t) {
        guard var read = reads[name], read.phase == .waitingForTime else { return }
        read.time = time
        read.phase = .converting
        reads[name] = read
        // A late answer to an earlier, abandoned read must not be taken for this one's.
        _ = xcb_delete_property(connection.pointer, window, read.property)
        sendConversion(read)
    }

    private func sendConversion(_ read: SelectionRead) {
        _ = xcb_convert_selection(connection.pointer, window, read.selection, read.target, read.property, read.time)
        connection.flush()
    }

    /// The owner's `SelectionNotify`: the text is in the property, or an
    /// INCR transfer starts, or the owner refused the target.
    func converted(_ event: xcb_selection_notify_event_t) {
        guard event.requestor == window, let name = name(for: event.selection), var read = reads[name],
            read.phase == .converting, event.target == read.target
        else { return }
        guard event.property != 0 else {
            if read.target == atoms.utf8String {
                read.target = atoms.string
                reads[name] = read
                sendConversion(read)
            } else {
                finishRead(name, with: nil, reason: "the owner of \(describe(name)) has no text to give")
            }
            return
        }
        guard let value = takeProperty(event.property) else {
            finishRead(name, with: nil, reason: "the owner of \(describe(name)) answered with no property")
            return
        }
        if value.type == atoms.incr {
            // takeProperty deleted it: that asks for the first chunk.
            read.phase = .incremental
            read.deadline = Self.monotonicSeconds() + timeout
            reads[name] = read
            connection.flush()
            return
        }
        finishRead(name, with: decode(value.bytes, type: value.type, format: value.format, from: name))
    }

    /// A new value of a property on the host's window: the next INCR chunk
    /// of a read, or the empty chunk that ends it.
    func chunkArrived(in property: xcb_atom_t) {
        guard let name = reads.first(where: { $0.value.property == property && $0.value.phase == .incremental })?.key,
            let value = takeProperty(property)
        else { return }
        connection.flush()  // the deletion asks for the next chunk
        guard !value.bytes.isEmpty else {
            let received = reads[name]?.received ?? []
            let type = reads[name]?.receivedType ?? 0
            finishRead(name, with: decode(received, type: type, format: 8, from: name))
            return
        }
        guard value.format == 8 else {
            finishRead(
                name, with: nil, reason: "the owner of \(describe(name)) sent \(value.format)-bit data, not text")
            return
        }
        // Appended in place: nothing else holds the buffer, so it is not copied.
        reads[name]?.received.append(contentsOf: value.bytes)
        reads[name]?.receivedType = value.type
        reads[name]?.deadline = Self.monotonicSeconds() + timeout
    }

    /// Ends a read: every completion gets the text (or `nil`, logged with `reason`).
    func finishRead(_ name: Pasteboard.Name, with text: String?, reason: String? = nil) {
        guard let read = reads.removeValue(forKey: name) else { return }
        if let reason { Self.logger.warning("pasting \(describe(name)) gave nothing: \(reason)") }
        if text == nil { _ = xcb_delete_property(connection.pointer, window, read.property) }
        for completion in read.completions { completion(text) }
    }

    /// Reads a whole property of the host's window, a megabyte per round
    /// trip, and deletes it with the last read.
    private func takeProperty(_ property: xcb_atom_t) -> (type: xcb_atom_t, format: UInt8, bytes: [UInt8])? {
        let wordsPerRead: UInt32 = 256 * 1024
        var bytes: [UInt8] = []
        var offset: UInt32 = 0
        while true {
            let cookie = xcb_get_property(connection.pointer, 1, window, property, 0, offset, wordsPerRead)
            guard let reply = xcb_get_property_reply(connection.pointer, cookie, nil) else { return nil }
            defer { free(reply) }
            let length = Int(xcb_get_property_value_length(reply))
            guard reply.pointee.type != 0 else { return nil }  // no such property
            if length > 0 {
                let start = xcb_get_property_value(reply).assumingMemoryBound(to: UInt8.self)
                bytes.append(contentsOf: UnsafeBufferPointer(start: start, count: length))
            }
            if reply.pointee.bytes_after == 0 { return (reply.pointee.type, reply.pointee.format, bytes) }
            offset += UInt32(length / 4)
        }
    }

    /// Text from a converted property: Latin-1 for STRING, UTF-8 otherwise,
    /// with U+FFFD for bytes that are not UTF-8 (logged).
    private func decode(_ bytes: [UInt8], type: xcb_atom_t, format: UInt8, from name: Pasteboard.Name) -> String? {
        guard format == 8 || bytes.isEmpty else {
            Self.logger.warning("the owner of \(describe(name)) sent \(format)-bit data, not text; nothing pasted")
            return nil
        }
        if type == atoms.string { return Self.string(fromLatin1: bytes) }
        if let text = String(validating: bytes, as: UTF8.self) { return text }
        Self.logger.warning(
            "the owner of \(describe(name)) sent text that is not valid UTF-8; invalid bytes became U+FFFD")
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Latin-1 bytes as a string: each byte is the code point of the same number.
    static func string(fromLatin1 bytes: [UInt8]) -> String {
        var utf8: [UInt8] = []
        utf8.reserveCapacity(bytes.count)
        for byte in bytes {
            if byte < 0x80 {
                utf8.append(byte)
            } else {
                utf8.append(0xC0 | byte >> 6)
                utf8.append(0x80 | byte & 0x3F)
            }
        }
        return String(decoding: utf8, as: UTF8.self)
    }
}
