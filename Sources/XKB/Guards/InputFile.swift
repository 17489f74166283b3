#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Reads an input file whole, with a size limit, without ever blocking on
/// something that is not a regular file.
///
/// A regular file is read up to ``limit``. A FIFO, a pipe (`<(cmd)`) or a
/// device is opened without blocking and read as a stream: while nothing
/// arrives for ``idleTimeout`` the read gives up, so a FIFO with no writer
/// is an error rather than a hang, and `/dev/zero` stops at the limit.
package struct InputFile {
    /// Why a file could not be read; `message` names the file.
    package struct Failure: Error, CustomStringConvertible {
        package enum Reason: Sendable { case missing, folder, unreadable, tooLarge, noWriter }
        package let reason: Reason
        package let message: String
        package var description: String { message }
    }

    /// Keymaps, compose tables and test files are read up to this many bytes:
    /// real keymaps are under 1 MB, and the largest Compose table about 600 KB.
    package static let defaultLimit = 16 << 20

    /// Streams wait this long for their first and every later byte.
    package static let defaultIdleTimeout: Duration = .seconds(5)

    /// The path as given; `-` is standard input.
    package let path: String
    /// The most bytes read; a longer file is an error.
    package var limit = InputFile.defaultLimit
    /// How long a stream may stay silent; `nil` waits for ever, for inputs
    /// where a stream is the point (`keyinput type --input <(cmd)`).
    package var idleTimeout: Duration? = InputFile.defaultIdleTimeout

    package init(_ path: String, limit: Int = InputFile.defaultLimit, idleTimeout: Duration? = InputFile.defaultIdleTimeout) {
        self.path = path
        self.limit = limit
        self.idleTimeout = idleTimeout
    }

    /// The file's bytes.
    ///
    /// - Throws: ``Failure`` when the file is missing, a folder, unreadable,
    ///   over ``limit``, or a stream that stays silent for ``idleTimeout``.
    package func read() throws(Failure) -> [UInt8] {
        if path == "-" { return try readStream(descriptor: STDIN_FILENO, what: "standard input") }
        var info = stat()
        guard stat(path, &info) == 0 else {
            let reason: Failure.Reason = errno == ENOENT || errno == ENOTDIR ? .missing : .unreadable
            throw Failure(reason: reason, message: "\(path): \(reason == .missing ? "no such file" : systemMessage())")
        }
        let kind = info.st_mode & S_IFMT
        if kind == S_IFDIR { throw Failure(reason: .folder, message: "\(path): is a folder, not a file") }
        if kind == S_IFREG, Int(info.st_size) > limit { throw tooLarge() }
        // O_NONBLOCK: opening a FIFO with no writer returns at once.
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw Failure(reason: .unreadable, message: "\(path): \(systemMessage())")
        }
        defer { close(descriptor) }
        return try readStream(descriptor: descriptor, what: path)
    }

    /// Reads `descriptor` to its end, waiting for data with `poll` first:
    /// a FIFO whose writer never came reads as an empty end at once.
    private func readStream(descriptor: Int32, what: String) throws(Failure) -> [UInt8] {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            var request = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let waited = poll(&request, 1, idleTimeout.map(Self.milliseconds) ?? -1)
            if waited < 0 {
                if errno == EINTR { continue }
                throw Failure(reason: .unreadable, message: "\(what): \(systemMessage())")
            }
            if waited == 0 {
                throw Failure(
                    reason: .noWriter,
                    message: "\(what): nothing to read after \(idleTimeout.map { "\($0)" } ?? "") (a FIFO or device nobody writes to?)")
            }
            let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EAGAIN || errno == EINTR { continue }
                throw Failure(reason: .unreadable, message: "\(what): \(systemMessage())")
            }
            if count == 0 { return bytes }
            guard bytes.count + count <= limit else { throw tooLarge(what) }
            bytes.append(contentsOf: chunk[..<count])
        }
    }

    private static func milliseconds(_ duration: Duration) -> Int32 {
        let (seconds, attoseconds) = duration.components
        return Int32(clamping: seconds * 1000 + attoseconds / 1_000_000_000_000_000)
    }

    private func tooLarge(_ what: String? = nil) -> Failure {
        Failure(reason: .tooLarge, message: "\(what ?? path): larger than \(Self.describe(bytes: limit)), the most read from one file")
    }

    /// `16 MB`, `256 MB`: a limit as people read it.
    package static func describe(bytes: Int) -> String {
        bytes >= 1 << 20 ? "\(bytes >> 20) MB" : bytes >= 1 << 10 ? "\(bytes >> 10) KB" : "\(bytes) bytes"
    }

    private func systemMessage() -> String { String(cString: strerror(errno)) }
}

extension InputFile {
    /// The bytes of a keymap, compose or test file, read with the default
    /// limit and idle timeout.
    ///
    /// - Throws: ``XKBError`` (`fileUnreadable`) with the reading's message.
    package static func bytes(of path: String) throws -> [UInt8] {
        do {
            return try InputFile(path).read()
        } catch {
            throw XKBError(.fileUnreadable, error.message)
        }
    }
}
