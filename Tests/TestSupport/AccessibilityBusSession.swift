import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Whether the accessibility stack and its Python client are installed.
public let atspiAvailable =
    xvfbAvailable && executablePath("dbus-daemon") != nil && executablePath("dbus-send") != nil
    && FileManager.default.fileExists(atPath: "/usr/libexec/at-spi-bus-launcher")
    && FileManager.default.fileExists(atPath: "/usr/lib/x86_64-linux-gnu/girepository-1.0/Atspi-2.0.typelib")
    && FileManager.default.isExecutableFile(atPath: "/usr/bin/python3")
public let missingATSPI = "at-spi2-core, gir1.2-atspi-2.0 or Xvfb is not installed (scripts/install-deps.sh test installs them)"

/// A private desktop for accessibility tests: Xvfb (`-noreset`, so the
/// bus launcher's root window property stays), a private session bus with
/// its own home and XDG folders and in-memory settings, and the
/// accessibility bus that `org.a11y.Bus.GetAddress` starts there.
/// Everything started, the bus launcher and registry included, stops with it.
public final class AccessibilityBusSession {
    let folder: TemporaryFolder
    public let xvfb: XvfbServer
    let bus: ChildProcess
    /// The private session bus's address.
    public let sessionBusAddress: String
    /// The accessibility bus's address.
    public let accessibilityBusAddress: String
    /// The environment a client or an app runs in: the private folders, buses and display.
    public let environment: [String: String]
    /// Programs started in the session (an app, a recorder), stopped first.
    private var children: [ChildProcess] = []

    public init() throws {
        folder = try TemporaryFolder()
        xvfb = try XvfbServer(arguments: ["-noreset"])
        let home = try folder.makeFolder("home")
        let runtime = try folder.makeFolder("runtime")
        chmod(runtime, 0o700)
        var environment = [
            "HOME": home, "XDG_CONFIG_HOME": try folder.makeFolder("config"), "XDG_RUNTIME_DIR": runtime,
            "XDG_CACHE_HOME": try folder.makeFolder("cache"), "XDG_DATA_HOME": try folder.makeFolder("data"),
            "GSETTINGS_BACKEND": "memory", "DISPLAY": xvfb.display,
        ]
        (bus, sessionBusAddress) = try startSessionBus(
            environment: environment.mapValues { $0 }.merging(["AT_SPI_BUS_ADDRESS": nil]) { $1 })
        environment["DBUS_SESSION_BUS_ADDRESS"] = sessionBusAddress
        let answer = try ChildProcess.run(
            [
                "dbus-send", "--session", "--print-reply=literal", "--dest=org.a11y.Bus", "/org/a11y/bus",
                "org.a11y.Bus.GetAddress",
            ], environment: environment.mapValues { $0 }, timeout: 20)
        accessibilityBusAddress = answer.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        self.environment = environment
        guard answer.status == 0, accessibilityBusAddress.hasPrefix("unix:") else {
            stop()
            throw DaemonFailure("the session bus gave no accessibility bus: \(answer)")
        }
    }

    deinit { stop() }

    private var stopped = false

    /// Stops what the session started: its programs, then everything the
    /// bus started (launcher, accessibility bus, registry), the bus and Xvfb.
    public func stop() {
        guard !stopped else { return }
        stopped = true
        for child in children.reversed() { child.stop(grace: 3) }
        let started = descendants(of: bus.pid)
        for pid in started { kill(pid, SIGTERM) }
        bus.stop(grace: 2)
        for pid in started where kill(pid, 0) == 0 {
            usleep(100_000)
            kill(pid, SIGKILL)
        }
        xvfb.stop()
    }

    /// Starts a program in the session; it is stopped with the session.
    @discardableResult
    public func start(_ arguments: [String], stdout: Int32? = nil, stderr: Int32? = nil) throws -> ChildProcess {
        let child = try ChildProcess(
            arguments, environment: environment.mapValues { $0 }, stdoutDescriptor: stdout, stderrDescriptor: stderr)
        children.append(child)
        return child
    }

    /// Runs a program in the session to its end.
    public func run(_ arguments: [String], timeout: Double = 30) throws -> ChildProcess.Output {
        try ChildProcess.run(arguments, environment: environment.mapValues { $0 }, timeout: timeout)
    }

    /// Runs one of the repository's `scripts/atspi` clients with the system Python (which has `gi`).
    public func runClient(_ script: String, _ arguments: [String], timeout: Double = 30) throws -> ChildProcess.Output {
        try ChildProcess.run(
            ["/usr/bin/python3", "-W", "ignore", Self.scriptPath(script)] + arguments,
            environment: environment.mapValues { $0 }, timeout: timeout)
    }

