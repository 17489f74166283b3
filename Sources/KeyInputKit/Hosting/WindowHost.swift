import Foundation

/// Shows a ``Window`` on a window system and runs its event loop: the X11
/// host and the Wayland host adopt it, and app code is written against it.
///
/// A host turns the platform's keys, pointer and window events into the
/// window's, draws what the window draws, serves the clipboard, connects the
/// input method and the screen reader, and keeps one clock for the window
/// and its keyboard. What both hosts do is written here once; each host keeps
/// only what is its platform's.
///
/// ```swift
/// func runForm(on host: any WindowHost) throws {
///     host.afterEvent = { event in
///         if case .closed = event { print("closed") }
///     }
///     try host.run()
/// }
/// ```
@MainActor
public protocol WindowHost: AnyObject {
    /// The display connected to: an X display such as `":0"`, or a Wayland socket name or path.
    var displayName: String { get }
    /// The font family the window's text is drawn in.
    var fontFamily: String { get }
    /// The input method the window's keys go to first, or `nil`.
    var inputMethod: (any InputMethod)? { get }
    /// How long a copy or paste with another program may stall before it is given up, in seconds.
    var selectionTimeout: Double { get set }
    /// What every host has: the window, its keyboard, and the loop's state.
    var core: HostCore { get }

    /// One turn of the event loop: handles the queued events, or waits up to
    /// `timeout` seconds for some; then moves the clocks and draws what changed.
    ///
    /// Tests and apps that run their own loop call this a bounded number of
    /// times instead of ``run()``.
    ///
    /// - Parameter timeout: The longest wait for an event, in seconds; 0 does not wait.
    /// - Returns: Whether the window is still open.
    /// - Throws: ``HostError`` (`connectionLost`) naming the display when it went away.
    @discardableResult
    func processEvents(timeout: Double) throws -> Bool

    /// Closes the window now; ``run()`` returns and the host stays closed.
    func close()

    /// Shows the window's controls to screen readers over AT-SPI2 when an
    /// accessibility bus runs; without one the app runs as before.
    ///
    /// - Parameter environment: Where `AT_SPI_BUS_ADDRESS` and `DBUS_SESSION_BUS_ADDRESS` are read.
    func enableAccessibility(environment: [String: String])
}

extension WindowHost {
    /// The smallest size a window can be resized to unless the host is told
    /// otherwise: room for the on-screen keyboard, its accessory bar and a
    /// few fields above them.
    public static var defaultMinimumSize: Size { Size(width: 320, height: 400) }

    /// The window shown.
    public var window: Window { core.window }
    /// The application the window belongs to: the window's own, or one the host created for it.
    public var application: Application { core.application }
    /// The keyboard that decodes the display's keys.
    public var keyboard: HardwareKeyboard { core.keyboard }
    /// The keymap keys are decoded with instead of the display's, if any.
    public var keymapOverride: Keymap? { core.keymapOverride }
    /// The window title.
    public var title: String { core.title }
    /// The smallest size the window can be resized to.
    public var minimumSize: Size { core.minimumSize }

    /// Whether the window is open: `false` once it was closed or the display went away.
    public var isOpen: Bool { core.isOpen }

    /// How long ``run()`` waits for events when nothing animates or repeats, in seconds.
    public var idleTimeout: Double {
        get { core.idleTimeout }
        set { core.idleTimeout = newValue }
    }

    /// How long ``run()`` waits while an input view animates or a key
    /// repeats, in seconds (one frame at 60 Hz by default).
    public var frameInterval: Double {
        get { core.frameInterval }
        set { core.frameInterval = newValue }
    }

    /// Called after each event the host handled, once the window has
    /// processed it — for example to print the app's state.
    public var afterEvent: ((HostEvent) -> Void)? {
        get { core.afterEvent }
        set { core.afterEvent = newValue }
    }

    /// How long the next turn of the loop may wait for events
    /// (``Window/longestWait(keyboard:now:frameInterval:idleTimeout:)``): a
    /// frame while something animates, until the next repeat while a key
    /// repeats, else until the caret next blinks, at most ``idleTimeout``.
    public var pollTimeout: Double {
        window.longestWait(keyboard: keyboard, now: core.now, frameInterval: frameInterval, idleTimeout: idleTimeout)
    }

    /// Runs the event loop until the window closes or ``stop()`` is called.
    ///
    /// Each turn waits as long as ``pollTimeout`` allows, then handles what
    /// came, moves the clock and draws.
    ///
    /// - Throws: ``HostError`` (`connectionLost`) naming the display when it went away.
    public func run() throws {
        core.requestStop(false)
        while isOpen, !core.stopRequested {
            try processEvents(timeout: pollTimeout)
        }
    }

    /// Makes ``run()`` return after the event being handled.
    public func stop() { core.requestStop() }

    /// One turn of the event loop that does not wait.
    ///
    /// - Returns: Whether the window is still open.
    /// - Throws: ``HostError`` (`connectionLost`) naming the display when it went away.
    @discardableResult
    public func processEvents() throws -> Bool { try processEvents(timeout: 0) }

    /// Shows the window's controls to screen readers, reading the bus
    /// addresses from the process's environment.
    public func enableAccessibility() {
        enableAccessibility(environment: ProcessInfo.processInfo.environment)
    }
}
