import CGio
import KeyInputGLib
import KeyInputKit
import Logging
import XKB

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// An `InputMethod` that speaks the IBus D-Bus protocol (GDBus), to
/// `ibus-daemon` or to Fcitx5, which serves the same interface.
///
/// ```swift
/// if let inputMethod = IBusInputMethod(choice: InputMethodChoice(environment: IBusDaemonLocator.processEnvironment)) {
///     window.inputMethod = inputMethod
/// }
/// ```
///
/// No thread runs a GLib main loop: replies and signals wait in a
/// `GMainContext` of the input method's own, which the host's loop wakes
/// on (``pollDescriptors()``, ``nextTimeout``) and drains
/// (``dispatch()``); ``processEvents(timeout:)`` does both for a loop of
/// its own or a test.
///
/// The daemon is found with an ``IBusDaemonLocator``. When it goes away
/// (the connection closes, or its bus name loses its owner), the input
/// method becomes unavailable and the window types through the keyboard's
/// own route; every ``reconnectInterval`` it looks for the daemon again, and
/// when it returns, the focused field is focused again.
@MainActor
public final class IBusInputMethod: InputMethod, HostLoopSource {
    static let logger = Logger(label: "KeyInputKit.IBus")

    /// Receives preedit, commits and forwarded keys; the window sets itself here.
    public weak var delegate: InputMethodDelegate?
    /// Whether a daemon is connected.
    public var isAvailable: Bool { inputContext != nil }
    /// How long a key waits for the daemon's answer on the bus, in seconds.
    public var keyTimeout = 0.5
    /// How often a lost daemon is looked for again, in seconds.
    public var reconnectInterval = 1.0
    /// Where the window's top-left corner is on the screen, so that the
    /// caret rect sent to the daemon is in screen coordinates; the host sets it.
    public var windowOrigin: @MainActor () -> Point = { .zero }
    /// The daemon's address, while connected.
    public var address: String? { inputContext?.endpoint.address }

    let locator: IBusDaemonLocator
    let mainContext = MainContext()
    var inputContext: IBusInputContext?
    /// What the focused responder takes, while one is focused.
    var focusedContext: InputMethodContext?
    var caretRect: Rect?
    /// Focus-outs and resets whose replies are pending: what the daemon sends
    /// until then belongs to the field that was left.
    var staleRequests = 0
    var nextReconnect = 0.0

    /// Connects to the daemon the locator finds now; while none is found,
    /// the input method is unavailable and keeps looking.
    ///
    /// - Parameter locator: How to find the daemon.
    public init(locator: IBusDaemonLocator = IBusDaemonLocator()) {
        self.locator = locator
        connect()
    }

    /// The input method the environment chooses (``InputMethodChoice``), or
    /// `nil`: with ``InputMethodChoice/none``, or with
    /// ``InputMethodChoice/automatic`` when no daemon runs.
    ///
    /// - Parameters:
    ///   - choice: The choice, usually `InputMethodChoice(environment:)`.
    ///   - locator: How to find the daemon.
    public convenience init?(choice: InputMethodChoice, locator: IBusDaemonLocator = IBusDaemonLocator()) {
        switch choice {
        case .none: return nil
        case .automatic:
            // A daemon that runs, not merely the portal name on the session bus.
            guard let endpoint = locator.locate(), endpoint.busName == "org.freedesktop.IBus" else { return nil }
            self.init(locator: locator)
            guard isAvailable else { return nil }
        case .ibus, .fcitx:
            self.init(locator: locator)
        }
    }

    // MARK: The loop

    /// The descriptors a host's loop waits on (readable: call ``dispatch()``),
    /// with the input method's own timers folded into ``nextTimeout``.
    ///
    /// Asking prepares GLib's poll, which ``dispatch()`` finishes: call it after each wait.
    public func pollDescriptors() -> [pollfd] { mainContext.prepareToPoll().descriptors }

    /// How long the host may wait before calling ``dispatch()``, in
    /// seconds; `nil` when only the descriptors matter.
    public var nextTimeout: Double? {
        let glib = mainContext.prepareToPoll().timeout
        guard inputContext == nil else { return glib }
        let untilReconnect = max(0, nextReconnect - Self.monotonicSeconds())
        return min(glib ?? untilReconnect, untilReconnect)
    }

    /// Applies the daemon's replies and signals that arrived, and looks for
    /// a lost daemon when it is time.
    public func dispatch() {
        mainContext.dispatch()
        if let inputContext, inputContext.connection.isClosed { daemonWentAway("the connection closed") }
        if inputContext == nil, Self.monotonicSeconds() >= nextReconnect { connect() }
    }

    /// Waits up to `timeout` seconds for the daemon, then dispatches what came.
    ///
    /// - Parameter timeout: The longest wait, in seconds.
    public func processEvents(timeout: Double) {
        var descriptors = pollDescriptors()
        let wait = min(timeout, nextTimeout ?? timeout)
        _ = poll(&descriptors, nfds_t(descriptors.count), Int32((max(0, wait) * 1000).rounded(.up)))
        dispatch()
    }

