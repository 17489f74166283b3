import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Standard output, buffered so that long outputs go out in large blocks.
/// Flushes when it goes away.
///
/// A write that fails (a full disk, `/dev/full`, a closed descriptor) is remembered in
/// ``failure``, and `runMain` ends the command with exit code 1 and the reason: output that
/// did not arrive is never a success.
public final class BufferedOutput {
    private static let firstFailure = Mutex<String?>(nil)
    private var buffer: [UInt8] = []

    /// Why writing to standard output failed, if it did since the program started.
    public static var failure: String? { firstFailure.withLock { $0 } }

    /// Creates an empty buffer.
    public init() { buffer.reserveCapacity(1 << 16) }

    deinit { flush() }

    /// Writes text, flushing when the buffer is full.
    public func write(_ text: String) {
        buffer.append(contentsOf: text.utf8)
        if buffer.count >= 1 << 16 { flush() }
    }

    /// Writes text and a line feed.
    public func line(_ text: String = "") {
        write(text)
        buffer.append(UInt8(ascii: "\n"))
    }

    /// Writes bytes as they are.
    public func write(bytes: [UInt8]) {
        buffer.append(contentsOf: bytes)
        if buffer.count >= 1 << 16 { flush() }
    }

    /// Sends what is buffered to standard output; a failure is remembered in ``failure``.
    public func flush() {
        guard !buffer.isEmpty else { return }
        buffer.withUnsafeBytes { bytes in
            var offset = 0
            while offset < bytes.count {
                let written = Glibc.write(1, bytes.baseAddress! + offset, bytes.count - offset)
                if written < 0, errno == EINTR { continue }
                guard written > 0 else {
                    let reason = written < 0 ? String(cString: strerror(errno)) : "nothing was written"
                    Self.firstFailure.withLock { $0 = $0 ?? reason }
                    break
                }
                offset += written
            }
        }
        buffer.removeAll(keepingCapacity: true)
    }
}
