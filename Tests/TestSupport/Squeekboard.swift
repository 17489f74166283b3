import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Whether squeekboard (Phosh's on-screen keyboard) and sway are installed.
public let squeekboardAvailable = swayAvailable && executablePath("squeekboard") != nil
    && executablePath("gsettings") != nil && executablePath("dbus-daemon") != nil
/// Why a test that needs squeekboard is skipped.
public let squeekboardReason: Comment = "needs sway, squeekboard and dbus (scripts/install-deps.sh test)"

/// squeekboard 1.21 as a sway's on-screen keyboard, run as sway's user on a
/// private session bus that activates nothing (no accessibility bus, no
/// feedbackd, no dconf), with a private home whose keyfile settings turn
/// the screen keyboard on (`org.gnome.desktop.a11y.applications
/// screen-keyboard-enabled`: without it squeekboard never shows). It binds
/// the compositor's input method (input-method-v2) and shows itself as a
/// layer-shell surface at the bottom of the output while a client's text
/// input is enabled; its virtual keyboard (virtual-keyboard-v1) gives the
/// seat a keyboard. Stopped, with its bus, when released.
public final class Squeekboard {
    private let folder: TemporaryFolder
    private let bus: ChildProcess
    private let squeekboard: ChildProcess
    private let logPath: String

    /// Starts the bus and squeekboard on `sway`'s display, and waits until
    /// squeekboard has loaded its first layout.
    public init(on sway: HeadlessSway) throws {
        folder = try TemporaryFolder()
        let home = try folder.makeFolder("home")
        let busPath = folder.path + "/bus"
        let config = try folder.write(
            "session.conf",
            """
            <!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-BUS Bus Configuration 1.0//EN"
             "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
            <busconfig>
              <type>session</type>
              <listen>unix:path=\(busPath)</listen>
              <auth>EXTERNAL</auth>
              <policy context="default">
                <allow send_destination="*" eavesdrop="true"/>
                <allow eavesdrop="true"/>
                <allow own="*"/>
              </policy>
            </busconfig>
            """)
        logPath = try folder.write("squeekboard.log", "")
        let owned = try ChildProcess.run(["chown", "-R", "\(HeadlessSway.user):\(HeadlessSway.user)", folder.path])
        guard owned.status == 0 else { throw SwayFailure("cannot chown \(folder.path): \(owned)") }

        let asUser = [
            "setpriv", "--reuid=\(HeadlessSway.user)", "--regid=\(HeadlessSway.user)", "--clear-groups", "--",
        ]
        let environment: [String: String?] = [
            "HOME": home, "XDG_CONFIG_HOME": home + "/.config", "XDG_DATA_HOME": home + "/.local/share",
            "XDG_CACHE_HOME": home + "/.cache", "XDG_RUNTIME_DIR": sway.runtimeDirectory,
            "WAYLAND_DISPLAY": "wayland-1", "DBUS_SESSION_BUS_ADDRESS": "unix:path=\(busPath)", "DISPLAY": nil,
            "GSETTINGS_BACKEND": "keyfile", "NO_AT_BRIDGE": "1", "GTK_A11Y": "none",
            "G_MESSAGES_DEBUG": "phosh-layer-surface", "LANG": "C.UTF-8",
        ]
        bus = try ChildProcess(asUser + ["dbus-daemon", "--nofork", "--config-file=\(config)"], environment: environment)
        for _ in 0..<500 where access(busPath, F_OK) != 0 { usleep(10_000) }
        let set = try ChildProcess.run(
            asUser + ["gsettings", "set", "org.gnome.desktop.a11y.applications", "screen-keyboard-enabled", "true"],
            environment: environment, timeout: 20)
        guard set.status == 0 else {
            bus.stop(grace: 1)
            throw SwayFailure("gsettings could not turn the screen keyboard on: \(set)")
        }
        let log = open(logPath, O_WRONLY)
        defer { close(log) }
        squeekboard = try ChildProcess(
            asUser + ["squeekboard"], environment: environment, stdoutDescriptor: log, stderrDescriptor: log)
        for _ in 0..<1000 where !self.log.contains("Loaded layout") {
            if squeekboard.wait(timeout: 0.01) != nil { break }
        }
        guard self.log.contains("Loaded layout") else {
            squeekboard.stop(grace: 1)
            bus.stop(grace: 1)
            throw SwayFailure("squeekboard did not load a layout:\n\(self.log.suffix(3000))")
        }
    }

    /// What squeekboard logged: its layer surface's maps and configures, the layouts it loaded.
    public var log: String {
        String(decoding: FileManager.default.contents(atPath: logPath) ?? Data(), as: UTF8.self)
    }

    /// Whether squeekboard still runs.
    public var isRunning: Bool { squeekboard.wait(timeout: 0) == nil }

    deinit {
        squeekboard.stop(grace: 2)
        bus.stop(grace: 2)
    }
}
