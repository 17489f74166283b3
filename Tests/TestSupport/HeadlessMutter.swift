import Foundation
import Testing
import XKB

#if canImport(Glibc)
    import Glibc
#endif

/// Whether mutter can also start Xwayland here, for ``HeadlessMutter/init(width:height:xwayland:primeKeyboard:)``.
public let xwaylandAvailable = mutterAvailable && executablePath("Xwayland") != nil && executablePath("xprop") != nil

/// Whether mutter can run headless here with PipeWire, and its screen be read with GStreamer.
public let mutterAvailable =
    executablePath("mutter") != nil && executablePath("pipewire") != nil && executablePath("wireplumber") != nil
    && executablePath("dbus-daemon") != nil && pipeWireScreenshotsAvailable
/// Why a test that needs mutter is skipped.
public let mutterReason: Comment =
    "needs mutter, pipewire, wireplumber and GStreamer's pipewire plugin (scripts/install-deps.sh test)"

/// GNOME's compositor for one test: mutter 43 headless, on one virtual
/// monitor, on a private session bus with its own `XDG_RUNTIME_DIR`, home
/// and XDG folders, with PipeWire and WirePlumber for its screen cast.
///
/// Input goes through mutter's RemoteDesktop D-Bus API
/// (``MutterRemoteDesktop``), so a client gets real events from mutter's
/// own seat, decoded with mutter's keymap; screenshots come from the
/// monitor's PipeWire stream. mutter makes each virtual device on its first
/// event, and a client can lose that event: the session moves the pointer,
/// presses Shift and taps the empty desktop before any client starts, as a
/// real machine has its devices from boot. A tablet with no keyboard is
/// `HeadlessMutter(primeKeyboard: false)`: no key is pressed, so the seat has
/// no keyboard until a test presses one.
///
/// The keymap is always US (evdev rules, pc105+inet): mutter alone takes a layout
/// only from GNOME Shell (`meta_backend_set_keymap`), and ignores `XKB_DEFAULT_LAYOUT`
/// and `org.gnome.desktop.input-sources` but for its `xkb-options`.
///
/// Everything it started, and what the bus started, stops when it is released.
@MainActor
public final class HeadlessMutter {
    private let folder: TemporaryFolder
    private let bus: ChildProcess
    private let pipewire: ChildProcess
    private let wireplumber: ChildProcess
    private let mutter: ChildProcess
    /// The input and screen cast session, made on its own long-lived connection.
    public let remoteDesktop: MutterRemoteDesktop
    /// The folder holding the Wayland and PipeWire sockets (mode 700).
    public let runtimeDirectory: String
    /// The private session bus's address.
    public let sessionBusAddress: String
    /// The display socket's absolute path, usable as `WAYLAND_DISPLAY`.
    public let socketPath: String
    /// The monitor's size in pixels.
    public let width: Int, height: Int
    /// The variables a client needs: `WAYLAND_DISPLAY`, `XDG_RUNTIME_DIR`,
    /// `DBUS_SESSION_BUS_ADDRESS`, the private home and XDG folders, and no `DISPLAY`.
    public let environment: [String: String?]
    /// The X display Xwayland serves (such as `":1"`) when mutter started it, else `nil`.
    public let xDisplay: String?
    /// What an X11 client needs instead: ``environment`` with `DISPLAY` and mutter's
    /// `XAUTHORITY`, and no `WAYLAND_DISPLAY`; `nil` without Xwayland.
    public let x11Environment: [String: String?]?
    private var stopped = false

