#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// What every host has, whatever its window system: the window it shows and
/// the keyboard that decodes its keys, and the state of its event loop — the
/// clock, the timeouts, the sources it waits on besides the display, whether
/// the window is open, and who hears about each event.
///
/// A host owns one (``WindowHost/core``), which gives the protocol's members
/// their values, and uses it each time through its loop:
///
/// 1. ``advance()`` moves the window's and the keyboard's clocks;
/// 2. ``wait(upTo:)`` says which descriptors to add to the display's own and
///    how long the wait may last;
/// 3. after the wait, ``dispatchSources()`` lets each source do its work.
@MainActor
public final class HostCore {
    /// The window shown.
    public let window: Window
    /// The application the window belongs to: the window's own, or one the host created for it.
    public let application: Application
    /// The keyboard that decodes the display's keys.
    public let keyboard: HardwareKeyboard
    /// The keymap keys are decoded with instead of the display's, if any.
    public let keymapOverride: Keymap?
    /// The window title.
    public let title: String
    /// The smallest size the window can be resized to.
    public let minimumSize: Size

    /// How long ``WindowHost/run()`` waits for events when nothing animates
    /// or repeats, in seconds.
    public var idleTimeout = 0.5
    /// How long ``WindowHost/run()`` waits while an input view animates or a
    /// key repeats, in seconds (one frame at 60 Hz by default).
    public var frameInterval = 1.0 / 60
    /// Called after each event the host handled, once the window has processed it.
    public var afterEvent: ((HostEvent) -> Void)?
    /// Whether the window is open: `false` once it was closed or the display went away.
    public private(set) var isOpen = true
    /// Whether ``WindowHost/stop()`` asked ``WindowHost/run()`` to return.
    public private(set) var stopRequested = false

    private let timeOrigin: Double
    private var sources: [any HostLoopSource] = []

    /// Creates the core of a host showing `window`, whose clock reads the window's time now.
    ///
    /// The window's title becomes `title`; a window that belongs to no
    /// application is added to a new one.
    ///
    /// - Parameters:
    ///   - window: The window shown.
    ///   - keyboard: The keyboard that decodes the display's keys.
    ///   - keymapOverride: The keymap keys are decoded with instead of the display's, if any.
    ///   - title: The window title.
    ///   - minimumSize: The smallest size the window can be resized to.
    public init(window: Window, keyboard: HardwareKeyboard, keymapOverride: Keymap?, title: String, minimumSize: Size) {
        self.window = window
        self.application = window.application ?? Application()
        self.keyboard = keyboard
        self.keymapOverride = keymapOverride
        self.title = title
        self.minimumSize = minimumSize
        timeOrigin = MonotonicClock.now() - window.currentTime
        window.title = title
        if window.application == nil { application.addWindow(window) }
    }

    /// Seconds on the loop's clock: the monotonic clock, from the window's time at start.
    public var now: Double { MonotonicClock.now() - timeOrigin }

    /// Moves the window's and the keyboard's clocks to ``now``.
    public func advance() {
        let time = now
        window.advanceTime(to: time)
        keyboard.advance(to: time)
    }

    /// Tells ``afterEvent`` that the host handled `event`.
    public func report(_ event: HostEvent) {
        afterEvent?(event)
    }

    /// Marks the window closed: ``WindowHost/run()`` returns and the host stays closed.
    public func markClosed() { isOpen = false }

    /// Asks ``WindowHost/run()`` to return after the event being handled (`true`), or lets it run on.
    public func requestStop(_ stop: Bool = true) { stopRequested = stop }

    // MARK: Sources

    /// Waits on `source` from the next turn on, after the sources added before it.
    public func add(_ source: any HostLoopSource) {
        guard !sources.contains(where: { $0 === source }) else { return }
        sources.append(source)
    }

    /// Stops waiting on `source`.
    public func remove(_ source: any HostLoopSource) {
        sources.removeAll { $0 === source }
    }

    /// The descriptors to wait on besides the display's, and how long the
    /// wait may last: at most `timeout` and a minute, and no longer than
    /// until a source, the window's input-method answer or its work after
    /// presenting falls due.
    ///
    /// Asking prepares the sources' polls, which ``dispatchSources()`` finishes.
    ///
    /// - Parameter timeout: The longest wait the caller allows, in seconds.
    /// - Returns: The descriptors, and the wait in seconds (never negative).
    public func wait(upTo timeout: Double) -> (descriptors: [pollfd], timeout: Double) {
        var wait = min(timeout, 60)
        let time = now
        if let due = window.workAfterPresentingDue { wait = min(wait, due - time) }
        if let due = window.inputMethodDeadline { wait = min(wait, due - time) }
        var descriptors: [pollfd] = []
        for source in sources {
            descriptors += source.pollDescriptors()
            if let due = source.nextTimeout { wait = min(wait, due) }
        }
        return (descriptors, max(0, wait))
    }

    /// Lets every source do what arrived or fell due, in the order they were added.
    public func dispatchSources() {
        for source in sources { source.dispatch() }
    }
}
