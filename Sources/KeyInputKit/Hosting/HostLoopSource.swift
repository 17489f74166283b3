#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Something a host's loop waits on besides the display: an input method's
/// D-Bus connection, the accessibility bridge, clipboard transfers, timers.
///
/// Each turn, ``HostCore`` adds the source's descriptors and deadline to the
/// display's wait, then calls ``dispatch()`` without waiting.
@MainActor
public protocol HostLoopSource: AnyObject {
    /// The descriptors to wait on; when one is ready, ``dispatch()`` has work.
    func pollDescriptors() -> [pollfd]
    /// How long the loop may wait before calling ``dispatch()``, in seconds;
    /// `nil` when only the descriptors matter.
    var nextTimeout: Double? { get }
    /// Does what arrived or fell due, without waiting.
    func dispatch()
}
