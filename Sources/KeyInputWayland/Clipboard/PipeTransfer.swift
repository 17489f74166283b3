#if canImport(Glibc)
    import Glibc
#endif

/// Text being written to another program's pipe (an answer to
/// `wl_data_source.send`), a piece each time the pipe has room, so a large
/// copy never blocks the event loop. Owns the descriptor and closes it.
final class OutgoingTransfer {
    /// The write end, non-blocking.
    let descriptor: Int32
    private let bytes: [UInt8]
    /// How many bytes were written so far.
    private(set) var written = 0
    /// When the transfer is dropped unless the reader takes more.
    var deadline: Double

    /// What a turn of writing came to.
    enum Progress: Equatable {
        /// More waits for room in the pipe.
        case pending
        /// Everything was written.
        case finished
        /// The reader went away (`EPIPE`) or the pipe failed; the text is dropped.
        case failed(String)
    }

    /// Takes ownership of `descriptor` and makes it non-blocking.
    init(descriptor: Int32, text: String, deadline: Double) {
        self.descriptor = descriptor
        self.bytes = Array(text.utf8)
        self.deadline = deadline
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
    }

    /// How many bytes the text has.
    var count: Int { bytes.count }

    /// How far the transfer got, for messages.
    var progress: String { "\(written) of \(bytes.count) bytes" }

    /// Writes as much as the pipe takes now.
    func write() -> Progress {
        while written < bytes.count {
            let result = bytes.withUnsafeBytes { buffer in
                Self.writeIgnoringSIGPIPE(descriptor, buffer.baseAddress! + written, bytes.count - written)
            }
            if result > 0 {
                written += result
            } else if result < 0, errno == EINTR {
                continue
            } else if result < 0, errno == EAGAIN || errno == EWOULDBLOCK {
                return .pending
            } else {
                return .failed(result < 0 ? String(cString: strerror(errno)) : "the pipe took nothing")
            }
        }
        return .finished
    }

    /// `write(2)` that reports a reader gone as `EPIPE` without the process
    /// receiving `SIGPIPE` (which would end it): the signal is blocked on
    /// this thread for the call and a pending one is taken back.
    private static func writeIgnoringSIGPIPE(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
        var pipeSignal = sigset_t()
        sigemptyset(&pipeSignal)
        sigaddset(&pipeSignal, SIGPIPE)
        var previous = sigset_t()
        pthread_sigmask(SIG_BLOCK, &pipeSignal, &previous)
        let result = Glibc.write(descriptor, bytes, count)
        let writeError = errno
        if result < 0, writeError == EPIPE {
            var zero = timespec()
            _ = sigtimedwait(&pipeSignal, nil, &zero)
        }
        pthread_sigmask(SIG_SETMASK, &previous, nil)
        errno = writeError
        return result
    }

    deinit {
        close(descriptor)
    }
}

/// Text being read from another program's pipe (asked for with
/// `wl_data_offer.receive`) as it arrives, so a slow or large paste never
/// blocks the event loop. Owns the descriptor and closes it.
final class IncomingTransfer {
    /// The read end, non-blocking.
    let descriptor: Int32
    /// The MIME type asked for.
    let mimeType: String
    /// What arrived so far.
    private(set) var received: [UInt8] = []
    /// When the read is given up unless more arrives.
    var deadline: Double
    /// Called once each with the text; several requests share one read.
    var completions: [@MainActor (String?) -> Void]

    /// What a turn of reading came to.
    enum Progress: Equatable {
        /// More may come.
        case pending
        /// The writer closed its end: everything arrived.
        case finished
        /// The pipe failed.
        case failed(String)
    }

    /// Takes ownership of `descriptor` (non-blocking).
    init(descriptor: Int32, mimeType: String, deadline: Double, completion: @escaping @MainActor (String?) -> Void) {
        self.descriptor = descriptor
        self.mimeType = mimeType
        self.deadline = deadline
        self.completions = [completion]
    }

    /// Reads what the pipe holds now.
    ///
    /// - Returns: The progress, and whether any bytes arrived.
    func read() -> (Progress, arrived: Bool) {
        var arrived = false
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let result = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if result > 0 {
                received.append(contentsOf: chunk[0..<result])
                arrived = true
            } else if result == 0 {
                return (.finished, arrived)
            } else if errno == EINTR {
                continue
            } else if errno == EAGAIN || errno == EWOULDBLOCK {
                return (.pending, arrived)
            } else {
                return (.failed(String(cString: strerror(errno))), arrived)
            }
        }
    }

    deinit {
        close(descriptor)
    }
}
