import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Whether sway and grim are installed, for the tests that need a compositor.
public let swayAvailable = executablePath("sway") != nil && executablePath("grim") != nil

/// Whether sway can run on its x11 backend in Xvfb and be driven by xdotool.
public let nestedSwayAvailable = swayAvailable && xvfbAvailable
/// Why a test that needs sway inside Xvfb is skipped.
public let nestedSwayReason: Comment = "needs sway, Xvfb and xdotool (scripts/install-deps.sh test)"

/// A private sway for one test, run as `nobody` (sway refuses root) with its
/// own `XDG_RUNTIME_DIR`; stopped when released.
///
/// Headless by default. Given an ``XvfbServer``, sway runs on its x11 backend
/// as a window of that server instead: keys and clicks xdotool sends to that
/// window reach the focused Wayland client through sway's seat, decoded with
/// the keymap sway's config names (``init(width:height:on:keyboardLayout:extraConfig:)``).
public final class HeadlessSway {
    /// The user sway runs as; the tests' clients may connect as root.
    public static let user = "65534"
    private let folder: TemporaryFolder
    private let sway: ChildProcess
    /// The folder holding the sockets, owned by ``user``.
    public let runtimeDirectory: String
    /// A folder ``user`` may write to, for screenshots.
    public let home: String
    /// The display socket's absolute path, usable as `WAYLAND_DISPLAY`.
    public let socketPath: String

    /// The X server sway runs on, or `nil` when headless.
    public let xvfb: XvfbServer?

    /// Starts sway with one `width` × `height` output with a black background
    /// and windows without borders, and waits for its socket.
    ///
    /// - Parameters:
    ///   - xvfb: An X server to run sway's x11 backend on; `nil` for headless.
    ///   - keyboardLayout: The XKB layout (and, after a comma-free `(`, no
    ///     variant) sway gives its keyboards, such as `"de"`.
    ///   - extraConfig: More lines for sway's config.
    public init(
        width: Int = 640, height: Int = 480, on xvfb: XvfbServer? = nil, keyboardLayout: String = "us",
        extraConfig: String = ""
    ) throws {
        self.xvfb = xvfb
        folder = try TemporaryFolder()
        runtimeDirectory = try folder.makeFolder("run")
        home = try folder.makeFolder("home")
        for path in [runtimeDirectory, home] {
            guard chown(path, 65534, 65534) == 0 else { throw SwayFailure("cannot chown \(path)") }
        }
        chmod(runtimeDirectory, 0o700)
        let config = try folder.write(
            "config",
            """
            output \(xvfb == nil ? "HEADLESS-1" : "X11-1") resolution \(width)x\(height) bg #000000 solid_color
            default_border none
            xwayland disable
            input type:keyboard xkb_layout \(keyboardLayout)
            \(extraConfig)
            """)
        let log = open(try folder.write("sway.log", ""), O_WRONLY)
        defer { close(log) }
        sway = try ChildProcess(
            ["setpriv", "--reuid=\(Self.user)", "--regid=\(Self.user)", "--clear-groups", "--", "sway", "-c", config],
            environment: Self.environment(runtime: runtimeDirectory, home: home, display: xvfb?.display),
            stderrDescriptor: log)
        socketPath = runtimeDirectory + "/wayland-1"
        for _ in 0..<500 where access(socketPath, F_OK) != 0 {
            if sway.wait(timeout: 0.01) != nil { break }
        }
        // libwayland binds the socket (the file appears) before it listens: wait until it answers.
        for _ in 0..<500 where access(socketPath, F_OK) == 0 && !listens(atUnixSocket: socketPath) {
            if sway.wait(timeout: 0.01) != nil { break }
        }
        guard access(socketPath, F_OK) == 0, listens(atUnixSocket: socketPath) else {
            sway.stop(grace: 1)
            let text = String(
                decoding: FileManager.default.contents(atPath: folder.path + "/sway.log") ?? Data(), as: UTF8.self)
            throw SwayFailure("sway did not come up:\n\(text.suffix(2000))")
        }
    }

