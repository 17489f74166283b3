import Foundation

#if canImport(Glibc)
    import Glibc
#endif

public let ibusAvailable =
    executablePath("dbus-daemon") != nil && executablePath("ibus-daemon") != nil
    && FileManager.default.fileExists(atPath: "/usr/libexec/ibus-memconf")
public let ibusHangulAvailable =
    ibusAvailable && FileManager.default.fileExists(atPath: "/usr/libexec/ibus-engine-hangul")
public let ibusM17nAvailable = ibusAvailable && FileManager.default.fileExists(atPath: "/usr/libexec/ibus-engine-m17n")
public let fcitxHangulAvailable =
    executablePath("dbus-daemon") != nil && executablePath("fcitx5") != nil
    && FileManager.default.fileExists(atPath: "/usr/lib/x86_64-linux-gnu/fcitx5/hangul.so")
public let missingDaemons = "the input-method daemons are not installed (scripts/install-deps.sh test installs them)"

/// A private D-Bus session with private home and config folders, and an
/// input-method daemon started in it: nothing of the machine's own session
/// is read or touched.
public final class InputMethodDaemonSession {
    public enum Daemon {
        /// `ibus-daemon` with the memconf config; the engine is made the global one.
        case ibus(engine: String)
        /// Fcitx5 with a profile whose input method is Hangul, active from the start.
        case fcitxHangul
    }

    let folder: TemporaryFolder
    /// The bus this session started, or `nil` when it joined another's.
    let bus: ChildProcess?
    /// The private session bus's address.
    public let busAddress: String
    private(set) var daemon: ChildProcess?
    let kind: Daemon
    /// The environment the daemons run in (no display), which a client's locator reads.
    public let environment: [String: String]

    /// Starts a private session bus, then the daemon on it.
    public convenience init(_ kind: Daemon) throws {
        try self.init(kind, sessionBus: nil)
    }

    /// Starts the daemon on another session's bus, as a desktop's input method runs
    /// on the compositor's bus (mutter's, for one); its home and config stay private.
    ///
    /// - Parameter busAddress: The bus's address (`DBUS_SESSION_BUS_ADDRESS`).
    public convenience init(_ kind: Daemon, onBus busAddress: String) throws {
        try self.init(kind, sessionBus: busAddress)
    }

    private init(_ kind: Daemon, sessionBus: String?) throws {
        self.kind = kind
        folder = try TemporaryFolder()
        let home = try folder.makeFolder("home")
        let config = try folder.makeFolder("config")
        let runtime = try folder.makeFolder("runtime")
        chmod(runtime, 0o700)
        // ibus-hangul reads GSettings: start it in Hangul mode, not Latin.
        try folder.write(
            "config/glib-2.0/settings/keyfile",
            "[org/freedesktop/ibus/engine/hangul]\ninitial-input-mode='hangul'\n")
        try writeFcitxHangulProfile(in: folder)

        if let sessionBus {
            (bus, busAddress) = (nil, sessionBus)
        } else {
            (bus, busAddress) = try startSessionBus(environment: ["HOME": home, "XDG_RUNTIME_DIR": runtime])
        }
        environment = [
            "HOME": home, "XDG_CONFIG_HOME": config, "XDG_RUNTIME_DIR": runtime, "XDG_CACHE_HOME": home + "/.cache",
            "XDG_DATA_HOME": home + "/.local/share", "GSETTINGS_BACKEND": "keyfile",
            "DBUS_SESSION_BUS_ADDRESS": busAddress,
        ]
        try start()
    }

    deinit {
        daemon?.stop(grace: 2)
        bus?.stop(grace: 2)
    }

    /// The IBus address file the daemon writes: no display, so `unix-0`.
    public var addressFilePath: String {
        let id =
            (try? String(contentsOfFile: "/etc/machine-id", encoding: .utf8))?
            .trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        return "\(environment["XDG_CONFIG_HOME"]!)/ibus/bus/\(id)-unix-0"
    }

    /// The daemon's address, from its address file: what `IBUS_ADDRESS` gives a program.
    public var ibusAddress: String? {
        guard let text = try? String(contentsOfFile: addressFilePath, encoding: .utf8),
            let line = text.split(separator: "\n").first(where: { $0.hasPrefix("IBUS_ADDRESS=") })
        else { return nil }
        return String(line.dropFirst("IBUS_ADDRESS=".count))
    }

