import CXCB

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// The authorization a connection sends to the X server, read from the
/// `XAUTHORITY` file (or `~/.Xauthority`) as `xcb_connect` reads it, for a
/// socket the host opened itself (`xcb_connect_to_fd`).
///
/// Only `MIT-MAGIC-COOKIE-1` is sent, the kind X servers and display managers
/// write today; a display with no such entry is connected to without one, and
/// a server that needs one refuses with its own reason.
struct X11Authorization {
    /// The protocol's name, `MIT-MAGIC-COOKIE-1`.
    var name: [CChar]
    /// The cookie.
    var data: [CChar]

    private static let cookieName = "MIT-MAGIC-COOKIE-1"

    /// The best entry for the peer of `descriptor`, display `display`
    /// (`XauGetBestAuthByAddr`); `nil` when there is none.
    ///
    /// As libxcb: a Unix socket or a loopback address is this machine
    /// (`FamilyLocal` with the host name); another address is looked up as it is.
    static func lookUp(for descriptor: Int32, display: Int) -> X11Authorization? {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let named = withUnsafeMutablePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getpeername(descriptor, $0, &length) }
        }
        guard named == 0 else { return nil }
        var family = UInt16(FamilyLocal)
        var address: [CChar] = []
        switch Int32(storage.ss_family) {
        case AF_UNIX:
            break
        case AF_INET:
            let bytes = withUnsafeBytes(of: &storage) { raw in
                withUnsafeBytes(of: raw.load(as: sockaddr_in.self).sin_addr) { Array($0) }  // network order
            }
            if bytes != [127, 0, 0, 1] {
                family = 0  // FamilyInternet
                address = bytes.map { CChar(bitPattern: $0) }
            }
        case AF_INET6:
            let bytes = withUnsafeBytes(of: &storage) { raw in
                withUnsafeBytes(of: raw.load(as: sockaddr_in6.self).sin6_addr) { Array($0) }
            }
            let mapped = bytes[0..<10].allSatisfy { $0 == 0 } && bytes[10] == 0xff && bytes[11] == 0xff
            let loopback = bytes == Array(repeating: 0, count: 15) + [1]
            if mapped, Array(bytes[12...]) != [127, 0, 0, 1] {
                family = 0  // FamilyInternet
                address = bytes[12...].map { CChar(bitPattern: $0) }
            } else if !mapped, !loopback {
                family = 6  // FamilyInternet6
                address = bytes.map { CChar(bitPattern: $0) }
            }
        default:
            return nil
        }
        if family == UInt16(FamilyLocal) {
            var host = [CChar](repeating: 0, count: 256)
            guard gethostname(&host, host.count - 1) == 0 else { return nil }
            address = Array(host.prefix { $0 != 0 })
        }
        let number = Array(String(display).utf8CString.dropLast())
        var name = Array(cookieName.utf8CString)
        var nameLength = Int32(cookieName.utf8.count)
        let entry = name.withUnsafeMutableBufferPointer { nameBuffer -> UnsafeMutablePointer<Xauth>? in
            var names: [UnsafeMutablePointer<CChar>?] = [nameBuffer.baseAddress]
            return XauGetBestAuthByAddr(
                family, UInt16(address.count), address, UInt16(number.count), number, 1, &names, &nameLength)
        }
        guard let entry else { return nil }
        defer { XauDisposeAuth(entry) }
        let found = entry.pointee
        guard let entryName = found.name, let entryData = found.data else { return nil }
        let foundName: [CChar] = Array(UnsafeBufferPointer(start: entryName, count: Int(found.name_length)))
        guard foundName == Array(cookieName.utf8CString.dropLast()) else { return nil }
        return X11Authorization(
            name: foundName, data: Array(UnsafeBufferPointer(start: entryData, count: Int(found.data_length))))
    }

    /// Runs `body` with the authorization as xcb takes it.
    func withAuthInfo<Result>(_ body: (UnsafeMutablePointer<xcb_auth_info_t>) -> Result) -> Result {
        var name = self.name, data = self.data
        return name.withUnsafeMutableBufferPointer { namePointer in
            data.withUnsafeMutableBufferPointer { dataPointer in
                var info = xcb_auth_info_t(
                    namelen: Int32(namePointer.count), name: namePointer.baseAddress, datalen: Int32(dataPointer.count),
                    data: dataPointer.baseAddress)
                return body(&info)
            }
        }
    }
}
