#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Seconds on the system's monotonic clock (`CLOCK_MONOTONIC`): it never
/// jumps with the wall clock, so hosts, input methods and timers measure
/// waits and deadlines with it.
public enum MonotonicClock {
    /// Seconds since an unspecified start, typically the machine's boot.
    public static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
