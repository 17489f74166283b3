import CWayland
import KeyInputAccessibility
import KeyInputCairo
import KeyInputIBus
import KeyInputKit
import XKB

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Shows a `Window` in a Wayland toplevel (xdg-shell): keys decoded with
/// the compositor's keymap, pointer and touch events, the clipboard, input
/// methods, and cairo drawing into shared memory.
///
/// ```swift
/// let window = Window(size: Size(width: 400, height: 600))
/// let field = TextField(frame: Rect(x: 20, y: 20, width: 360, height: 32))
/// window.addSubview(field)
/// let host = try WaylandHost(window: window, title: "Form")
/// field.becomeFirstResponder()
/// try host.run()
/// ```
///
/// **Size.** The compositor chooses the size (`xdg_toplevel.configure`);
/// the window is resized to it (`Window.resize(to:)`) and laid out again
/// before it is drawn at that size.
///
/// **Drawing.** The window is drawn with a `CairoCanvas` into one of two
/// shared-memory buffers whenever `Window.needsDisplay` is set, at most once
/// per frame the compositor shows (frame callbacks). Text goes through
/// Pango, as on X11.
///
/// **Keyboard.** Keys decode with the keymap the compositor sends, its
/// modifier and layout state (from its `modifiers` events alone:
/// `HardwareKeyboard.stateFollowsKeys` is off), and its repeat delay and rate (a rate of 0
/// turns repeat off); repeats are made on the host's clock. A keymap the
/// compositor sends that cannot be read or compiled is logged and the
/// previous one kept. With a `keymapOverride` the compositor's keymaps and
/// modifiers are ignored, as on X11. Keys held when the window gains focus
/// type nothing; losing focus releases every key held.
///
/// **Pointer.** The left button goes down, drags and comes up as button 1
/// with its click count, the middle button as button 2 (a text control
/// pastes the primary selection), the wheel as `.scroll` steps: what
/// `X11Host` sends for the same actions. Over the window the pointer shows
/// the cursor theme's arrow (`XCURSOR_THEME`, `XCURSOR_SIZE`).
///
/// **The desktop's on-screen keyboard.** With the compositor's text input,
/// the desktop's keyboard (squeekboard on Phosh or sway, GNOME's) comes when
/// the user taps or clicks a typing field, or as soon as one is focused when
/// the seat has a keyboard, and goes when the field resigns (see
/// ``WaylandTextInput``). A compositor that makes the window shorter to
/// make room for it (Phosh) gives the window a keyboard frame below its
/// new bottom edge (`Window.systemKeyboardFrameDidChange(_:)`): keyboard
/// frame events, the layout guide and scroll views follow it as they
/// follow the window's own keyboard.
///
/// **Touch.** Every finger on the seat's touch screen (`wl_touch`) goes
/// to `Window.sendTouch` with the compositor's id, a frame's fingers
/// together; a cancel from the compositor cancels them all.
///
/// **Popups.** The host is the window's `Window.popupHost`: a popup (the
/// edit menu) shows in an `xdg_popup` the compositor places beside its anchor
/// and keeps on screen, reaching past the window's edges if need be. It grabs
/// the seat with the last press, tap or key, so a click outside ends it and
/// the window dismisses it. Clicks and touches on it go to the popup; keys
/// stay with the window, which keeps its focus.
///
/// **Clipboard.** While the window is open, `Pasteboard.general` is the
/// compositor's clipboard (`wl_data_device`) and `Pasteboard.selection` its
/// primary selection (`zwp_primary_selection_v1`, when offered). Copies and
/// pastes run on the event loop through non-blocking pipes; a paste whose
/// owner stalls for ``selectionTimeout`` seconds answers `nil`.
///
/// **Time.** One monotonic clock, in seconds, drives the window
/// (`Window.advanceTime(to:)`) and the keyboard (`HardwareKeyboard.advance(to:)`).
///
/// **Closing.** ``run()`` returns when the compositor asks the window to
/// close; it throws ``HostError`` naming the display when the compositor
/// goes away.
@MainActor
public final class WaylandHost: WindowHost {
    /// What the host handled.
    @available(*, deprecated, renamed: "HostEvent")
    public typealias Event = HostEvent

    /// The display connected to: a socket name such as `"wayland-0"` or a path.
    public var displayName: String { toplevel.connection.name }
    /// The window, its keyboard, and the loop state the hosts share.
    public let core: HostCore
    /// The Pango engine the host gave the window (`Window.textLayoutEngine`).
    public let textLayoutEngine: PangoTextLayoutEngine
    /// The font family the window's text is drawn in; `"DejaVu Sans"` by default.
    public let fontFamily: String
    /// How many frames the compositor has shown.
    public var framesPresented: Int { toplevel.framesPresented }
    /// The window's input method: a ``WaylandTextInput`` when the compositor
    /// offers text-input-v3, else an `IBusInputMethod` when IBus or Fcitx5
    /// runs, else `nil` (see `init`'s `inputMethodChoice`).
    public internal(set) var inputMethod: (any InputMethod)?
    /// The bridge that shows the window to screen readers, once
    /// ``enableAccessibility(environment:)`` started it.
    public internal(set) var accessibilityBridge: AccessibilityBridge?

