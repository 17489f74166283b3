import Foundation
import TestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// Whether Fcitx5 with its Wayland input-method frontend and Hangul engine is installed.
let fcitxWaylandAvailable =
    fcitxHangulAvailable && FileManager.default.fileExists(atPath: "/usr/lib/x86_64-linux-gnu/fcitx5/libwaylandim.so")

/// Fcitx5 as a sway's input method (input-method-v2, its `waylandim`
/// addon) with the Hangul engine active from the start, run as sway's user
/// with a private session bus, home and config; stopped when released.
final class WaylandFcitx {
    private let folder: TemporaryFolder
    private let bus: ChildProcess
    private let fcitx: ChildProcess
    private let logPath: String

    /// Starts a session bus and Fcitx5 on `sway`'s display, and waits until
    /// Fcitx5 has bound the compositor's input method.
    init(on sway: HeadlessSway) throws {
        folder = try TemporaryFolder()
        let home = try folder.makeFolder("home")
        try writeFcitxHangulProfile(in: folder)
        logPath = try folder.write("fcitx5.log", "")
        let owned = try ChildProcess.run(["chown", "-R", "\(HeadlessSway.user):\(HeadlessSway.user)", folder.path])
        guard owned.status == 0 else { throw SwayFailure("cannot chown \(folder.path): \(owned)") }

        let asUser = [
            "setpriv", "--reuid=\(HeadlessSway.user)", "--regid=\(HeadlessSway.user)", "--clear-groups", "--",
        ]
        let busPath = folder.path + "/bus"
        let environment: [String: String?] = [
            "HOME": home, "XDG_CONFIG_HOME": folder.path + "/config", "XDG_DATA_HOME": home + "/.local/share",
            "XDG_CACHE_HOME": home + "/.cache", "XDG_RUNTIME_DIR": sway.runtimeDirectory,
            "WAYLAND_DISPLAY": "wayland-1", "DBUS_SESSION_BUS_ADDRESS": "unix:path=\(busPath)", "DISPLAY": nil,
            "IBUS_ADDRESS": nil,
        ]
        bus = try ChildProcess(
            asUser + ["dbus-daemon", "--session", "--nofork", "--address=unix:path=\(busPath)"],
            environment: environment)
        for _ in 0..<500 where access(busPath, F_OK) != 0 { usleep(10_000) }
        let log = open(logPath, O_WRONLY)
        defer { close(log) }
        // Only the Wayland frontends: no X11, no panel, no IBus address file that other tests could find.
        fcitx = try ChildProcess(
            asUser + [
                "fcitx5", "--verbose=waylandim=5", "--disable=xcb,xim,classicui,kimpanel,notificationitem,ibusfrontend",
            ],
            environment: environment, stderrDescriptor: log)
        for _ in 0..<1000 where !self.log.contains("Loaded addon waylandim") {
            if fcitx.wait(timeout: 0.01) != nil { break }
        }
        guard self.log.contains("Loaded addon waylandim") else {
            fcitx.stop(grace: 1)
            bus.stop(grace: 1)
            throw SwayFailure("fcitx5's waylandim did not load:\n\(self.log.suffix(3000))")
        }
    }

    /// What Fcitx5 logged.
    var log: String {
        String(decoding: FileManager.default.contents(atPath: logPath) ?? Data(), as: UTF8.self)
    }

    deinit {
        fcitx.stop(grace: 2)
        bus.stop(grace: 2)
    }
}