    /// Starts the daemon and waits for its address file.
    public func start() throws {
        let childEnvironment: [String: String?] =
            environment.mapValues { $0 }.merging(["DISPLAY": nil, "WAYLAND_DISPLAY": nil, "IBUS_ADDRESS": nil]) { $1 }
        switch kind {
        case .ibus(let engine):
            daemon = try ChildProcess(
                [
                    "ibus-daemon", "--panel=disable", "--emoji-extension=disable",
                    "--config=/usr/libexec/ibus-memconf",
                ], environment: childEnvironment)
            try waitForAddressFile()
            // `ibus engine NAME` exits 1 without a display (its setxkbmap fails) once it set the engine: ask
            // after. A daemon still reading its engines under load refuses: try again.
            var current: ChildProcess.Output?
            let deadline = Date().addingTimeInterval(20)
            repeat {
                _ = try ChildProcess.run(["ibus", "engine", engine], environment: childEnvironment, timeout: 10)
                let answer = try ChildProcess.run(["ibus", "engine"], environment: childEnvironment, timeout: 10)
                if answer.stdout.split(separator: "\n").first.map(String.init) == engine { return }
                current = answer
                usleep(200_000)
            } while Date() < deadline
            throw DaemonFailure("ibus did not switch to \(engine): \(current.map(String.init(describing:)) ?? "")")
        case .fcitxHangul:
            daemon = try ChildProcess(
                ["fcitx5", "-D", "--keep", "--disable=wayland,waylandim,xcb,xim,classicui"],
                environment: childEnvironment)
            try waitForAddressFile()
        }
    }

    /// Kills the daemon at once, as a crash would.
    public func kill() {
        guard let daemon else { return }
        Glibc.kill(daemon.pid, SIGKILL)
        _ = daemon.wait(timeout: 5)
        self.daemon = nil
    }

    private func waitForAddressFile() throws {
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline {
            if Self.liveAddress(addressFilePath) { return }
            usleep(20_000)
        }
        throw DaemonFailure("the daemon wrote no address file")
    }

    private static func liveAddress(_ path: String) -> Bool {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8),
            let line = text.split(separator: "\n").first(where: { $0.hasPrefix("IBUS_DAEMON_PID=") }),
            let pid = pid_t(line.dropFirst("IBUS_DAEMON_PID=".count))
        else { return false }
        return Glibc.kill(pid, 0) == 0
    }

    static func readLine(from fd: Int32, timeout: Double) -> String {
        var text = ""
        let deadline = Date().addingTimeInterval(timeout)
        while !text.contains("\n"), Date() < deadline {
            var descriptor = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&descriptor, 1, 200) > 0 else { continue }
            var buffer = [UInt8](repeating: 0, count: 512)
            let count = read(fd, &buffer, buffer.count)
            if count <= 0 { break }
            text += String(decoding: buffer.prefix(count), as: UTF8.self)
        }
        return text.split(separator: "\n").first.map(String.init) ?? ""
    }
}

/// Starts a private session bus (`dbus-daemon --session`) in `environment`.
///
/// - Returns: The bus's process and its address.
/// - Throws: ``DaemonFailure`` when it printed no address.
func startSessionBus(environment: [String: String?]) throws -> (ChildProcess, String) {
    var fds: [Int32] = [0, 0]
    guard pipe(&fds) == 0 else { throw DaemonFailure("pipe() failed") }
    defer { close(fds[0]) }
    let bus: ChildProcess
    do {
        defer { close(fds[1]) }
        bus = try ChildProcess(
            ["dbus-daemon", "--session", "--nofork", "--print-address=1"], environment: environment,
            stdoutDescriptor: fds[1])
    }
    let address = InputMethodDaemonSession.readLine(from: fds[0], timeout: 10)
    guard !address.isEmpty else {
        bus.stop(grace: 1)
        throw DaemonFailure("dbus-daemon printed no address")
    }
    return (bus, address)
}

/// A daemon or its bus that did not come up.
public struct DaemonFailure: Error, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}

/// Writes a Fcitx5 profile under `folder`'s `config/fcitx5` (for `XDG_CONFIG_HOME=folder/config`):
/// US keys and the Hangul engine, Hangul active from the start.
public func writeFcitxHangulProfile(in folder: TemporaryFolder) throws {
    try folder.write(
        "config/fcitx5/profile",
        """
        [Groups/0]
        Name=Default
        Default Layout=us
        DefaultIM=hangul

        [Groups/0/Items/0]
        Name=keyboard-us
        Layout=

        [Groups/0/Items/1]
        Name=hangul
        Layout=

        [GroupOrder]
        0=Default

        """)
    try folder.write("config/fcitx5/config", "[Behavior]\nActiveByDefault=True\n")
}