    /// Starts the bus, PipeWire, WirePlumber and mutter with one `width` × `height`
    /// virtual monitor, waits for mutter's display socket, then opens and starts
    /// the remote-desktop session and primes its devices.
    ///
    /// - Parameter xwayland: Whether mutter also starts Xwayland (on the next free X
    ///   display, see ``xDisplay``) and manages X11 windows, drawing their frames; the
    ///   devices are primed once mutter manages the X display.
    /// - Parameter primeKeyboard: Whether Shift is pressed to make the seat's keyboard before
    ///   any client starts; `false` primes only the pointer and the touch screen, and the seat
    ///   offers clients no keyboard (`wl_seat.capabilities` without it) until ``key(evdevCode:pressed:)``.
    /// - Throws: ``MutterFailure`` naming what did not come up, with the end of its log.
    public init(width: Int = 640, height: Int = 700, xwayland: Bool = false, primeKeyboard: Bool = true) throws {
        self.width = width
        self.height = height
        folder = try TemporaryFolder()
        runtimeDirectory = try folder.makeFolder("run")
        chmod(runtimeDirectory, 0o700)
        var environment: [String: String?] = [
            "HOME": try folder.makeFolder("home"), "XDG_RUNTIME_DIR": runtimeDirectory,
            "XDG_CONFIG_HOME": try folder.makeFolder("config"), "XDG_CACHE_HOME": try folder.makeFolder("cache"),
            "XDG_DATA_HOME": try folder.makeFolder("data"), "GSETTINGS_BACKEND": "memory",
            "WAYLAND_DISPLAY": nil, "DISPLAY": nil, "PIPEWIRE_RUNTIME_DIR": nil, "PIPEWIRE_REMOTE": nil,
            "AT_SPI_BUS_ADDRESS": nil,
        ]
        (bus, sessionBusAddress) = try startSessionBus(environment: environment)
        environment["DBUS_SESSION_BUS_ADDRESS"] = sessionBusAddress
        let folder = folder
        func log(_ name: String) throws -> Int32 { open(try folder.write(name + ".log", ""), O_WRONLY) }
        func tail(_ name: String) -> String {
            String(decoding: FileManager.default.contents(atPath: folder.file(name + ".log")) ?? Data(), as: UTF8.self)
                .suffix(2000).description
        }
        var started: [ChildProcess] = [bus]
        func startOrFail<T>(_ body: () throws -> T) throws -> T {
            do { return try body() } catch {
                for child in started.reversed() { child.stop(grace: 1) }
                throw error
            }
        }
        let runtime = runtimeDirectory
        func start(_ arguments: [String], logging name: String) throws -> ChildProcess {
            try startOrFail {
                let descriptor = try log(name)
                defer { close(descriptor) }
                let child = try ChildProcess(arguments, environment: environment, stderrDescriptor: descriptor)
                started.append(child)
                return child
            }
        }
        pipewire = try start(["pipewire"], logging: "pipewire")
        try startOrFail {
            try waitUntil("PipeWire's socket in \(runtime)", timeout: 10, turn: { usleep(10_000) }) {
                listens(atUnixSocket: runtime + "/pipewire-0")
            }
        }
        wireplumber = try start(["wireplumber"], logging: "wireplumber")
        let name = "mutter-0"
        mutter = try start(
            ["mutter", "--headless", "--wayland"] + (xwayland ? [] : ["--no-x11"])
                + ["--virtual-monitor", "\(width)x\(height)", "--wayland-display", name],
            logging: "mutter")
        socketPath = runtimeDirectory + "/" + name
        let mutter = mutter, socketPath = socketPath, busAddress = sessionBusAddress
        try startOrFail {
            do {
                // libwayland binds the socket (the file appears) before it listens: wait until it answers.
                try waitUntil("mutter's display socket \(socketPath)", timeout: 20, turn: { usleep(10_000) }) {
                    guard mutter.wait(timeout: 0) == nil else { throw MutterFailure("mutter exited") }
                    return listens(atUnixSocket: socketPath)
                }
            } catch {
                throw MutterFailure("mutter did not come up (\(error)):\n\(tail("mutter"))")
            }
        }
        let mutterLog = folder.file("mutter.log")
        let x11 =
            try xwayland
            ? startOrFail { try Self.waitForXwayland(mutter: mutter, logPath: mutterLog, runtime: runtime) } : nil
        xDisplay = x11?.display
        do {
            remoteDesktop = try startOrFail { try MutterRemoteDesktop(busAddress: busAddress) }
        } catch {
            throw MutterFailure("\(error)\n--- mutter ---\n\(tail("mutter"))\n--- pipewire ---\n\(tail("pipewire"))")
        }
        environment["WAYLAND_DISPLAY"] = socketPath
        self.environment = environment
        x11Environment = x11.map { x11 in
            environment.merging(["DISPLAY": x11.display, "XAUTHORITY": x11.authority, "WAYLAND_DISPLAY": nil]) { $1 }
        }
        // Every virtual device is made on its first event, which a client may miss: make them now.
        do {
            try remoteDesktop.pointerMove(x: Double(width - 1), y: Double(height - 1))
            if primeKeyboard {
                try remoteDesktop.key(evdevCode: Self.leftShift, pressed: true)
                try remoteDesktop.key(evdevCode: Self.leftShift, pressed: false)
            }
            try remoteDesktop.touchDown(slot: 0, x: Double(width - 1), y: Double(height - 1))
            try remoteDesktop.touchUp(slot: 0)
        } catch {
            stop()
            throw error
        }
    }

