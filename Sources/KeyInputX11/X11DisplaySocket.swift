import KeyInputKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Checks that an X server answers on a display before `xcb_connect`, which
/// waits for the server's setup reply with no time limit: a socket that
/// accepts the connection and never speaks X11 would hang the program for ever.
///
/// The probe opens the socket `xcb_connect` would open (the same rules:
/// `host:n` is TCP port 6000 + n; `:n` and `unix:n` are the abstract socket
/// `/tmp/.X11-unix/Xn`, then the file), sends a setup request without
/// authorization, and waits for the first byte of any answer: success,
/// refusal and "authenticate" all show that an X server listens. It then
/// closes its connection, and `xcb_connect` connects again with its own
/// authorization. A display it cannot parse or reach is left to
/// `xcb_connect`, which reports those at once.
enum X11ServerProbe {
    /// Where a display name leads.
    enum Endpoint: Equatable {
        /// A Unix socket: the abstract name first, then the file, as libxcb tries them.
        case unix(path: String)
        /// A TCP port on a host.
        case tcp(host: String, port: UInt16)
    }

    /// The socket `xcb_connect` opens for `name`; `nil` when the name does not
    /// parse (xcb says so itself).
    static func endpoint(of name: String) -> Endpoint? {
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
        if transport != "unix", !host.isEmpty, host != "unix" {
            guard display <= UInt16.max - 6000 else { return nil }
            return .tcp(host: String(host), port: 6000 + display)
        }
        return .unix(path: "/tmp/.X11-unix/X\(display)")
    }

    /// Waits up to `timeout` seconds for an X server on `name` to answer a
    /// setup request.
    ///
    /// - Throws: ``HostError`` `connectionFailed` naming the display when
    ///   something accepts connections there but sends nothing in time.
    static func waitForAnswer(display name: String, timeout: Double) throws {
        guard let endpoint = endpoint(of: name) else { return }
        let deadline = MonotonicClock.now() + timeout
        let silent = HostError(
            .connectionFailed,
            "X display \(name) did not answer within \(formatted(timeout)) seconds: something accepts connections at "
                + "\(describe(endpoint)) but does not speak X11 (is the X server hung, or is DISPLAY wrong?)")
        let connected: Int32?
        switch endpoint {
        case .unix(let path):
            connected = try connectUnix(path: path, deadline: deadline, silent: silent)
        case .tcp(let host, let port):
            connected = try connectTCP(host: host, port: port, deadline: deadline, silent: silent)
        }
        guard let descriptor = connected else { return }
        defer { close(descriptor) }
        // Byte order 'l' (least significant first), protocol 11.0, no authorization name or data.
        let request: [UInt8] = [0x6c, 0, 11, 0, 0, 0, 0, 0, 0, 0, 0, 0]
        let sent = request.withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        guard sent == request.count else { return }  // the peer went away: xcb reports it
        guard wait(descriptor, for: Int16(POLLIN), until: deadline) else { throw silent }
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

    private static func describe(_ endpoint: Endpoint) -> String {
        switch endpoint {
        case .unix(let path): path
        case .tcp(let host, let port): "\(host) port \(port)"
        }
    }

    private static func formatted(_ seconds: Double) -> String {
        seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)
    }
}
