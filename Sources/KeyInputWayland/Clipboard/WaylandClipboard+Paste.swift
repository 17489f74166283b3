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
        let name = pasteboard.name
        if let read = incoming[name] {
            read.completions.append(completion)
            return
        }
        guard let offer = selections[name] else { return completion(nil) }
        guard let mimeType = offer.bestTextType else {
            Self.logger.info(
                "\(Self.describe(name)) holds no text (it offers \(offer.mimeTypes.joined(separator: ", ")))")
            return completion(nil)
        }
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else {
            Self.logger.warning("could not paste: no pipe (\(String(cString: strerror(errno))))")
            return completion(nil)
        }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        _ = fcntl(ends[0], F_SETFL, O_NONBLOCK)
        offer.receive(mimeType, into: ends[1])
        flush()
        // The owner has its own copy of the write end now: closing ours lets the read see its end.
        close(ends[1])
        incoming[name] = IncomingTransfer(
            descriptor: ends[0], mimeType: mimeType, deadline: MonotonicClock.now() + timeout,
            completion: completion)
    }

    /// Reads what the paste's pipe holds; finishes it at its end, gives it up when it stalls.
    func serviceIncoming(_ name: Pasteboard.Name, now: Double) {
        guard let read = incoming[name] else { return }
        let (progress, arrived) = read.read()
        if arrived { read.deadline = now + timeout }
        switch progress {
        case .finished:
            finish(name, with: Self.decode(read.received, mimeType: read.mimeType))
        case .failed(let reason):
            Self.logger.warning("pasting \(Self.describe(name)) failed after \(read.received.count) bytes: \(reason)")
            finish(name, with: nil)
        case .pending where read.deadline <= now:
            Self.logger.warning(
                read.received.isEmpty
                    ? "the program holding \(Self.describe(name)) did not answer within \(timeout) s"
                    : "the program holding \(Self.describe(name)) stopped sending after \(read.received.count) bytes")
            finish(name, with: nil)
        case .pending:
            break
        }
    }

    private func finish(_ name: Pasteboard.Name, with text: String?) {
        guard let read = incoming.removeValue(forKey: name) else { return }
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
