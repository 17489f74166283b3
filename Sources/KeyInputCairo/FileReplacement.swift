#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Writes a file whole or not at all: into a temporary file beside it, then
/// renamed over it, so a full disk or a failed write leaves the old file (or
/// none) rather than a truncated picture.
///
/// A destination that is not a regular file — a FIFO, `/dev/stdout`, a
/// terminal — cannot be renamed over: the picture is made in a temporary
/// file and then copied into it, and a FIFO nobody reads is an error, not a hang.
struct FileReplacement {
    /// Where the file goes.
    let path: String
    /// Makes the error for a failure from its reason, such as `No space left on device`.
    let failure: (String) -> CairoError

    /// Runs `write` on a temporary path, then puts what it wrote at ``path``.
    func write(_ write: (String) throws -> Void) throws {
        // A symbolic link is written through, as opening it would: its target is replaced, not the link.
        let path = Self.resolvingLink(self.path)
        var info = stat()
        let exists = stat(path, &info) == 0
        if exists, info.st_mode & S_IFMT == S_IFDIR { throw failure("it is a folder") }
        let isStream = exists && info.st_mode & S_IFMT != S_IFREG
        let folder = isStream ? (getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp") : Self.folder(of: path)
        let base = path.split(separator: "/").last.map(String.init) ?? "picture"
        var template = Array("\(folder)/.\(base).XXXXXX".utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { throw failure(Self.systemMessage()) }
        close(descriptor)
        let temporary = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        defer { unlink(temporary) }
        try write(temporary)
        if isStream {
            try copy(temporary, intoStream: path)
        } else {
            // mkstemp made it readable by its owner only; a picture is for everyone, as a new file would be.
            chmod(temporary, exists ? info.st_mode & 0o7777 : 0o644)
            guard rename(temporary, path) == 0 else {
                throw failure(Self.systemMessage())
            }
        }
    }

    /// Copies `source` into a FIFO or device, opened without waiting for a reader.
    private func copy(_ source: String, intoStream destination: String) throws {
        let output = open(destination, O_WRONLY | O_NONBLOCK | O_CLOEXEC)
        guard output >= 0 else {
            let reason = errno == ENXIO ? "nothing reads from it" : Self.systemMessage()
            throw failure(reason)
        }
        defer { close(output) }
        // Writes may block from here on: a reader is there.
        _ = fcntl(output, F_SETFL, fcntl(output, F_GETFL) & ~O_NONBLOCK)
        let input = open(source, O_RDONLY | O_CLOEXEC)
        guard input >= 0 else { throw failure(Self.systemMessage()) }
        defer { close(input) }
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
            if count == 0 { return }
            guard count > 0 else { throw failure(Self.systemMessage()) }
            var offset = 0
            while offset < count {
                let written = buffer.withUnsafeBytes { Glibc.write(output, $0.baseAddress! + offset, count - offset) }
                if written < 0, errno == EINTR { continue }
                guard written > 0 else { throw failure(Self.systemMessage()) }
                offset += written
            }
        }
    }

    /// The file a symbolic link at `path` leads to, or `path` when it is none (or leads nowhere yet).
    private static func resolvingLink(_ path: String) -> String {
        var info = stat()
        guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFLNK, let resolved = realpath(path, nil) else {
            return path
        }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    private static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    private static func systemMessage() -> String { String(cString: strerror(errno)) }
}
