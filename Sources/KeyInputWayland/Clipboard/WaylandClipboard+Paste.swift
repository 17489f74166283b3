import CWayland
import KeyInputKit

#if canImport(Glibc)
    import Glibc
#endif

extension WaylandClipboard {
    /// Reads the selection: `nil` at once when nothing holds text, else the
    /// text when the owner has written it all and closed the pipe, or `nil`
    /// when it stalls for ``timeout`` seconds.
    func pasteboard(_ pasteboard: Pasteboard, requestString completion: @escaping @MainActor (String?) -> Void) {
        guard pasteboard.name == .clipboard else { return completion(nil) }
        if let incoming {
            incoming.completions.append(completion)
            return
        }
        guard let offer = selection else { return completion(nil) }
        guard let mimeType = offer.bestTextType else {
            Self.logger.info("the clipboard holds no text (it offers \(offer.mimeTypes.joined(separator: ", ")))")
            return completion(nil)
        }
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else {
            Self.logger.warning("could not paste: no pipe (\(String(cString: strerror(errno))))")
            return completion(nil)
        }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        _ = fcntl(ends[0], F_SETFL, O_NONBLOCK)
        wl_data_offer_receive(offer.proxy.pointer, mimeType, ends[1])
        flush()
        // The owner has its own copy of the write end now: closing ours lets the read see its end.
        close(ends[1])
        incoming = IncomingTransfer(
            descriptor: ends[0], mimeType: mimeType, deadline: WaylandHost.monotonicSeconds() + timeout,
            completion: completion)
    }

    /// Reads what the paste's pipe holds; finishes it at its end, gives it up when it stalls.
    func serviceIncoming(now: Double) {
        guard let read = incoming else { return }
        let (progress, arrived) = read.read()
        if arrived { read.deadline = now + timeout }
        switch progress {
        case .finished:
            finish(read, with: Self.decode(read.received, mimeType: read.mimeType))
        case .failed(let reason):
            Self.logger.warning("pasting failed after \(read.received.count) bytes: \(reason)")
            finish(read, with: nil)
        case .pending where read.deadline <= now:
            Self.logger.warning(
                read.received.isEmpty
                    ? "the program holding the clipboard did not answer within \(timeout) s"
                    : "the program holding the clipboard stopped sending after \(read.received.count) bytes")
            finish(read, with: nil)
        case .pending:
            break
        }
    }

    private func finish(_ read: IncomingTransfer, with text: String?) {
        incoming = nil
        for completion in read.completions { completion(text) }
    }

    /// The text in `bytes`: Latin-1 for `STRING`, else UTF-8 with each
    /// invalid sequence replaced by U+FFFD (logged).
    static func decode(_ bytes: [UInt8], mimeType: String) -> String {
        if mimeType == "STRING" {
            return String(String.UnicodeScalarView(bytes.map { Unicode.Scalar($0) }))
        }
        let text = String(decoding: bytes, as: UTF8.self)
        if String(validating: bytes, as: UTF8.self) == nil {
            Self.logger.warning("the pasted text was not valid UTF-8; the invalid bytes became U+FFFD")
        }
        return text
    }
}
