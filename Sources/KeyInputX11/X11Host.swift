import CCairo
import CXCB
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

/// Shows a `Window` in a real X11 window: keys decoded with the
/// X server's keymap through xkbcommon-x11, pointer events, and cairo drawing.
///
/// ```swift
/// let window = Window(size: Size(width: 400, height: 600))
/// let field = TextField(frame: Rect(x: 20, y: 20, width: 360, height: 32))
/// window.addSubview(field)
/// let host = try X11Host(window: window, title: "Form")
/// field.becomeFirstResponder()
/// try host.run()
/// ```
///
/// **Keyboard.** The keymap and the modifier and layout state come from the
/// server, and the host follows what the server announces: a new keyboard
/// or a changed keymap (`setxkbmap`) rebuilds the keymap
/// (`HardwareKeyboard.setKeymap(_:)`); a state change applies
/// the server's masks. The keymap and state that xkbcommon-x11 reads from the
/// server are adopted by the `XKB` module's `Keymap` and `KeyboardState`,
/// which own and free them.
/// With a `keymapOverride`, keys are decoded with that keymap instead, the
/// server's keymap and state notifications are ignored, and the state
/// follows the key events alone.
///
/// **Key repeat.** The host asks for detectable auto-repeat
/// (`XkbPerClientFlags`), so a held key arrives as repeated presses and a
/// single release; the presses of a key `HardwareKeyboard` has down are
/// dropped and it makes the repeats on the host's clock,
/// with the delay and rate read from the server (`xset r rate`). The keymap's
/// per-key repeat flags are honoured, with an override too. On a server
/// without detectable auto-repeat, release-and-press pairs with one
/// timestamp are recognised and dropped.
///
/// **Time.** One monotonic clock, in seconds, drives the window
/// (`Window.advanceTime(to:)`) and the keyboard
/// (`HardwareKeyboard.advance(to:)`), and stamps key events;
/// it starts at the window's `Window.currentTime`.
///
/// **Drawing.** The window is drawn into a server-side back buffer with a
/// `CairoCanvas` whenever `Window.needsDisplay`
/// is set, and the back buffer is copied to the window in one step, so
/// nothing flickers; an `Expose` copies it again. Text goes through Pango:
/// the host gives the window a `PangoTextLayoutEngine`
/// (``textLayoutEngine``) in ``fontFamily`` when it opens.
///
/// **Copy and paste.** While it is open, the host is the backend of
/// `Pasteboard.general` (the `CLIPBOARD` selection) and
/// `Pasteboard.selection` (`PRIMARY`): text set on them is offered to
/// other programs (`TARGETS`, `UTF8_STRING`, `STRING`, `TEXT`,
/// `TIMESTAMP`, `MULTIPLE`, and `INCR` chunks above one request), and
/// `Pasteboard.requestString(_:)` converts another program's selection
/// into a property of the window and reads it, `INCR` included. Both run
/// on the event loop and never block it; a transfer that stalls for
/// ``selectionTimeout`` is given up (a paste then answers `nil`) and logged.
///
/// **Touch.** On a server with XInput 2.2 (Xwayland, for one), the host
/// selects the window's touch events from every master device, and each
/// finger reaches `Window.sendTouch(_:id:at:)` with the server's touch id
/// and is reported as `HostEvent.touch`; the server then sends no pointer
/// events emulated from those touches. Without XInput 2.2 the window gets
/// the server's emulated pointer events instead.
///
/// **Popups.** The host is the window's `Window.popupHost`: a popup
/// (the edit menu) shows in an override-redirect window of its own, below its
/// anchor on the screen, above it when there is no room below, slid left to
/// fit, so it can reach past the window's edges. Clicks and touches on it go
/// to the popup; keys stay with the window.
///
/// **Input methods.** When the environment chooses IBus or Fcitx5
/// (`KEYINPUTKIT_IM_MODULE`, `GTK_IM_MODULE`, `QT_IM_MODULE`, `XMODIFIERS`)
/// or one of them runs, the host connects an `IBusInputMethod` and makes it
/// the window's input method: keys go to the daemon first, its preedit shows
/// in the focused field, and the caret's rect goes to it in screen
/// coordinates so that its candidate window sits at the caret. Its replies
/// wake the same loop as X events do. See ``inputMethod``.
///
/// The host is not a window manager: under Xvfb, focus the window
/// (`xdotool windowfocus --sync`) before sending keys.
@MainActor
public final class X11Host: WindowHost {
    /// What the host handled.
    @available(*, deprecated, renamed: "HostEvent")
    public typealias Event = HostEvent