    private static func environment(runtime: String, home: String, display: String? = nil) -> [String: String?] {
        [
            "XDG_RUNTIME_DIR": runtime, "HOME": home, "WLR_BACKENDS": display == nil ? "headless" : "x11",
            "WLR_X11_OUTPUTS": "1", "WLR_RENDERER": "pixman", "WLR_LIBINPUT_NO_DEVICES": "1",
            "WAYLAND_DISPLAY": nil, "DISPLAY": display,
        ]
    }

    /// sway's own window on the X server, for xdotool; waits for it to map.
    public func xWindow() throws -> String {
        guard let xvfb else { throw SwayFailure("sway is headless: it has no X window") }
        // The root's only mapped child: wlroots names neither its window nor its class.
        for _ in 0..<200 {
            let output = try xvfb.output(["xwininfo", "-root", "-children"])
            let ids = output.stdout.split(separator: "\n").compactMap { line -> String? in
                let words = line.split(separator: " ")
                return line.hasPrefix("     0x") ? words.first.map(String.init) : nil
            }
            if let id = ids.first { return id }
            usleep(20_000)
        }
        throw SwayFailure("sway's X window did not appear")
    }

    /// Takes a screenshot of the whole output with grim, as ``user``.
    ///
    /// - Returns: The PNG file's path.
    public func screenshot(named name: String) throws -> String {
        let path = home + "/" + name
        var environment = Self.environment(runtime: runtimeDirectory, home: home)
        environment["WAYLAND_DISPLAY"] = "wayland-1"
        let output = try ChildProcess.run(
            ["setpriv", "--reuid=\(Self.user)", "--regid=\(Self.user)", "--clear-groups", "--", "grim", path],
            environment: environment, timeout: 20)
        guard output.status == 0 else { throw SwayFailure("grim failed: \(output)") }
        return path
    }

    /// Runs a sway command over its IPC socket with `swaymsg`, as ``user``.
    public func command(_ text: String) throws {
        let socket = try FileManager.default.contentsOfDirectory(atPath: runtimeDirectory)
            .first { $0.hasPrefix("sway-ipc.") && $0.hasSuffix(".sock") }
        guard let socket else { throw SwayFailure("sway has no IPC socket in \(runtimeDirectory)") }
        var environment = Self.environment(runtime: runtimeDirectory, home: home)
        environment["SWAYSOCK"] = runtimeDirectory + "/" + socket
        let output = try ChildProcess.run(
            ["setpriv", "--reuid=\(Self.user)", "--regid=\(Self.user)", "--clear-groups", "--", "swaymsg", text],
            environment: environment, timeout: 20)
        guard output.status == 0 else { throw SwayFailure("swaymsg \(text) failed: \(output)") }
    }

    /// What sway logged so far.
    public var log: String {
        String(decoding: FileManager.default.contents(atPath: folder.path + "/sway.log") ?? Data(), as: UTF8.self)
    }

    private var stopped = false

    /// Whether sway still runs.
    public var isRunning: Bool { !stopped && sway.wait(timeout: 0) == nil }

    /// Stops sway now: its clients lose their connection.
    public func stop() {
        guard !stopped else { return }
        stopped = true
        sway.stop(grace: 2)
    }

    deinit {
        stop()
    }
}

/// sway or grim did not do what a test needed.
public struct SwayFailure: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}

/// Whether something listens on the Unix socket at `path`.
func listens(atUnixSocket path: String) -> Bool {
    let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
    guard fd >= 0 else { return false }
    defer { close(fd) }
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    let fits = withUnsafeMutableBytes(of: &address.sun_path) { buffer in
        let bytes = Array(path.utf8)
        guard bytes.count < buffer.count else { return false }
        buffer.copyBytes(from: bytes)
        buffer[bytes.count] = 0
        return true
    }
    guard fits else { return false }
    return withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
            connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) == 0
        }
    }
}
