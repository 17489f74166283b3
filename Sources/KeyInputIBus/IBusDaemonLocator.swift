#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Where an IBus-protocol daemon listens: a bus address and the names to
/// call on it.
public struct IBusEndpoint: Hashable, Sendable {
    /// The D-Bus address, such as `unix:path=…`.
    public var address: String
    /// The bus name that serves input contexts: `org.freedesktop.IBus`, or
    /// `org.freedesktop.portal.IBus` for the portal on the session bus.
    public var busName: String
    /// The interface `CreateInputContext` is called on.
    public var serviceInterface: String

    /// An IBus bus (ibus-daemon's own, or the one Fcitx5 names in its address file).
    ///
    /// - Parameter address: The D-Bus address.
    public static func bus(_ address: String) -> IBusEndpoint {
        IBusEndpoint(address: address, busName: "org.freedesktop.IBus", serviceInterface: "org.freedesktop.IBus")
    }

    /// The IBus portal on a session bus (Flatpak, and desktops that set no `IBUS_ADDRESS`).
    ///
    /// - Parameter sessionBusAddress: The session bus's address.
    public static func portal(_ sessionBusAddress: String) -> IBusEndpoint {
        IBusEndpoint(
            address: sessionBusAddress, busName: "org.freedesktop.portal.IBus",
            serviceInterface: "org.freedesktop.IBus.Portal")
    }
}

/// Finds the IBus daemon the way GTK and Qt do: `IBUS_ADDRESS` when set;
/// else the address file `$XDG_CONFIG_HOME/ibus/bus/<machine-id>-unix-<display>`
/// when its daemon (`IBUS_DAEMON_PID`) is alive; else the
/// `org.freedesktop.portal.IBus` service on the session bus.
///
/// Fcitx5 writes the same address file, so one client reaches both daemons.
public struct IBusDaemonLocator: Sendable {
    /// The environment read: `IBUS_ADDRESS`, `XDG_CONFIG_HOME`, `HOME`,
    /// `DISPLAY`, `WAYLAND_DISPLAY`, `DBUS_SESSION_BUS_ADDRESS`.
    public var environment: [String: String]
    /// The machine id (`/etc/machine-id`), or `nil` to read it.
    public var machineID: String?
    /// Whether the session bus's portal is a last resort.
    public var usesPortal: Bool

    /// Creates a locator.
    ///
    /// - Parameters:
    ///   - environment: The variables to read; the process's own by default.
    ///   - machineID: The machine id, or `nil` to read `/etc/machine-id`
    ///     (else `/var/lib/dbus/machine-id`).
    ///   - usesPortal: Whether to fall back to the portal on the session bus.
    public init(
        environment: [String: String] = IBusDaemonLocator.processEnvironment, machineID: String? = nil,
        usesPortal: Bool = true
    ) {
        self.environment = environment
        self.machineID = machineID
        self.usesPortal = usesPortal
    }

    /// The process's environment variables.
    public static var processEnvironment: [String: String] {
        var result: [String: String] = [:]
        var entry = environ
        while let pointer = entry.pointee {
            let pair = String(cString: pointer)
            if let equals = pair.firstIndex(of: "=") {
                result[String(pair[..<equals])] = String(pair[pair.index(after: equals)...])
            }
            entry += 1
        }
        return result
    }

    /// The address file GTK and Qt read for this machine and display.
    public var addressFilePath: String? {
        guard let id = machineID ?? Self.readMachineID() else { return nil }
        let config =
            environment["XDG_CONFIG_HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? "\(environment["HOME"] ?? "")/.config"
        return "\(config)/ibus/bus/\(id)-\(displaySuffix)"
    }

    /// `unix-<display number>` for `DISPLAY=:1.0`, `unix-wayland-0` on Wayland, `unix-0` without either.
    var displaySuffix: String {
        if let wayland = environment["WAYLAND_DISPLAY"], !wayland.isEmpty, (environment["DISPLAY"] ?? "").isEmpty {
            return "unix-\(wayland)"
        }
        guard let display = environment["DISPLAY"], let colon = display.lastIndex(of: ":") else { return "unix-0" }
        let host = display[..<colon]
        let number = display[display.index(after: colon)...].prefix { $0 != "." }
        return "\(host.isEmpty ? "unix" : String(host))-\(number.isEmpty ? "0" : String(number))"
    }

    /// The daemon to connect to now, or `nil` when none is found.
    public func locate() -> IBusEndpoint? {
        if let address = environment["IBUS_ADDRESS"], !address.isEmpty { return .bus(address) }
        if let path = addressFilePath, let address = Self.liveAddress(inFile: path) { return .bus(address) }
        if usesPortal, let session = environment["DBUS_SESSION_BUS_ADDRESS"], !session.isEmpty {
            return .portal(session)
        }
        return nil
    }

    /// The address in an address file whose daemon is alive; `nil` for a missing or stale file.
    static func liveAddress(inFile path: String) -> String? {
        guard let contents = readFile(path) else { return nil }
        var address: String?
        var pid: pid_t?
        for line in contents.split(separator: "\n") where !line.hasPrefix("#") {
            if line.hasPrefix("IBUS_ADDRESS=") { address = String(line.dropFirst("IBUS_ADDRESS=".count)) }
            if line.hasPrefix("IBUS_DAEMON_PID=") { pid = pid_t(line.dropFirst("IBUS_DAEMON_PID=".count)) }
        }
        guard let address, !address.isEmpty, let pid, pid > 0 else { return nil }
        // Qt's check: a stale file names a process that is gone.
        guard kill(pid, 0) == 0 || errno == EPERM else { return nil }
        return address
    }

    static func readMachineID() -> String? {
        for path in ["/etc/machine-id", "/var/lib/dbus/machine-id"] {
            if let id = readFile(path)?.split(whereSeparator: \.isWhitespace).first, !id.isEmpty { return String(id) }
        }
        return nil
    }

    static func readFile(_ path: String) -> String? {
        guard let file = fopen(path, "r") else { return nil }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = fread(&buffer, 1, buffer.count, file)
            if count <= 0 { break }
            bytes += buffer.prefix(count)
            if bytes.count > 1 << 16 { return nil }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
