import KeyInputKit
import XKB

/// Drives a window headless, as a person would — typing through a real
/// keymap, pressing keys by name, clicking views — and reads back what it shows.
///
/// ```swift
/// let tester = try WindowTester(window: window, layout: "de")
/// try tester.click(field)
/// try tester.type("Jürgen")
/// try tester.press("KEY_TAB")
/// tester.settle()
/// print(tester.render())
/// ```
///
/// Every key goes the way a real one does: through a `HardwareKeyboard`
/// (keymap, compose, key repeat), the window's key commands and responder
/// chain, to the first responder. Anything the tester cannot do — a character
/// the keymap cannot type, an unknown key name, a view that is not in the
/// window — throws a ``WindowTesterError`` that names it, before any key is
/// sent. The tester throws rather than records an issue, so it works under
/// Swift Testing and XCTest alike: `try` in a test reports the message.
@MainActor
public final class WindowTester {
    /// Where a tester takes its time from.
    public enum Clock: Hashable, Sendable {
        /// The tester's own clock: each key event and click moves it a
        /// little, and ``WindowTester/advance(by:)`` moves it on. Headless,
        /// where nothing else moves time.
        case tester
        /// The window's clock, which a host moves with the wall clock; the
        /// tester never moves it.
        case window
    }

    /// The window driven.
    public let window: Window
    /// The application the window belongs to: its own, or one the tester made.
    public let application: Application
    /// The keyboard keys are pressed on; it is attached to ``application``.
    public let keyboard: HardwareKeyboard
    /// Where the tester's time comes from.
    public let clock: Clock
    /// Seconds that pass after each key event on the tester's clock.
    public var keyInterval = 0.01
    /// Seconds that pass after a click's press and again after its release.
    public var clickInterval = 0.05
    /// The longest step the tester's clock takes when it advances, in seconds.
    public var tickInterval = 0.01

    private var ownTime: Double
    /// Where each finger the tester put down is (WindowTester+Touch.swift).
    var fingerLocations: [Int: Point] = [:]
    private var planner: KeystrokePlanner

    /// Creates a tester that types on a new keyboard with an XKB layout, such
    /// as `"de"` or `"us"` with the `"intl"` variant.
    ///
    /// The keymap is compiled without reading `XKB_DEFAULT_*` from the
    /// environment, so a test types the same on every machine.
    ///
    /// - Parameters:
    ///   - window: The window to drive; it joins a new application when it has none.
    ///   - layout: An XKB layout name, or several separated by commas.
    ///   - variant: The layout's variant, if any.
    ///   - options: XKB options, such as `"compose:ralt"`.
    ///   - compose: The keyboard's compose table. The default, en_US.UTF-8's,
    ///     gives dead keys their usual meaning whatever the machine's locale.
    /// - Throws: An `XKBError` when the layout cannot be compiled.
    public convenience init(
        window: Window, layout: String, variant: String? = nil, options: String? = nil,
        compose: HardwareKeyboard.Compose = .locale("en_US.UTF-8")
    ) throws {
        let names = RuleNames(layout: layout, variant: variant, options: options)
        let keymap = try Keymap(context: Context(options: .noEnvironmentNames), names: names)
        let name = "\"\(layout)\"" + (variant.map { " (variant \"\($0)\")" } ?? "")
        self.init(window: window, keyboard: HardwareKeyboard(keymap: keymap, compose: compose), keymapName: name)
    }

    /// Creates a tester that types on a new keyboard with `keymap`.
    ///
    /// - Parameters:
    ///   - window: The window to drive; it joins a new application when it has none.
    ///   - keymap: The keymap keys are decoded with and looked up in.
    ///   - compose: The keyboard's compose table; en_US.UTF-8's by default.
    public convenience init(window: Window, keymap: Keymap, compose: HardwareKeyboard.Compose = .locale("en_US.UTF-8")) {
        self.init(window: window, keyboard: HardwareKeyboard(keymap: keymap, compose: compose))
    }

