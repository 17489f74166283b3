import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Whether KDE's compositor can run for a test: `kwin_wayland` (package `kwin-wayland`) and a session bus.
public let kwinAvailable = executablePath("kwin_wayland") != nil && executablePath("dbus-daemon") != nil
/// Why a test that needs kwin is skipped.
public let kwinReason: Comment = "needs kwin_wayland and dbus-daemon (scripts/install-deps.sh test)"

/// KDE's compositor for one test: kwin 5.27 on its virtual backend (one
/// output, drawn with Mesa's llvmpipe, no GPU), on a private session bus with
/// its own `XDG_RUNTIME_DIR`, home and XDG folders; stopped when released.
///
/// kwin offers server-side decorations (`zxdg_decoration_manager_v1`) and
/// draws them with the Breeze plugin (package `kwin-style-breeze`); without
/// it kwin still answers server-side and draws no title bar. Its seat has a
/// keyboard and no pointer: the virtual backend has no input devices.
///
/// Input goes through kwin's `org_kde_kwin_fake_input` (``KWinFakeInput``),
/// which kwin offers any client here: it runs with
/// `KWIN_WAYLAND_NO_PERMISSION_CHECKS=1`, as no `.desktop` file names the
/// tests. The session binds it before any client starts, so the seat has
/// its pointer from the start.
///
/// Debian's `kwin_wayland` carries the file capability `cap_sys_resource`,
/// and a process whose bounding set lacks it (a container's root) is refused
/// the program (`Operation not permitted`): the session runs a copy without
/// it, still named `kwin_wayland`, as kwin loads its own Qt platform plugin
/// only in a program of that name.
public final class HeadlessKWin {
    private let folder: TemporaryFolder
    private let bus: ChildProcess
    private let kwin: ChildProcess
    /// The folder holding the display socket (mode 700).
    public let runtimeDirectory: String
    /// The private session bus's address, where kwin owns `org.kde.KWin`.
    public let sessionBusAddress: String
    /// The display socket's absolute path, usable as `WAYLAND_DISPLAY`.
    public let socketPath: String
    /// The variables a client needs: `WAYLAND_DISPLAY`, `XDG_RUNTIME_DIR`,
    /// `DBUS_SESSION_BUS_ADDRESS`, the private home and XDG folders, and no `DISPLAY`.
    public let environment: [String: String?]
    /// Pointer and key events through kwin's seat.
    public private(set) var fakeInput: KWinFakeInput!
    /// Whether a window rule puts every window at the output's top-left corner without a frame.
    public let placesWindowsAtOrigin: Bool
    private var stopped = false, compositorStopped = false

