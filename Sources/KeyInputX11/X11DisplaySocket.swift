import KeyInputKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Opens the socket `xcb_connect` would open for a display name, within a
/// deadline, so that the X11 host can hand it to `xcb_connect_to_fd` and stop
/// waiting when nothing answers: `xcb_connect` waits for the server's setup
/// reply with no time limit, and a socket that accepts the connection and
/// never speaks X11 would hang the program for ever.
///
/// The rules are libxcb's: `host:n` is TCP port 6000 + n; `:n` and `unix:n`
/// are the abstract socket `/tmp/.X11-unix/Xn`, then the file. A display it
/// cannot parse or reach is left to `xcb_connect`, which reports those at once.
enum X11DisplaySocket {
    /// Where a display name leads.
    enum Endpoint: Equatable {
        /// A Unix socket: the abstract name first, then the file, as libxcb tries them.
        case unix(path: String)
        /// A TCP port on a host.
        case tcp(host: String, port: UInt16)
    }

    /// A display name taken apart: where it leads, its display and screen numbers.
    struct Address: Equatable {
        var endpoint: Endpoint
        var display: Int
        var screen: Int32
    }

    /// The socket `xcb_connect` opens for `name`; `nil` when the name does not
    /// parse (xcb says so itself).
    static func endpoint(of name: String) -> Endpoint? { address(of: name)?.endpoint }

    /// `name` taken apart as libxcb does; `nil` when it does not parse.
    static func address(of name: String) -> Address? {
        var rest = Substring(name)
        var transport: Substring?
        if let slash = rest.lastIndex(of: "/") {
            transport = rest[..<slash]
            rest = rest[rest.index(after: slash)...]
        }
        guard let colon = rest.lastIndex(of: ":") else { return nil }
        let host = rest[..<colon]
        let numbers = rest[rest.index(after: colon)...].split(separator: ".", omittingEmptySubsequences: false)
        guard (1...2).contains(numbers.count), let display = UInt16(numbers[0]), numbers.allSatisfy({ Int($0) != nil })
        else { return nil }
        let screen = numbers.count == 2 ? Int32(numbers[1]) ?? 0 : 0
        if transport != "unix", !host.isEmpty, host != "unix" {
            guard display <= UInt16.max - 6000 else { return nil }
            return Address(endpoint: .tcp(host: String(host), port: 6000 + display), display: Int(display), screen: screen)
        }
        return Address(endpoint: .unix(path: "/tmp/.X11-unix/X\(display)"), display: Int(display), screen: screen)
    }

    /// Connects to the display's socket, waiting at most until `deadline`
    /// (``MonotonicClock`` seconds).
    ///
    /// - Returns: The connected socket (non-blocking, close-on-exec), or `nil`
    ///   when there is none to connect to.
    /// - Throws: `silent` when connecting takes past the deadline (a listener
    ///   that never accepts).
    static func open(_ endpoint: Endpoint, deadline: Double, silent: HostError) throws -> Int32? {
        switch endpoint {
        case .unix(let path): try connectUnix(path: path, deadline: deadline, silent: silent)
        case .tcp(let host, let port): try connectTCP(host: host, port: port, deadline: deadline, silent: silent)
        }
    }

    /// Connects to a Unix socket, abstract name first; `nil` when neither is there.
    private static func connectUnix(path: String, deadline: Double, silent: HostError) throws -> Int32? {
        for abstract in [true, false] {
            var address = sockaddr_un()
            address.sun_family = sa_family_t(AF_UNIX)
            let bytes = Array(path.utf8)
            let offset = abstract ? 1 : 0
            guard bytes.count + offset < MemoryLayout.size(ofValue: address.sun_path) else { return nil }
            withUnsafeMutableBytes(of: &address.sun_path) { buffer in
                for (index, byte) in bytes.enumerated() { buffer[index + offset] = byte }
            }
            let length = socklen_t(MemoryLayout<sa_family_t>.size + offset + bytes.count + (abstract ? 0 : 1))
            let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue | SOCK_NONBLOCK.rawValue), 0)
            guard descriptor >= 0 else { return nil }
            // A listener that never accepts fills its backlog; then connect answers EAGAIN until the deadline.
            while true {
                let result = withUnsafePointer(to: &address) {
                    $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, length) }
                }
                if result == 0 { return descriptor }
                let error = errno
                if error == EINTR { continue }
                if error == EAGAIN {
                    guard MonotonicClock.now() < deadline else {
                        close(descriptor)
                        throw silent
                    }
                    usleep(50_000)
                    continue
                }
                close(descriptor)
                // As libxcb: only a missing or refused abstract socket falls back to the file.
                if abstract, error == ENOENT || error == ECONNREFUSED { break }
                return nil
            }
        }
        return nil
    }

    /// Connects to a TCP port, each address in turn, within the deadline; `nil` when none answers.
    private static func connectTCP(host: String, port: UInt16, deadline: Double, silent: HostError) throws -> Int32? {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var list: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(host, String(port), &hints, &list) == 0, let first = list else { return nil }
        defer { freeaddrinfo(first) }
        var next: UnsafeMutablePointer<addrinfo>? = first
        while let info = next {
            next = info.pointee.ai_next
            let descriptor = socket(
                info.pointee.ai_family, info.pointee.ai_socktype | Int32(SOCK_CLOEXEC.rawValue | SOCK_NONBLOCK.rawValue),
                info.pointee.ai_protocol)
            guard descriptor >= 0 else { continue }
            if connect(descriptor, info.pointee.ai_addr, info.pointee.ai_addrlen) == 0 { return descriptor }
            if errno == EINPROGRESS {
                guard wait(descriptor, for: Int16(POLLOUT), until: deadline) else {
                    close(descriptor)
                    throw silent
                }
                var failure: Int32 = 0
                var size = socklen_t(MemoryLayout<Int32>.size)
                if getsockopt(descriptor, SOL_SOCKET, SO_ERROR, &failure, &size) == 0, failure == 0 { return descriptor }
            }
            close(descriptor)
        }
        return nil
    }

    /// Whether `descriptor` became ready for `events` (or hung up) before the deadline.
    private static func wait(_ descriptor: Int32, for events: Int16, until deadline: Double) -> Bool {
        var entry = pollfd(fd: descriptor, events: events, revents: 0)
        while true {
            let remaining = deadline - MonotonicClock.now()
            guard remaining > 0 else { return false }
            let count = poll(&entry, 1, Int32((remaining * 1000).rounded(.up)))
            if count > 0 { return true }
            if count < 0, errno != EINTR { return true }  // let xcb meet and report the failure
        }
    }

    /// The endpoint in a message: a socket path, or a host and port.
    static func describe(_ endpoint: Endpoint) -> String {
        switch endpoint {
        case .unix(let path): path
        case .tcp(let host, let port): "\(host) port \(port)"
        }
    }
}