    /// The xdg toplevel the window is drawn in.
    let toplevel: WaylandWindow
    /// The seat's keyboard and pointer, when the compositor has a seat.
    let seat: WaylandSeat?
    /// The serial of the last key, button or keyboard-focus event: requests
    /// such as setting the clipboard must name one.
    var lastInputSerial: UInt32 = 0 {
        didSet { if oldValue == 0 { clipboard?.inputArrived() } }
    }
    /// The seat's keyboard and its listener, while the seat has one.
    var seatKeyboard: WaylandKeyboard?
    /// The seat's pointer, while it has one (`WaylandHost+Pointer.swift`).
    var pointer: WaylandPointer?
    /// The seat's touch screen, while it has one (`WaylandHost+Touch.swift`).
    var touch: WaylandTouch?
    /// Turns pointer events into the window's.
    var pointerTracker = PointerTracker()
    /// Maps the compositor's key times onto the host's clock.
    var eventTimes = EventTimestamps()
    /// The data device behind `Pasteboard.general` (`WaylandHost+Clipboard.swift`).
    var clipboard: WaylandClipboard?
    /// The desktop's on-screen keyboard, read from the window's size (`WaylandHost+InputMethod.swift`).
    var systemKeyboardResize = SystemKeyboardResize()
    /// The popups shown in `xdg_popup`s of their own (`WaylandHost+Popups.swift`).
    var popups: [WaylandPopupSurface] = []
    /// The presses a popup's grab may name (`PopupGrabSerials`).
    var popupGrabSerials = PopupGrabSerials()
    /// The serial a popup's grab names: the newest key or button press or finger still down; `nil` for no grab.
    var grabSerial: UInt32? { popupGrabSerials.serial }
    /// Whether the keyboard's focus moved to one of the window's popups (or left one), which the window does not
    /// count as losing focus: the next `enter` ends it, and when the last popup goes without one, focus was lost.
    var keyboardFocusIsWithPopups = false
    /// Whether the last popup went and the compositor has yet to say where the keyboard's focus went.
    var checksKeyboardFocusAfterPopups = false

    /// Connects to a Wayland compositor and opens a toplevel for `window`.
    ///
    /// If `window` belongs to no application, the host creates one; the
    /// keyboard is attached to it while the seat has a keyboard, so that a
    /// touch screen alone (a tablet) leaves `Window.hasHardwareKeyboard`
    /// false and on-screen keyboards show the system's layout.
    ///
    /// - Parameters:
    ///   - window: What to show; its size is the size asked for until the
    ///     compositor chooses one.
    ///   - title: The window title.
    ///   - display: A socket name or path, or `nil` for `WAYLAND_DISPLAY`.
    ///   - keymapOverride: A keymap to decode keys with instead of the
    ///     compositor's; the compositor's keymaps are then ignored.
    ///   - compose: Where dead keys and the Compose key get their compose table.
    ///   - minimumSize: The smallest size to ask the compositor for.
    ///   - inputMethodChoice: Which input method to connect: the compositor's
    ///     text input when it offers one, else the D-Bus daemon the environment
    ///     chooses, as on X11; `InputMethodChoice.none` for none at all.
    /// - Throws: ``HostError`` when no compositor answers (the message
    ///   names the display and `WAYLAND_DISPLAY`), it lacks a global the
    ///   window needs, or text cannot be laid out.
    public init(
        window: Window, title: String = "KeyInputKit", display: String? = nil, keymapOverride: Keymap? = nil,
        compose: HardwareKeyboard.Compose = .environment, minimumSize: Size = WaylandHost.defaultMinimumSize,
        inputMethodChoice: InputMethodChoice = InputMethodChoice(environment: IBusDaemonLocator.processEnvironment)
    ) throws {
        let minimum = Size(
            width: min(minimumSize.width, window.frame.width), height: min(minimumSize.height, window.frame.height))
        // Mapped at the end, once the seat, the data device and the text input listen: the focus the compositor
        // gives a window when it maps reaches only a client that has them.
        let toplevel = try WaylandWindow(
            unmappedTitle: title, size: window.frame.size, minimumSize: minimum, displayName: display)
        let fontFamily = "DejaVu Sans"
        let engine: PangoTextLayoutEngine
        do {
            engine = try PangoTextLayoutEngine(fontFamily: fontFamily)
        } catch {
            throw HostError(.windowCreationFailed, "could not lay out text for the Wayland window: \(error)")
        }
        window.textLayoutEngine = engine
        // Until the compositor sends one, keys are decoded with the override or a US keymap.
        let keymap = try keymapOverride ?? Self.fallbackKeymap()
        let keyboard = HardwareKeyboard(keymap: keymap, compose: compose)
        // The compositor's `modifiers` events alone set modifiers and layout, unless an override decodes the keys.
        keyboard.stateFollowsKeys = keymapOverride != nil
        self.core = HostCore(
            window: window, keyboard: keyboard, keymapOverride: keymapOverride, title: title, minimumSize: minimum)
        self.textLayoutEngine = engine
        self.fontFamily = fontFamily
        self.toplevel = toplevel
        self.seat = WaylandSeat(globals: toplevel.globals)
        self.clipboard = seat.flatMap {
            WaylandClipboard(connection: toplevel.connection, globals: toplevel.globals, seat: $0)
        }

        window.defersInputStateUpdates = true
        window.popupHost = self
        // Attached while the seat has a keyboard (`seatKeyboardDidChange`); keys a script presses meanwhile reach the window.
        keyboard.targetWindow = window
        toplevel.onResize = { [unowned self] size in
            let old = self.window.frame.size
            self.window.resize(to: size)
            self.report(.resized(size))
            self.followSystemKeyboard(from: old, to: size)
        }
        toplevel.onDrawPart = { [unowned self] canvas, stale in
            canvas.fontFamily = self.fontFamily
            canvas.textEngine = self.textLayoutEngine
            // What changed, and what the buffer drawn into missed while the other one was shown.
            self.window.setNeedsDisplay(in: stale)
            self.window.renderDamage(to: canvas)
        }
        seat?.onKeyboard = { [unowned self] proxy in self.seatKeyboardDidChange(proxy) }
        seat?.onPointer = { [unowned self] in self.pointerChanged($0) }
        seat?.onTouch = { [unowned self] in self.touchChanged($0) }
        attachClipboard()
        toplevel.setNeedsDisplay()
        attachInputMethod(choice: inputMethodChoice)
        // The keyboard and pointer (created when the seat's capabilities arrive) and the text input must exist
        // before the first frame maps the window and the compositor focuses it, or they never hear `enter`:
        // map() commits after their requests.
        try toplevel.map()
        try toplevel.roundtrip()
    }