    isolated deinit { stop() }

    /// Reads the X display mutter announces for Xwayland from its log and finds its cookie, then
    /// waits until mutter manages that display (the root names its window manager): mutter
    /// listens for Xwayland before Xwayland is up, and input sent while Xwayland starts can hang it.
    private static func waitForXwayland(mutter: ChildProcess, logPath: String, runtime: String) throws
        -> (display: String, authority: String)
    {
        func log() -> String {
            String(decoding: FileManager.default.contents(atPath: logPath) ?? Data(), as: UTF8.self)
        }
        var display: String?, authority: String?
        do {
            try waitUntil("mutter managing Xwayland's display", timeout: 30, turn: { usleep(50_000) }) {
                guard mutter.wait(timeout: 0) == nil else { throw MutterFailure("mutter exited") }
                // "Using public X11 display :1, (using :2 for managed services)"
                let announced = log().split(separator: "\n").first { $0.contains("public X11 display :") }
                if display == nil, let announced {
                    display = announced.split(separator: " ").first { $0.hasPrefix(":") }
                        .map { String($0.filter { $0 == ":" || $0.isNumber }) }
                }
                // mutter writes Xwayland's cookie to $XDG_RUNTIME_DIR/.mutter-Xwaylandauth.XXXXXX.
                authority = authority ?? (try? FileManager.default.contentsOfDirectory(atPath: runtime))?
                    .first { $0.hasPrefix(".mutter-Xwaylandauth.") }.map { runtime + "/" + $0 }
                guard let display, let authority else { return false }
                let root = try ChildProcess.run(
                    ["xprop", "-display", display, "-root", "_NET_SUPPORTING_WM_CHECK"],
                    environment: ["XAUTHORITY": authority], timeout: 5)
                return root.status == 0 && root.stdout.contains("window id")
            }
        } catch {
            throw MutterFailure("Xwayland did not come up (\(error)):\n\(log().suffix(2000))")
        }
        return (display!, authority!)
    }

    private static let leftShift = EvdevKeyNames.code(of: "KEY_LEFTSHIFT")!
    private static let leftButton: Int32 = 272  // BTN_LEFT

    /// Whether mutter still runs.
    public var isRunning: Bool { !stopped && mutter.wait(timeout: 0) == nil }

    /// Stops mutter alone: its clients lose their connection; the bus and PipeWire stay until ``stop()``.
    public func stopCompositor() {
        remoteDesktop.stop()
        mutter.stop(grace: 2)
    }

    /// Stops everything: the remote-desktop session, mutter, WirePlumber, PipeWire,
    /// whatever the bus started, and the bus.
    public func stop() {
        guard !stopped else { return }
        stopped = true
        if mutter.wait(timeout: 0) == nil { remoteDesktop.stop() }
        mutter.stop(grace: 2)
        wireplumber.stop(grace: 2)
        pipewire.stop(grace: 2)
        // What the bus started on demand (at-spi-bus-launcher and its registry, for one) leaves the
        // bus's process tree: find it by the session's private XDG_RUNTIME_DIR.
        let activated = Set(descendants(of: bus.pid) + Self.processes(inRuntimeDirectory: runtimeDirectory))
        for pid in activated { kill(pid, SIGTERM) }
        bus.stop(grace: 2)
        for pid in activated where kill(pid, 0) == 0 {
            usleep(100_000)
            kill(pid, SIGKILL)
        }
    }