    /// Starts the bus and kwin with one `width` × `height` output, waits
    /// until kwin's display socket answers (about 0.3 s here), and binds its fake input.
    ///
    /// - Parameters:
    ///   - placingWindowsAtOrigin: Whether a window rule (`kwinrulesrc`) makes kwin place
    ///     every window at (0, 0) with no frame, so a test knows where to click without a
    ///     screenshot; `false` keeps kwin's own placement and its server-side decorations.
    /// - Throws: ``KWinFailure`` naming what did not come up, with the end of kwin's log.
    public init(width: Int = 640, height: Int = 700, placingWindowsAtOrigin: Bool = false) throws {
        placesWindowsAtOrigin = placingWindowsAtOrigin
        folder = try TemporaryFolder()
        runtimeDirectory = try folder.makeFolder("run")
        chmod(runtimeDirectory, 0o700)
        guard let installed = executablePath("kwin_wayland"),
            let program = FileManager.default.contents(atPath: installed)
        else { throw KWinFailure("kwin_wayland is not installed") }
        // Written anew, the copy has neither the file capability nor any other extended attribute.
        let copy = try folder.write("bin/kwin_wayland", bytes: Array(program))
        chmod(copy, 0o755)
        var environment: [String: String?] = [
            "HOME": try folder.makeFolder("home"), "XDG_RUNTIME_DIR": runtimeDirectory,
            "XDG_CONFIG_HOME": try folder.makeFolder("config"), "XDG_CACHE_HOME": try folder.makeFolder("cache"),
            "XDG_DATA_HOME": try folder.makeFolder("data"), "WAYLAND_DISPLAY": nil, "DISPLAY": nil,
            "QT_QPA_PLATFORM": nil, "AT_SPI_BUS_ADDRESS": nil, "KWIN_WAYLAND_NO_PERMISSION_CHECKS": "1",
        ]
        if placingWindowsAtOrigin {
            // Rule 1 matches every window: position forced to 0,0 and no border (rule 2 is "force").
            try folder.write(
                "config/kwinrulesrc",
                """
                [General]
                count=1
                rules=1

                [1]
                Description=Every window at the origin, without a frame
                noborder=true
                noborderrule=2
                position=0,0
                positionrule=2

                """)
        }
        (bus, sessionBusAddress) = try startSessionBus(environment: environment)
        environment["DBUS_SESSION_BUS_ADDRESS"] = sessionBusAddress
        let name = "kwin-0"
        let log = open(try folder.write("kwin.log", ""), O_WRONLY)
        defer { close(log) }
        do {
            kwin = try ChildProcess(
                [copy, "--virtual", "--width", "\(width)", "--height", "\(height)", "--socket", name,
                 "--no-lockscreen", "--no-global-shortcuts", "--no-kactivities"],
                environment: environment, stderrDescriptor: log)
        } catch {
            bus.stop(grace: 1)
            throw error
        }
        socketPath = runtimeDirectory + "/" + name
        environment["WAYLAND_DISPLAY"] = socketPath
        self.environment = environment
        let kwin = kwin, socketPath = socketPath
        do {
            // libwayland binds the socket (the file appears) before it listens: wait until it answers.
            try waitUntil("kwin's display socket \(socketPath)", timeout: 20, turn: { usleep(10_000) }) {
                guard kwin.wait(timeout: 0) == nil else { throw KWinFailure("kwin exited") }
                return listens(atUnixSocket: socketPath)
            }
        } catch {
            stop()
            throw KWinFailure("kwin did not come up (\(error)):\n\(self.log.suffix(2000))")
        }
        do {
            fakeInput = try KWinFakeInput(socketPath: socketPath)
            // Park the pointer in the corner, as a real machine's pointer is somewhere from boot.
            try fakeInput.pointerMove(x: Double(width - 1), y: Double(height - 1))
        } catch {
            stop()
            throw KWinFailure("\(error)\n\(self.log.suffix(2000))")
        }
    }

    deinit { stop() }

    /// Whether kwin still runs.
    public var isRunning: Bool { !stopped && !compositorStopped && kwin.wait(timeout: 0) == nil }

    /// What kwin logged so far.
    public var log: String {
        String(decoding: FileManager.default.contents(atPath: folder.file("kwin.log")) ?? Data(), as: UTF8.self)
    }

    /// Stops kwin alone: its clients lose their connection; the bus stays until ``stop()``.
    public func stopCompositor() {
        guard !compositorStopped else { return }
        compositorStopped = true
        kwin.stop(grace: 2)
    }

    /// Stops kwin (its clients lose their connection), whatever the bus started, and the bus.
    public func stop() {
        guard !stopped else { return }
        stopped = true
        stopCompositor()
        let activated = descendants(of: bus.pid)
        for pid in activated { kill(pid, SIGTERM) }
        bus.stop(grace: 2)
    }
}

/// kwin did not do what a test needed.
public struct KWinFailure: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}

extension HeadlessKWin: CompositorSession {
    public var compositor: TestCompositor { .kwin }
    public var clientEnvironment: [String: String?] { environment }
    public var knownWindowOrigin: (x: Int, y: Int)? { placesWindowsAtOrigin ? (0, 0) : nil }
    public func click(x: Int, y: Int) throws {
        try fakeInput.pointerMove(x: Double(x), y: Double(y))
        try fakeInput.button(pressed: true)
        try fakeInput.button(pressed: false)
    }

    public func type(keys chords: [String]) throws {
        for codes in try chordCodes(chords) {
            for code in codes { try fakeInput.key(evdevCode: code, pressed: true) }
            for code in codes.reversed() { try fakeInput.key(evdevCode: code, pressed: false) }
        }
    }

    /// Not here: see ``TestCompositor/takesScreenshots``.
    public func screenshot(named name: String) throws -> String {
        throw KWinFailure("kwin takes screenshots only for a client its .desktop file trusts")
    }

    public func startClient(_ arguments: [String], stdoutDescriptor: Int32?) throws -> ChildProcess {
        try ChildProcess(arguments, environment: environment, stdoutDescriptor: stdoutDescriptor)
    }
}