    // MARK: Running

    /// One turn of the event loop: handles the compositor's queued events,
    /// or waits up to `timeout` seconds for some; then moves the window's
    /// and the keyboard's clocks and draws what changed.
    ///
    /// - Parameter timeout: The longest wait for an event, in seconds; 0
    ///   does not wait.
    /// - Returns: Whether the window is still open.
    /// - Throws: ``HostError`` when the compositor goes away.
    @discardableResult
    public func processEvents(timeout: Double) throws -> Bool {
        guard isOpen else { return false }
        do {
            let arrived = try readQueuedEventsAndTick()
            if !arrived {
                // The input method, the screen reader and clipboard transfers can wake the wait too.
                let wait = core.wait(upTo: timeout)
                _ = try toplevel.dispatch(timeout: wait.timeout, alsoWaitingFor: wait.descriptors)
            }
        } catch {
            close()
            throw error
        }
        core.dispatchSources()
        if toplevel.closeRequested {
            close()
            report(.closed)
            return false
        }
        do {
            _ = try readQueuedEventsAndTick()
        } catch {
            close()
            throw error
        }
        if let damage = window.damagedRect { toplevel.setNeedsDisplay(in: damage) }
        followPopups()
        // The frame is committed; the work it did not wait for follows once the compositor has taken it.
        if window.hasWorkAfterPresenting, window.performWorkAfterPresentingIfDue(now: now) == nil,
            let damage = window.damagedRect
        {
            toplevel.setNeedsDisplay(in: damage)
        }
        return isOpen
    }

    /// Closes the window now; ``run()`` returns and the host stays closed.
    public func close() {
        for shown in popups { shown.destroy() }
        popups.removeAll()
        core.markClosed()
        clipboard?.detach()
    }

    // MARK: Time

    /// Seconds on the host's clock.
    var now: Double { core.now }

    /// Handles the events already sent, then moves the clocks: a key's release that
    /// arrived while the app was busy must be read before key repeat runs, or it repeats.
    ///
    /// - Returns: Whether events were handled.
    private func readQueuedEventsAndTick() throws -> Bool {
        // Handling events can be slow (an app's work): read again until nothing more came meanwhile.
        var arrived = false
        for _ in 0..<64 {
            guard try toplevel.dispatch(timeout: 0, alsoWaitingFor: []) else { break }
            arrived = true
        }
        core.advance()
        return arrived
    }

    func report(_ event: HostEvent) { core.report(event) }

    /// The keymap keys are decoded with before the compositor sends its own.
    private static func fallbackKeymap() throws -> Keymap {
        do {
            let context = try Context(options: .noEnvironmentNames)
            return try Keymap(context: context, names: RuleNames(layout: "us"))
        } catch {
            throw HostError(.keymapUnavailable, "could not compile a US keymap to start with: \(error)")
        }
    }
}