    /// The processes whose `XDG_RUNTIME_DIR` is `folder`, but for this one's own children,
    /// which their owners stop.
    private static func processes(inRuntimeDirectory folder: String) -> [pid_t] {
        let entry = Array("XDG_RUNTIME_DIR=\(folder)".utf8)
        let me = getpid()
        return ((try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []).compactMap { name in
            guard let pid = pid_t(name), pid != me,
                let environ = FileManager.default.contents(atPath: "/proc/\(name)/environ"),
                environ.split(separator: 0).contains(where: { $0.elementsEqual(entry) }),
                let stat = try? String(contentsOfFile: "/proc/\(name)/stat", encoding: .utf8),
                let close = stat.lastIndex(of: ")")
            else { return nil }
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            return fields.count > 1 && pid_t(fields[1]) == me ? nil : pid
        }
    }

    /// What mutter logged so far.
    public var log: String {
        String(decoding: FileManager.default.contents(atPath: folder.file("mutter.log")) ?? Data(), as: UTF8.self)
    }

    // MARK: Input, in the monitor's pixels

    /// Moves the pointer to a point of the monitor.
    public func pointerMove(x: Double, y: Double) throws { try remoteDesktop.pointerMove(x: x, y: y) }

    /// Presses or releases a pointer button (an evdev code; 272 is the left button).
    public func pointerButton(_ button: Int32 = 272, pressed: Bool) throws {
        try remoteDesktop.pointerButton(button, pressed: pressed)
    }

    /// Moves the pointer to a point and clicks the left button there.
    public func click(x: Double, y: Double) throws {
        try pointerMove(x: x, y: y)
        try pointerButton(Self.leftButton, pressed: true)
        try pointerButton(Self.leftButton, pressed: false)
    }

    /// Presses or releases a key by its evdev code; mutter decodes it with its keymap.
    public func key(evdevCode: UInt32, pressed: Bool) throws {
        try remoteDesktop.key(evdevCode: evdevCode, pressed: pressed)
    }

    /// Types chords of kernel key names, one after another: `"KEY_LEFTSHIFT+KEY_H"`
    /// presses Shift, then H, and releases them in reverse order.
    ///
    /// - Throws: ``MutterFailure`` for a name that is no key, or a call mutter refused.
    public func type(keys chords: [String]) throws {
        for chord in chords {
            let codes = try chord.split(separator: "+").map { name in
                guard let code = EvdevKeyNames.code(of: String(name)) else { throw MutterFailure("no key named \(name)") }
                return code
            }
            for code in codes { try key(evdevCode: code, pressed: true) }
            for code in codes.reversed() { try key(evdevCode: code, pressed: false) }
        }
    }

    /// Puts a finger down at a point of the monitor.
    public func touchDown(slot: UInt32 = 0, x: Double, y: Double) throws {
        try remoteDesktop.touchDown(slot: slot, x: x, y: y)
    }

    /// Moves a finger that is down.
    public func touchMotion(slot: UInt32 = 0, x: Double, y: Double) throws {
        try remoteDesktop.touchMotion(slot: slot, x: x, y: y)
    }

    /// Lifts a finger.
    public func touchUp(slot: UInt32 = 0) throws { try remoteDesktop.touchUp(slot: slot) }

    // MARK: Pictures

    /// Writes what the monitor shows now as a PNG, from its PipeWire stream.
    public func screenshot(to path: String) throws {
        try pipeWireScreenshot(node: remoteDesktop.pipeWireNode, to: path, environment: environment)
    }

    /// Writes what the monitor shows now as a PNG in the session's folder.
    ///
    /// - Returns: The file's path.
    public func screenshot(named name: String) throws -> String {
        let path = folder.file(name)
        try screenshot(to: path)
        return path
    }
}