    // MARK: InputMethod

    public func processKey(_ key: InputMethodKey, answer: @escaping @MainActor (Bool) -> Void) {
        guard let inputContext else { return answer(false) }
        let arguments = [
            VariantBuilder.uint32(key.keysym.rawValue), VariantBuilder.uint32(key.keycode.evdev ?? 0),
            VariantBuilder.uint32(Self.state(of: key)),
        ]
        inputContext.call("ProcessKeyEvent", arguments, timeout: keyTimeout) { [weak self] result in
            switch result {
            case .success(let reply): answer(reply[0]?.bool ?? false)
            case .failure(let error):
                answer(false)
                if error.isTimeout {
                    Self.logger.warning("the input method did not answer a key in time; it went through")
                } else {
                    self?.callFailed(error)
                }
            }
        }
    }

    public func focusIn(_ context: InputMethodContext) {
        focusedContext = context
        guard let inputContext else { return }
        let contentType = VariantBuilder.tuple([
            VariantBuilder.uint32(context.purpose.ibusValue), VariantBuilder.uint32(context.hints.rawValue),
        ])
        inputContext.setProperty("ContentType", contentType) { result in
            if case .failure(let error) = result { Self.logger.debug("the daemon takes no content type: \(error)") }
        }
        inputContext.call("FocusIn")
    }

    public func focusOut() {
        focusedContext = nil
        caretRect = nil
        sendIgnoringEcho("FocusOut")
    }

    public func reset() {
        sendIgnoringEcho("Reset")
    }

    public func setCaretRect(_ rect: Rect) {
        caretRect = rect
        guard let inputContext else { return }
        let origin = windowOrigin()
        let values = [rect.minX + origin.x, rect.minY + origin.y, rect.width, rect.height].map {
            VariantBuilder.int32(Int32(clamping: Int(($0.isFinite ? $0 : 0).rounded())))
        }
        inputContext.call("SetCursorLocation", values)
    }

    /// Sends the caret rect again after the window moved on the screen
    /// (``windowOrigin`` changed), so that the candidate window follows.
    public func windowDidMove() {
        if let caretRect { setCaretRect(caretRect) }
    }

    public func setSurroundingText(_ surroundingText: SurroundingText) {
        inputContext?.call(
            "SetSurroundingText",
            [
                IBusText.encode(surroundingText.text), VariantBuilder.uint32(UInt32(clamping: surroundingText.cursor)),
                VariantBuilder.uint32(UInt32(clamping: surroundingText.anchor)),
            ])
    }

    /// Sends a request after which the daemon may still send the left field's
    /// text (Fcitx5 commits its preedit on focus-out); the window committed it
    /// already, so what arrives before the reply is dropped.
    private func sendIgnoringEcho(_ method: String) {
        guard let inputContext else { return }
        staleRequests += 1
        inputContext.call(method) { [weak self] _ in
            guard let self else { return }
            staleRequests = max(0, staleRequests - 1)
        }
    }

    // MARK: Connecting

    func connect() {
        nextReconnect = Self.monotonicSeconds() + reconnectInterval
        guard let endpoint = locator.locate() else { return }
        do {
            let created = try IBusInputContext(endpoint: endpoint, context: mainContext, name: "KeyInputKit")
            subscribe(created)
            created.call("SetCapabilities", [VariantBuilder.uint32(IBusInputContext.capabilities)])
            created.setProperty("ClientCommitPreedit", VariantBuilder.tuple([VariantBuilder.bool(true)])) { result in
                if case .failure(let error) = result {
                    Self.logger.debug("the daemon takes no ClientCommitPreedit: \(error)")
                }
            }
            inputContext = created
            staleRequests = 0
            Self.logger.info("connected to the input method at \(endpoint.address)")
            delegate?.inputMethod(self, send: .availabilityChanged(true))
            if let focusedContext {
                focusIn(focusedContext)
                if let caretRect { setCaretRect(caretRect) }
            }
        } catch {
            Self.logger.debug("no input method at \(endpoint.address): \(error)")
        }
    }

    func callFailed(_ error: DBusError) {
        if error.isClosed || inputContext?.connection.isClosed == true {
            daemonWentAway(error.message)
        } else {
            Self.logger.warning("the input method refused a request: \(error)")
        }
    }

    func daemonWentAway(_ reason: String) {
        guard inputContext != nil else { return }
        inputContext = nil
        staleRequests = 0
        nextReconnect = Self.monotonicSeconds() + reconnectInterval
        Self.logger.warning("the input method went away (\(reason)); typing falls back until it returns")
        delegate?.inputMethod(self, send: .availabilityChanged(false))
    }

    static func monotonicSeconds() -> Double { MonotonicClock.now() }
}
