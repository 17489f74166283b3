import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Finds a program on `PATH`.
public func executablePath(_ name: String) -> String? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    for folder in path.split(separator: ":") {
        let candidate = "\(folder)/\(name)"
        if access(candidate, X_OK) == 0 { return candidate }
    }
    return nil
}

/// Whether the X11 end-to-end tests can run here.
public let xvfbAvailable = executablePath("Xvfb") != nil && executablePath("xdotool") != nil

/// A child process started with `posix_spawn`, with an empty signal mask and
/// default signal handlers: the test runner blocks signals such as SIGTERM
/// in its threads, and children would inherit that, so that Xvfb could not
/// be stopped politely.
public struct ChildProcess: Sendable {
    /// The child's process id.
    public let pid: pid_t

    /// A child that could not be started, or a server that did not come up.
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
        /// Creates a failure that says what went wrong.
        public init(description: String) { self.description = description }
    }

    /// Starts `arguments[0]` (looked up on `PATH` unless it is a path) with
    /// `DISPLAY` set to `display` (or left as it is), `environment` changes
    /// applied (a `nil` value removes the variable), standard input from
    /// `stdinDescriptor` (or the tests' own), standard output to
    /// `stdoutDescriptor` and standard error to `stderrDescriptor` (or nowhere).
    public init(
        _ arguments: [String], display: String? = nil, environment changes: [String: String?] = [:],
        stdinDescriptor: Int32? = nil, stdoutDescriptor: Int32? = nil, stderrDescriptor: Int32? = nil
    ) throws {
        let given = arguments[0]
        guard let program = given.contains("/") ? given : executablePath(given) else {
            throw Failure(description: "\(given) is not installed")
        }
        var environment = ProcessInfo.processInfo.environment
        if let display { environment["DISPLAY"] = display }
        for (key, value) in changes { environment[key] = value }
        let argv: [UnsafeMutablePointer<CChar>?] = ([program] + arguments.dropFirst()).map { strdup($0) } + [nil]
        let envp: [UnsafeMutablePointer<CChar>?] = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        if let stdinDescriptor { posix_spawn_file_actions_adddup2(&actions, stdinDescriptor, 0) }
        if let stdoutDescriptor {
            posix_spawn_file_actions_adddup2(&actions, stdoutDescriptor, 1)
        } else {
            posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        }
        if let stderrDescriptor {
            posix_spawn_file_actions_adddup2(&actions, stderrDescriptor, 2)
        } else {
            posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        }

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var empty = sigset_t()
        sigemptyset(&empty)
        posix_spawnattr_setsigmask(&attributes, &empty)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGTERM, SIGINT, SIGHUP, SIGPIPE, SIGUSR1] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        var pid: pid_t = 0
        var result = posix_spawn(&pid, program, &actions, &attributes, argv, envp)
        // A program written a moment ago may still be open for writing in a child another test forked
        // meanwhile, until that child's exec closes it: retry for a second.
        for _ in 0..<50 where result == ETXTBSY {
            usleep(20_000)
            result = posix_spawn(&pid, program, &actions, &attributes, argv, envp)
        }
        guard result == 0 else {
            throw Failure(description: "could not start \(program): \(String(cString: strerror(result)))")
        }
        self.pid = pid
    }

    /// Waits up to `timeout` seconds for the child to exit.
    ///
    /// - Returns: Its exit status, or `nil` when it is still running.
    public func wait(timeout: Double) -> Int32? {
        let deadline = Date().addingTimeInterval(timeout)
        repeat {
            var status: Int32 = 0
            let result = waitpid(pid, &status, WNOHANG)
            if result == pid { return (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f) }
            if result < 0 { return -1 }
            usleep(5_000)
        } while Date() < deadline
        return nil
    }

    /// What a child that ran to its end left behind.
    public struct Output: Sendable, CustomStringConvertible {
        /// The exit status (128 + the signal when a signal ended it), or
        /// `nil` when it was stopped for taking too long.
        public var status: Int32?
        /// Standard output.
        public var stdout: String
        /// Standard error.
        public var stderr: String

        public var description: String {
            "exit \(status.map(String.init) ?? "none (stopped)")\n--- stdout ---\n\(stdout.suffix(3000))\n--- stderr ---\n\(stderr.suffix(3000))"
        }
    }

    /// Runs a program to its end (at most `timeout` seconds) with its
    /// standard output and error captured in files, so a large output never blocks it.
    public static func run(
        _ arguments: [String], display: String? = nil, environment: [String: String?] = [:], timeout: Double = 60
    ) throws -> Output {
        let folder = try TemporaryFolder()
        let outPath = try folder.write("stdout", "")
        let errPath = try folder.write("stderr", "")
        let out = open(outPath, O_WRONLY | O_TRUNC)
        let err = open(errPath, O_WRONLY | O_TRUNC)
        defer {
            close(out)
            close(err)
        }
        let child = try ChildProcess(
            arguments, display: display, environment: environment, stdoutDescriptor: out, stderrDescriptor: err)
        let status = child.wait(timeout: timeout)
        if status == nil { child.stop(grace: 1) }
        func read(_ path: String) -> String {
            String(decoding: FileManager.default.contents(atPath: path) ?? Data(), as: UTF8.self)
        }
        return Output(status: status, stdout: read(outPath), stderr: read(errPath))
    }

    /// Stops the child: SIGTERM, then SIGKILL after `grace` seconds.
    public func stop(grace: Double = 5) {
        kill(pid, SIGTERM)
        if wait(timeout: grace) == nil {
            kill(pid, SIGKILL)
            _ = wait(timeout: 5)
        }
    }
}