    /// The display connected to, such as `":0"`.
    public var displayName: String { connection.displayName }
    /// The X window's id, for tools such as `xdotool windowfocus`.
    public var windowID: UInt32 { xWindow }
    /// Whether the X server sends held keys as repeated presses without
    /// releases (XKB detectable auto-repeat).
    public let usesDetectableAutoRepeat: Bool
    /// The window, its keyboard, and the loop state the hosts share.
    public let core: HostCore
    /// The font family the window's text is drawn in (see
    /// `CairoCanvas.fontFamily`); `"DejaVu Sans"` by default.
    ///
    /// Setting it also gives the window a new ``textLayoutEngine`` in that
    /// family, so that text fields measure what they draw.
    public var fontFamily: String {
        get { backBuffer.canvas.fontFamily }
        set {
            backBuffer.canvas.fontFamily = newValue
            if let engine = try? PangoTextLayoutEngine(fontFamily: newValue) {
                textLayoutEngine = engine
                backBuffer.canvas.textEngine = engine
                window.textLayoutEngine = engine
            }
            window.needsDisplay = true
        }
    }
    /// The Pango engine the host gave the window when it opened
    /// (`Window.textLayoutEngine`): text is measured, edited and drawn with
    /// the fonts the window shows, and the back buffer's one-line text
    /// shares its font map.
    public private(set) var textLayoutEngine: PangoTextLayoutEngine
    /// How long a copy or paste with another program may stall before it
    /// is given up, in seconds: a paste then answers `nil` (logged), a copy
    /// to a program that stopped reading is dropped. 2 s by default.
    public var selectionTimeout: Double {
        get { selections.timeout }
        set { selections.timeout = newValue }
    }
    /// The input method the window's keys go to first, or `nil`.
    ///
    /// The host sets it up when it opens, from the environment
    /// (`InputMethodChoice`); set another (or `nil`) to change it. Setting it
    /// also makes it `Window.inputMethod`, and its replies are handled on the
    /// host's core.
    public var inputMethod: (any InputMethod)? {
        didSet {
            guard inputMethod !== oldValue else { return }
            if let source = oldValue as? HostLoopSource { core.remove(source) }
            attachInputMethod()
        }
    }
    /// The bridge that shows the window to screen readers, once
    /// ``enableAccessibility(environment:)`` started it.
    public internal(set) var accessibilityBridge: AccessibilityBridge?
    /// Where the window's top-left corner is on the screen, read when the
    /// window moves or gains focus: the caret rect an input method gets is
    /// moved by it.
    var screenOrigin = Point.zero

    let connection: XCBConnection
    let xWindow: xcb_window_t
    /// The XKB core keyboard device, or `nil` without the XKB extension.
    let xkbDeviceID: Int32?
    /// The first event code of the XKB extension.
    let xkbBaseEvent: UInt8
    /// The context the server's keymaps are read into.
    let keymapContext: Context
    let wmProtocols: xcb_atom_t
    let wmDeleteWindow: xcb_atom_t
    /// The window's cairo surface: it holds cairo's device for the connection, which every surface on it shares.
    let windowSurface: CairoSurface
    /// Where views are drawn; frames are copied from it to the window.
    var backBuffer: X11BackBuffer
    /// The graphics context of those copies (no exposure events).
    let copyGC: xcb_gcontext_t
    /// The window's depth and visual, for back buffers like it.
    let depth: UInt8
    let visual: UnsafeMutablePointer<xcb_visualtype_t>
    /// The window's XInput 2.2 touch events, or `nil` on a server without them.
    let touch: X11Touch?
    /// The CLIPBOARD and PRIMARY selections, for `Pasteboard.general` and `Pasteboard.selection`.
    let selections: X11Selections
    var surfaceSize: (width: Int, height: Int)

    /// The pointer images shown over the window (`View.cursor`).
    lazy var cursors = X11Cursors(connection: connection, window: xWindow)
    var clicks = ClickCounter()
    var clickCount = 1
    var buttonOneDown = false
    /// Whether the middle button is down (a press the window got).
    var middleButtonDown = false
    /// Whether the right button is down (a press the window got).
    var rightButtonDown = false
    /// Whether the whole back buffer must go to the screen (first frame, expose, resize).
    var needsPresent = true
    /// The part of the back buffer drawn since it last went to the screen.
    var drawnRect: Rect?
    /// Maps the server's key event times onto the host's clock.
    var serverClock = EventTimestamps()
    /// The popups shown in override-redirect windows of their own (`X11Host+Popups.swift`).
    var popups: [X11PopupSurface] = []