    /// The application's tree as `scripts/atspi/tree.py` prints it.
    public func tree(of application: String, wait: Double = 20) throws -> AccessibleNode {
        let output = try runClient("tree.py", [application, "--wait", String(wait)], timeout: wait + 30)
        guard output.status == 0, let object = try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any]
        else { throw DaemonFailure("tree.py failed: \(output)") }
        return AccessibleNode(object)
    }

    /// Starts recording events of the given types (`object:text-changed` …).
    public func recordEvents(_ types: [String]) throws -> AccessibilityEventRecording {
        try AccessibilityEventRecording(session: self, types: types)
    }

    static func scriptPath(_ name: String) -> String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("scripts/atspi/\(name)").path
    }

    /// An empty file in the session's folder.
    public func temporaryFile(_ name: String) throws -> String { try folder.write(name, "") }
}

/// A node of an accessible tree, as a client read it.
public struct AccessibleNode: Sendable {
    public var role: String
    public var name: String
    public var states: Set<String>
    public var text: String?
    public var caret: Int?
    public var value: Double?
    /// What a reader says for the value (the `valuetext` attribute), such as "Nov".
    public var valueText: String?
    public var actions: [String]
    public var frame: [Int]
    public var relations: [String: [String]]
    public var children: [AccessibleNode]

    init(_ object: [String: Any]) {
        role = object["role"] as? String ?? ""
        name = object["name"] as? String ?? ""
        states = Set(object["states"] as? [String] ?? [])
        text = object["text"] as? String
        caret = object["caret"] as? Int
        value = (object["value"] as? [String: Any])?["current"] as? Double
        valueText = (object["value"] as? [String: Any])?["text"] as? String
        actions = object["actions"] as? [String] ?? []
        frame = object["frame"] as? [Int] ?? []
        relations = [:]
        for relation in object["relations"] as? [[String: Any]] ?? [] {
            relations[relation["type"] as? String ?? ""] = relation["targets"] as? [String] ?? []
        }
        children = (object["children"] as? [[String: Any]] ?? []).map(AccessibleNode.init)
    }

    /// This node and all below it, depth first.
    public var all: [AccessibleNode] { [self] + children.flatMap(\.all) }

    /// The first node below with this role and name.
    public func first(_ role: String, _ name: String) -> AccessibleNode? {
        all.first { $0.role == role && $0.name == name }
    }
}

/// Events recorded by `scripts/atspi/events.py` while it runs.
public final class AccessibilityEventRecording {
    private let process: ChildProcess
    private let output: String

    /// One recorded event.
    public struct Event: Sendable {
        public var type: String
        public var role: String
        public var name: String
        public var detail1: Int
        public var detail2: Int
        public var data: String
        public var value: Double?
    }

    init(session: AccessibilityBusSession, types: [String]) throws {
        output = try session.temporaryFile("events-\(UUID().uuidString).jsonl")
        let errors = try session.temporaryFile("events-\(UUID().uuidString).err")
        let out = open(output, O_WRONLY | O_TRUNC), err = open(errors, O_WRONLY | O_TRUNC)
        defer {
            close(out)
            close(err)
        }
        process = try session.start(
            ["/usr/bin/python3", "-W", "ignore", AccessibilityBusSession.scriptPath("events.py")] + types, stdout: out,
            stderr: err)
        let deadline = Date().addingTimeInterval(20)
        while (try? String(contentsOfFile: errors, encoding: .utf8))?.contains("ready") != true {
            guard Date() < deadline, process.wait(timeout: 0) == nil else {
                throw DaemonFailure("events.py did not start: \((try? String(contentsOfFile: errors, encoding: .utf8)) ?? "")")
            }
            usleep(50_000)
        }
    }

    /// The events so far.
    public var events: [Event] {
        let text = (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").compactMap { line in
            guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else { return nil }
            let data = object["data"].map { "\($0)" } ?? ""
            return Event(
                type: object["type"] as? String ?? "", role: object["role"] as? String ?? "",
                name: object["name"] as? String ?? "", detail1: object["detail1"] as? Int ?? 0,
                detail2: object["detail2"] as? Int ?? 0, data: data, value: object["value"] as? Double)
        }
    }

    /// Waits up to `timeout` seconds until `condition` holds for the events; returns them.
    @discardableResult
    public func waitFor(timeout: Double = 10, _ condition: ([Event]) -> Bool) -> [Event] {
        let deadline = Date().addingTimeInterval(timeout)
        var current = events
        while !condition(current), Date() < deadline {
            usleep(50_000)
            current = events
        }
        return current
    }
}

/// Every process below `pid`, read from `/proc`, children before their parents' siblings.
func descendants(of pid: pid_t) -> [pid_t] {
    var parents: [pid_t: [pid_t]] = [:]
    for entry in (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? [] {
        guard let child = pid_t(entry),
            let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { continue }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        if fields.count > 1, let parent = pid_t(fields[1]) { parents[parent, default: []].append(child) }
    }
    var found: [pid_t] = []
    var queue = [pid]
    while let next = queue.popLast() {
        for child in parents[next] ?? [] {
            found.append(child)
            queue.append(child)
        }
    }
    return found
}