/// A private Xvfb server for one test, on a display number it picks itself
/// (`-displayfd`), so tests never collide with another server.
public final class XvfbServer {
    private let server: ChildProcess
    private var stopped = false
    /// The display name, such as `":3"`.
    public let display: String

    /// Starts a server; `arguments` are added to its command line (such as `-noreset`).
    public init(arguments: [String] = []) throws {
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { throw ChildProcess.Failure(description: "pipe() failed") }
        defer { close(fds[0]) }
        do {
            defer { close(fds[1]) }
            server = try ChildProcess(
                ["Xvfb", "-displayfd", "1", "-screen", "0", "1024x768x24", "-nolisten", "tcp"] + arguments,
                stdoutDescriptor: fds[1])
        }
        // Xvfb writes the display number and a newline once it accepts clients.
        var text = ""
        let deadline = Date().addingTimeInterval(15)
        while !text.contains("\n"), Date() < deadline {
            var descriptor = pollfd(fd: fds[0], events: Int16(POLLIN), revents: 0)
            guard poll(&descriptor, 1, 200) > 0 else { continue }
            var byte: UInt8 = 0
            guard read(fds[0], &byte, 1) == 1 else { break }
            text.append(Character(Unicode.Scalar(byte)))
        }
        guard let number = Int(text.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            server.stop()
            throw ChildProcess.Failure(description: "Xvfb did not report a display within 15 s")
        }
        display = ":\(number)"
    }

    /// Stops the server.
    public func stop() {
        guard !stopped else { return }
        stopped = true
        server.stop()
    }

    deinit { stop() }

    /// Runs an X client on this display and returns what it printed.
    public func output(_ arguments: [String], timeout: Double = 10) throws -> ChildProcess.Output {
        try ChildProcess.run(arguments, display: display, timeout: timeout)
    }

    /// Runs an X client (xdotool, setxkbmap) on this display; gives up
    /// after `timeout` seconds.
    ///
    /// - Returns: The exit status, or `nil` when it was stopped for taking too long.
    @discardableResult
    public func run(_ arguments: [String], timeout: Double = 10) throws -> Int32? {
        let client = try ChildProcess(arguments, display: display)
        if let status = client.wait(timeout: timeout) { return status }
        client.stop(grace: 1)
        return nil
    }
}