    /// Connects to an X server and opens a window for `window`.
    ///
    /// The X window is mapped at once; ``run()`` or ``processEvents(timeout:)``
    /// shows it. If `window` belongs to no application, the host creates
    /// one; the keyboard is attached to it.
    ///
    /// - Parameters:
    ///   - window: What to show; the X window takes its size.
    ///   - title: The window title (`WM_NAME`, `_NET_WM_NAME`).
    ///   - display: A display name such as `":0"`, or `nil` for `DISPLAY`.
    ///   - keymapOverride: A keymap to decode keys with instead of the
    ///     server's. Server keymap and state changes are then ignored.
    ///   - compose: Where dead keys and the Compose key get their compose
    ///     table: by default the environment's locale, as
    ///     `HardwareKeyboard(keymap:compose:repeatSettings:)` chooses it.
    ///   - minimumSize: The smallest size to resize the window to, at most
    ///     the window's size; 320×400 points by default.
    ///   - inputMethodChoice: Which input method to connect: by default the
    ///     one the environment names, or whichever daemon runs;
    ///     `InputMethodChoice.none` for none.
    /// - Throws: ``HostError``: `noDisplay` without a display name or
    ///   `DISPLAY`; `connectionFailed` when the server cannot be reached;
    ///   `xkbUnavailable` when the server has no XKB extension (and no
    ///   override was given); `keymapUnavailable` when the server's keymap
    ///   cannot be read; `windowCreationFailed` when the window or its
    ///   drawing surface cannot be created.
    public init(
        window: Window, title: String = "KeyInputKit", display: String? = nil, keymapOverride: Keymap? = nil,
        compose: HardwareKeyboard.Compose = .environment, minimumSize: Size = X11Host.defaultMinimumSize,
        inputMethodChoice: InputMethodChoice = InputMethodChoice(environment: IBusDaemonLocator.processEnvironment)
    ) throws {
        let connection = try XCBConnection(display: display)
        guard let screen = connection.screen, let visual = connection.rootVisualType(of: screen) else {
            throw HostError(.windowCreationFailed, "X display \(connection.displayName) has no usable screen")
        }
        let c = connection.pointer

        // XKB: the core keyboard, its keymap and state, repeat settings.
        var major: UInt16 = 0, minor: UInt16 = 0, baseEvent: UInt8 = 0, baseError: UInt8 = 0
        let hasXKB =
            xkb_x11_setup_xkb_extension(
                c, UInt16(XKB_X11_MIN_MAJOR_XKB_VERSION), UInt16(XKB_X11_MIN_MINOR_XKB_VERSION),
                XKB_X11_SETUP_XKB_EXTENSION_NO_FLAGS, &major, &minor, &baseEvent, &baseError) == 1
        let device = hasXKB ? xkb_x11_get_core_keyboard_device_id(c) : -1
        if device == -1, keymapOverride == nil {
            throw HostError(
                .xkbUnavailable,
                "X display \(connection.displayName) has no XKB extension \(XKB_X11_MIN_MAJOR_XKB_VERSION).\(XKB_X11_MIN_MINOR_XKB_VERSION) or no core keyboard; pass a keymap override to decode keys without it"
            )
        }
        let context: Context
        do {
            context = try Context(options: .noEnvironmentNames)
        } catch {
            throw HostError(.keymapUnavailable, "could not create an xkbcommon context: \(error)")
        }
        let keyboard: HardwareKeyboard
        if let keymapOverride {
            keyboard = HardwareKeyboard(keymap: keymapOverride, compose: compose)
        } else {
            let server = try Self.serverKeyboard(connection: connection, deviceID: device, context: context)
            keyboard = HardwareKeyboard(keymap: server.keymap, compose: compose)
            keyboard.updateMask(server.masks)
        }
        var detectable = false
        if device != -1 {
            keyboard.repeatSettings = Self.serverRepeatSettings(connection: connection, deviceID: device)
            detectable = Self.enableDetectableAutoRepeat(connection: connection, deviceID: device)
            if keymapOverride == nil {
                try Self.selectXKBEvents(connection: connection, deviceID: device)
            }
        }

        // The window.
        let width = Self.pixels(window.frame.width), height = Self.pixels(window.frame.height)
        let xWindow = xcb_generate_id(c)
        let eventMask: UInt32 =
            XCB_EVENT_MASK_KEY_PRESS.rawValue | XCB_EVENT_MASK_KEY_RELEASE.rawValue
            | XCB_EVENT_MASK_BUTTON_PRESS.rawValue | XCB_EVENT_MASK_BUTTON_RELEASE.rawValue
            | XCB_EVENT_MASK_POINTER_MOTION.rawValue | XCB_EVENT_MASK_ENTER_WINDOW.rawValue
            | XCB_EVENT_MASK_EXPOSURE.rawValue
            | XCB_EVENT_MASK_STRUCTURE_NOTIFY.rawValue | XCB_EVENT_MASK_FOCUS_CHANGE.rawValue
            | XCB_EVENT_MASK_PROPERTY_CHANGE.rawValue  // server times and pasted text (Selections/)
        // No background: the server never clears the window, the back buffer covers it all.
        let values: [UInt32] = [UInt32(XCB_BACK_PIXMAP_NONE.rawValue), eventMask]
        let created = xcb_create_window_checked(
            c, UInt8(XCB_COPY_FROM_PARENT), xWindow, screen.pointee.root, 0, 0, UInt16(width), UInt16(height), 0,
            UInt16(XCB_WINDOW_CLASS_INPUT_OUTPUT.rawValue), screen.pointee.root_visual,
            XCB_CW_BACK_PIXMAP.rawValue | XCB_CW_EVENT_MASK.rawValue, values)
        if let error = xcb_request_check(c, created) {
            let code = error.pointee.error_code
            free(error)
            throw HostError(.windowCreationFailed, "the X server refused to create a window (X error \(code))")
        }
        let wmProtocols = connection.atom("WM_PROTOCOLS")
        let wmDeleteWindow = connection.atom("WM_DELETE_WINDOW")
        let minimum = (
            width: min(width, Self.pixels(minimumSize.width)), height: min(height, Self.pixels(minimumSize.height))
        )
        Self.setWindowProperties(
            connection: connection, window: xWindow, title: title, minimumSize: minimum,
            wmProtocols: wmProtocols, wmDeleteWindow: wmDeleteWindow)

        // Drawing: a back buffer on the server, copied to the window in one step.
        let surfaces: (window: CairoSurface, back: X11BackBuffer)
        do {
            surfaces = try Self.makeSurfaces(
                connection: connection, window: xWindow, depth: screen.pointee.root_depth, visual: visual, width: width,
                height: height, size: window.frame.size)
        } catch {
            throw HostError(.windowCreationFailed, "could not draw on the X window: \(error)")
        }

        let textLayoutEngine: PangoTextLayoutEngine
        do {
            textLayoutEngine = try PangoTextLayoutEngine(fontFamily: surfaces.back.canvas.fontFamily)
        } catch {
            throw HostError(.windowCreationFailed, "could not lay out text for the X window: \(error)")
        }
        surfaces.back.canvas.textEngine = textLayoutEngine
        window.textLayoutEngine = textLayoutEngine

        self.textLayoutEngine = textLayoutEngine
        self.usesDetectableAutoRepeat = detectable
        self.connection = connection
        self.xWindow = xWindow
        self.xkbDeviceID = device == -1 ? nil : device
        self.xkbBaseEvent = baseEvent
        self.keymapContext = context
        self.wmProtocols = wmProtocols
        self.wmDeleteWindow = wmDeleteWindow
        self.windowSurface = surfaces.window
        self.backBuffer = surfaces.back
        self.copyGC = Self.makeCopyGC(connection: connection, window: xWindow)
        self.depth = screen.pointee.root_depth
        self.visual = visual
        self.surfaceSize = (width, height)
        self.touch = X11Touch.select(on: xWindow, connection: connection)
        self.selections = X11Selections(
            connection: connection, window: xWindow, atoms: X11Atoms(connection: connection))
        self.core = HostCore(
            window: window, keyboard: keyboard, keymapOverride: keymapOverride, title: title,
            minimumSize: Size(width: Double(minimum.width), height: Double(minimum.height)))

        window.defersInputStateUpdates = true
        window.popupHost = self
        application.attach(keyboard)
        selections.attach(to: [Pasteboard.general, Pasteboard.selection])
        core.add(selections)
        _ = xcb_map_window(c, xWindow)
        connection.flush()
        let locator = IBusDaemonLocator(
            environment: IBusDaemonLocator.processEnvironment.merging(["DISPLAY": connection.displayName]) { $1 })
        inputMethod = IBusInputMethod(choice: inputMethodChoice, locator: locator)
        attachInputMethod()
    }
}
