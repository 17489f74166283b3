import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A display socket that accepts every connection and never says a word:
/// what a hung X server or compositor looks like to a client.
///
/// ``x11()`` takes a free X display number (its lock file `/tmp/.X<n>-lock`,
/// which Xvfb respects, and the socket `/tmp/.X11-unix/X<n>`);
/// ``wayland(in:)`` makes a socket in a folder to use as `XDG_RUNTIME_DIR`.
/// Connections stay open, unanswered, for `hangUpAfter` seconds (30 by
/// default), then are closed: a client that waits for ever gets an end of
/// file there, so that a test of its time limit fails instead of hanging.
public final class SilentDisplaySocket: @unchecked Sendable {
    /// `DISPLAY` for an X11 socket (`:<n>`), or the socket's name for a Wayland one.
    public let display: String
    /// The socket's path.
    public let path: String
    private let lockPath: String?
    private let listener: Int32
    private let acceptorEnded = DispatchSemaphore(value: 0)
    private let stopRequested = Flag()
    private let lock = NSLock()
    private var stopped = false

    private init(display: String, path: String, lockPath: String?, hangUpAfter: Double) throws {
        self.display = display
        self.path = path
        self.lockPath = lockPath
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { throw ChildProcess.Failure(description: "socket: \(String(cString: strerror(errno)))") }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { buffer in
            for (index, byte) in path.utf8.enumerated() { buffer[index] = byte }
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        guard bound == 0, listen(descriptor, 64) == 0 else {
            let reason = String(cString: strerror(errno))
            close(descriptor)
            if let lockPath { unlink(lockPath) }
            throw ChildProcess.Failure(description: "could not listen on \(path): \(reason)")
        }
        listener = descriptor
        // Accepts and keeps every connection, answering nothing, until stopped or the time to hang up.
        let stopping = stopRequested, ended = acceptorEnded
        let hangUp = Date().addingTimeInterval(hangUpAfter)
        let acceptor = Thread { [descriptor] in
            var accepted: [Int32] = []
            var ready = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            while !stopping.isSet {
                if Date() > hangUp {
                    for connection in accepted { close(connection) }
                    accepted = []
                }
                guard poll(&ready, 1, 50) > 0 else { continue }
                let connection = accept(descriptor, nil, nil)
                guard connection >= 0 else { continue }
                _ = fcntl(connection, F_SETFD, FD_CLOEXEC)  // not left open in the tests' other children
                accepted.append(connection)
            }
            for connection in accepted { close(connection) }
            ended.signal()
        }
        acceptor.start()
    }

    /// A silent X11 display on the first free number from 600 on.
    public static func x11(hangUpAfter: Double = 30) throws -> SilentDisplaySocket {
        mkdir("/tmp/.X11-unix", 0o1777)
        for number in 600..<1000 {
            let lockPath = "/tmp/.X\(number)-lock"
            let lock = open(lockPath, O_WRONLY | O_CREAT | O_EXCL, 0o444)
            guard lock >= 0 else { continue }
            _ = "\(String(getpid()).leftPadded(to: 10))\n".withCString { write(lock, $0, 11) }
            close(lock)
            let path = "/tmp/.X11-unix/X\(number)"
            guard !FileManager.default.fileExists(atPath: path), !abstractSocketAnswers("/tmp/.X11-unix/X\(number)") else {
                unlink(lockPath)
                continue
            }
            return try SilentDisplaySocket(display: ":\(number)", path: path, lockPath: lockPath, hangUpAfter: hangUpAfter)
        }
        throw ChildProcess.Failure(description: "no free X display number between 600 and 999")
    }

    /// A silent Wayland display named `wayland-silent` in `folder` (use it as `XDG_RUNTIME_DIR`).
    public static func wayland(in folder: String, hangUpAfter: Double = 30) throws -> SilentDisplaySocket {
        try SilentDisplaySocket(
            display: "wayland-silent", path: folder + "/wayland-silent", lockPath: nil, hangUpAfter: hangUpAfter)
    }

    /// Closes the socket and every connection it accepted, and removes its files.
    public func stop() {
        lock.lock()
        defer { lock.unlock() }
        guard !stopped else { return }
        stopped = true
        stopRequested.set()
        acceptorEnded.wait()
        close(listener)
        unlink(path)
        if let lockPath { unlink(lockPath) }
    }

    deinit { stop() }

    /// Whether something listens on the abstract socket of this name (another X server's).
    private static func abstractSocketAnswers(_ name: String) -> Bool {
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(name.utf8)
        withUnsafeMutableBytes(of: &address.sun_path) { buffer in
            for (index, byte) in bytes.enumerated() { buffer[index + 1] = byte }
        }
        let length = socklen_t(MemoryLayout<sa_family_t>.size + 1 + bytes.count)
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, length) }
        } == 0
    }
}

/// A flag one thread sets and another reads.
private final class Flag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false
    var isSet: Bool { lock.withLock { value } }
    func set() { lock.withLock { value = true } }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: " ", count: width - count) + self
    }
}