    /// Creates a tester that presses keys on `keyboard`, such as a host's.
    ///
    /// - Parameters:
    ///   - window: The window to drive; it keeps its application or joins a new one.
    ///   - keyboard: The keyboard to press keys on; it is attached to the
    ///     window's application. Text is looked up in its keymap and compose
    ///     table as they are when it is typed.
    ///   - clock: The tester's own clock, or the window's.
    ///   - attachesKeyboard: `false` leaves attaching `keyboard` to its owner: a host's
    ///     keyboard is attached while the display has one (on Wayland, while the seat has a
    ///     keyboard), and counts as a hardware keyboard only then.
    public convenience init(
        window: Window, keyboard: HardwareKeyboard, clock: Clock = .tester, attachesKeyboard: Bool = true
    ) {
        self.init(window: window, keyboard: keyboard, clock: clock, keymapName: nil, attachesKeyboard: attachesKeyboard)
    }

    private init(
        window: Window, keyboard: HardwareKeyboard, clock: Clock = .tester, keymapName: String?,
        attachesKeyboard: Bool = true
    ) {
        self.window = window
        self.keyboard = keyboard
        self.clock = clock
        let application = window.application ?? Application()
        self.application = application
        if window.application == nil { application.addWindow(window) }
        if attachesKeyboard { application.attach(keyboard) }
        ownTime = window.currentTime
        planner = KeystrokePlanner(keymap: keyboard.keymap, composeTable: keyboard.composeTable, keymapName: keymapName)
    }

    // MARK: Time

    /// The tester's time, in seconds: its own clock's, or the window's.
    public var time: Double {
        switch clock {
        case .tester: ownTime
        case .window: window.currentTime
        }
    }

    /// Moves the tester's clock on, running key repeat and animations. On
    /// the window's clock, does nothing: the host moves time.
    ///
    /// - Parameter seconds: How long passes; a negative time is ignored.
    public func advance(by seconds: Double) {
        advance(to: time + max(0, seconds))
    }

    /// Moves the tester's clock to `newTime`, running key repeat and
    /// animations. An earlier time, or the window's clock, does nothing.
    ///
    /// Time moves in steps of at most ``tickInterval``, so a key held for a
    /// second repeats as it would live rather than once.
    ///
    /// - Parameter newTime: The time to move to, in seconds.
    public func advance(to newTime: Double) {
        guard clock == .tester, newTime >= ownTime else { return }
        while ownTime < newTime {
            ownTime = min(newTime, ownTime + max(tickInterval, 0.001))
            keyboard.advance(to: ownTime)
            window.advanceTime(to: ownTime)
        }
    }

    /// Lets input views finish sliding in or out, so the window is at rest.
    /// On the window's clock, does nothing.
    public func settle() {
        var rounds = 0
        while clock == .tester, window.isAnimatingInputViews || window.isAnimatingContent, rounds < 100 {
            advance(by: max(window.inputViewAnimation.duration, keyInterval))
            rounds += 1
        }
    }

    // MARK: Reading back

    /// The window's first responder, if any.
    public var firstResponder: Responder? { window.firstResponder }

    /// The window drawn as text, one line per row of character cells: what
    /// golden tests compare. Borders are box-drawing lines, a focus ring double.
    ///
    /// - Parameters:
    ///   - cellWidth: Points per character, across.
    ///   - cellHeight: Points per character, down.
    /// - Returns: The rows, each ending in a newline, trailing spaces trimmed.
    public func render(cellWidth: Double = 8, cellHeight: Double = 16) -> String {
        let canvas = TextCanvas(size: window.frame.size, cellWidth: cellWidth, cellHeight: cellHeight)
        window.render(to: canvas)
        return canvas.rendering
    }

    // MARK: The keymap

    /// Looks keys up in the keyboard's keymap as it is now, after a layout change.
    func currentPlanner() -> KeystrokePlanner {
        if planner.keymap !== keyboard.keymap {
            planner = KeystrokePlanner(
                keymap: keyboard.keymap, composeTable: keyboard.composeTable, keymapName: nil)
        }
        return planner
    }
}
