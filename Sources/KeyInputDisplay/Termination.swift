import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// SIGINT and SIGTERM end a window's loop cleanly: the loop checks
/// ``requested`` between turns and returns, so the program exits 0.
public enum Termination {
    private static let flag = Atomic<Bool>(false)

    /// Whether SIGINT or SIGTERM arrived since ``install()``.
    public static var requested: Bool { flag.load(ordering: .relaxed) }

    /// Turns SIGINT (Ctrl+C) and SIGTERM into ``requested``.
    public static func install() {
        for signalNumber in [SIGINT, SIGTERM] {
            signal(signalNumber) { _ in Termination.flag.store(true, ordering: .relaxed) }
        }
    }
}
