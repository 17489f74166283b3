import Foundation
import TestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// Whether sway and grim are installed, for the tests that need a compositor.
let swayAvailable = executablePath("sway") != nil && executablePath("grim") != nil

/// A private headless sway for one test, run as `nobody` (sway refuses
/// root) with its own `XDG_RUNTIME_DIR`; stopped when released.
final class HeadlessSway {
    /// The user sway runs as; the tests' clients may connect as root.
    static let user = "65534"
    private let folder: TemporaryFolder
    private let sway: ChildProcess
    /// The folder holding the sockets, owned by ``user``.
    let runtimeDirectory: String
    /// A folder ``user`` may write to, for screenshots.
    let home: String
    /// The display socket's absolute path, usable as `WAYLAND_DISPLAY`.
    let socketPath: String

    /// Starts sway with one `width` × `height` output with a black background
    /// and windows without borders, and waits for its socket.
    init(width: Int = 640, height: Int = 480) throws {
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
            output HEADLESS-1 resolution \(width)x\(height) bg #000000 solid_color
            default_border none
            """)
        let log = open(try folder.write("sway.log", ""), O_WRONLY)
        defer { close(log) }
        sway = try ChildProcess(
            ["setpriv", "--reuid=\(Self.user)", "--regid=\(Self.user)", "--clear-groups", "--", "sway", "-c", config],
            environment: Self.environment(runtime: runtimeDirectory, home: home), stderrDescriptor: log)
        socketPath = runtimeDirectory + "/wayland-1"
        for _ in 0..<500 where access(socketPath, F_OK) != 0 {
            if sway.wait(timeout: 0.01) != nil { break }
        }
        guard access(socketPath, F_OK) == 0 else {
            sway.stop(grace: 1)
            let text = String(
                decoding: FileManager.default.contents(atPath: folder.path + "/sway.log") ?? Data(), as: UTF8.self)
            throw SwayFailure("sway did not come up:\n\(text.suffix(2000))")
        }
    }

    private static func environment(runtime: String, home: String) -> [String: String?] {
        [
            "XDG_RUNTIME_DIR": runtime, "HOME": home, "WLR_BACKENDS": "headless", "WLR_RENDERER": "pixman",
            "WLR_LIBINPUT_NO_DEVICES": "1", "WAYLAND_DISPLAY": nil, "DISPLAY": nil,
        ]
    }

    /// Takes a screenshot of the whole output with grim, as ``user``.
    ///
    /// - Returns: The PNG file's path.
    func screenshot(named name: String) throws -> String {
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
    func command(_ text: String) throws {
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

    deinit {
        sway.stop(grace: 2)
    }
}

/// sway or grim did not do what a test needed.
struct SwayFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
