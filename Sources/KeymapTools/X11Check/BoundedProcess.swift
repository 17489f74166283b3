import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Runs a program to its end, or stops it after a time limit: how the X11 check runs `xkbcomp`.
///
/// Standard output and error go to one file, so a chatty program never blocks on a full pipe.
struct BoundedProcess {
    /// What a finished run left.
    struct Result {
        /// The exit status, or 128 + the signal that ended it.
        var status: Int32
        /// Standard output and error, interleaved as written.
        var output: String
    }

    /// Why a run did not finish.
    enum Failure: Error {
        /// `posix_spawn` refused, with its reason.
        case cannotStart(String)
        /// The program was still running after the limit and was killed.
        case timedOut(Double)
    }

    /// The program's path and its arguments.
    var arguments: [String]
    /// Seconds the program may run before it is killed.
    var timeout: Double

    /// Runs the program and waits for it, at most ``timeout`` seconds.
    ///
    /// - Parameter outputFile: Where standard output and error are written.
    func run(outputFile: String) throws(Failure) -> Result {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outputFile, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        let argv = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, arguments[0], &actions, nil, argv, environ)
        guard spawned == 0 else { throw .cannotStart(String(cString: strerror(spawned))) }
        let deadline = Date().addingTimeInterval(timeout)
        var status: Int32 = 0
        while true {
            let waited = waitpid(pid, &status, WNOHANG)
            if waited == pid { break }
            if waited < 0, errno != EINTR { throw .cannotStart(String(cString: strerror(errno))) }
            if Date() >= deadline {
                kill(pid, SIGKILL)
                _ = waitpid(pid, &status, 0)
                throw .timedOut(timeout)
            }
            usleep(2_000)
        }
        let output = String(decoding: FileManager.default.contents(atPath: outputFile) ?? Data(), as: UTF8.self)
        // WIFEXITED and WEXITSTATUS are macros Swift cannot import.
        let signal = status & 0x7f
        return Result(status: signal == 0 ? (status >> 8) & 0xff : 128 + signal, output: output)
    }
}
