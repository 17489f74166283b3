import KeyInputKit
import TestSupport
import Testing
import XKB

@testable import KeyInputWayland

#if canImport(Glibc)
    import Glibc
#endif

/// Keys typed on sway's x11 backend inside Xvfb: xdotool presses keys in
/// sway's X window, sway decodes nothing and sends them on to the host with
/// the keymap and repeat settings of its config.
@MainActor
@Suite(
    "The Wayland host's keyboard", .serialized,
    .enabled(if: swayAvailable && xvfbAvailable, "needs sway, Xvfb and xdotool (scripts/install-deps.sh test)"))
struct WaylandKeyboardTests {
    @Test("Keys typed on a German layout type what its keymap says")
    func typesWithTheCompositorsKeymap() throws {
        let typing = try SwayTyping(layout: "de")
        try typing.xdotool("key", "--delay", "20", "y", "z", "semicolon", "shift+y")
        try pump(typing.host) { typing.field.text == "zyöZ" }
        #expect(typing.field.text == "zyöZ")
    }

    @Test("A layout the compositor switches to (its modifiers event) decodes keys from then on")
    func followsTheCompositorsLayoutSwitch() throws {
        let typing = try SwayTyping(layout: "us,de")
        try typing.xdotool("key", "y")
        try pump(typing.host) { typing.field.text == "y" }
        try typing.sway.command("input type:keyboard xkb_switch_layout 1")
        try pump(typing.host) { typing.host.keyboard.state.layout == 1 }
        #expect(typing.host.keyboard.state.layout == 1)
        // The key y (evdev 21) now means German z. (A key xdotool sends cannot show it: sway's x11
        // backend first resets the layout to the X event's group, 0.)
        #expect(typing.host.keyboard.state.text(of: Keycode(rawValue: 21 + 8)) == "z")
    }

    @Test("A held key repeats at the compositor's rate and stops when released")
    func heldKeyRepeats() throws {
        let typing = try SwayTyping(
            layout: "de", extraConfig: "input type:keyboard repeat_delay 300\ninput type:keyboard repeat_rate 30")
        try pump(typing.host) { typing.host.keyboard.repeatSettings.delay == 0.3 }
        #expect(typing.host.keyboard.repeatSettings == KeyRepeatSettings(delay: 0.3, rate: 30))
        try typing.xdotool("keydown", "a")
        try typing.run(for: 1)
        try typing.xdotool("keyup", "a")
        try pump(typing.host) { typing.host.keyboard.repeatingKeycode == nil }
        let typed = typing.field.text
        #expect(typed.count > 1, "1 s held at 300 ms delay and 30/s typed \(typed.count) characters")
        #expect(typed.allSatisfy { $0 == "a" })
        try typing.run(for: 0.5)
        #expect(typing.field.text == typed, "characters came after the key was released")
    }

    @Test("Each key handled slower than the repeat delay is typed once: its release, read late, repeats nothing")
    func slowTurnsTypeEachKeyOnce() throws {
        let typing = try SwayTyping(
            layout: "us", extraConfig: "input type:keyboard repeat_delay 300\ninput type:keyboard repeat_rate 30")
        try pump(typing.host) { typing.host.keyboard.repeatSettings.delay == 0.3 }
        // Each key press takes longer to handle than the repeat delay, as a slow app's would;
        // the release waits in the queue meanwhile.
        typing.host.afterEvent = { event in
            if case .key(_, .down) = event { usleep(600_000) }
        }
        try typing.xdotool("key", "--delay", "20", "a", "b")
        try pump(typing.host) { typing.field.text.count >= 2 }
        typing.host.afterEvent = nil
        try typing.run(for: 0.5)
        #expect(typing.field.text == "ab")
    }

    @Test("With a repeat rate of 0 a held key types one character")
    func rateZeroTurnsRepeatOff() throws {
        let typing = try SwayTyping(layout: "de", extraConfig: "input type:keyboard repeat_rate 0")
        try pump(typing.host) { !typing.host.keyboard.repeatSettings.isEnabled }
        try typing.xdotool("keydown", "a")
        // Longer than any delay sway could have chosen (600 ms by default).
        try typing.run(for: 1.2)
        try typing.xdotool("keyup", "a")
        try pump(typing.host) { typing.events.contains(.key(Keycode(rawValue: 38), .up)) }
        #expect(typing.field.text == "a")
    }

    @Test("A key held while the window loses keyboard focus stops repeating")
    func leavingFocusStopsTheRepeat() throws {
        let typing = try SwayTyping(
            layout: "de", extraConfig: "input type:keyboard repeat_delay 200\ninput type:keyboard repeat_rate 30")
        try pump(typing.host) { typing.host.keyboard.repeatSettings.delay == 0.2 }
        try typing.xdotool("keydown", "a")
        try pump(typing.host) { typing.field.text.count > 2 }
        // An empty workspace takes the seat's focus from the window.
        try typing.sway.command("workspace 2")
        try pump(typing.host) { typing.events.contains(.focus(false)) }
        let typed = typing.field.text
        try typing.run(for: 0.5)
        try typing.xdotool("keyup", "a")
        #expect(typing.field.text == typed, "the key went on repeating after the window lost focus")
        #expect(typing.host.keyboard.repeatingKeycode == nil)
        #expect(typing.events.contains(.key(Keycode(rawValue: 38), .up)))
    }

    @Test("The window is active while it has the seat's keyboard, for assistive technology too")
    func activationFollowsTheKeyboardFocus() throws {
        let typing = try SwayTyping(layout: "us")
        #expect(typing.window.isActive)
        #expect(typing.window.accessibilityLabel == "keys")
        var heard: [String] = []
        let token = typing.host.application.observeAccessibility { event in
            if case .stateChanged(let node, let states, let isOn) = event, node === typing.window, states == .active {
                heard.append(isOn ? "active" : "inactive")
            }
        }
        defer { token.cancel() }
        try typing.sway.command("workspace 2")
        try pump(typing.host) { !typing.window.isActive }
        try typing.sway.command("workspace 1")
        try pump(typing.host) { typing.window.isActive }
        #expect(heard == ["inactive", "active"])
    }

    @Test("A keymap override decodes keys instead of the compositor's keymap")
    func overrideIgnoresTheCompositorsKeymap() throws {
        let us = try Keymap(context: Context(options: .noEnvironmentNames), names: RuleNames(layout: "us"))
        let typing = try SwayTyping(layout: "de", keymapOverride: us)
        try typing.xdotool("key", "--delay", "20", "y", "z", "semicolon")
        try pump(typing.host) { typing.field.text.count == 3 }
        #expect(typing.field.text == "yz;")
        #expect(typing.host.keyboard.keymap === us)
    }
}

/// A bad keymap from the compositor: its bytes, the format and the size announced.
struct BadKeymap: Sendable, CustomTestStringConvertible {
    let name: String
    let bytes: [UInt8]
    let format: UInt32
    let size: UInt32?
    /// Words the error's message holds.
    let says: String
    var testDescription: String { name }

    /// A keymap that compiles (``WaylandKeymapFileTests/wellFormedKeymapIsTaken()``): each case spoils one thing.
    static let wellFormedText = Array(
        """
        xkb_keymap {
            xkb_keycodes { <AE01> = 10; };
            xkb_types { };
            xkb_compat { };
            xkb_symbols { key <AE01> { [ 1 ] }; };
        };
        """.utf8)
    static let all = [
        BadKeymap(
            name: "garbage", bytes: Array("no keymap here".utf8) + [0], format: 1, size: nil, says: "does not compile"),
        BadKeymap(
            name: "a format other than XKB v1", bytes: wellFormedText + [0], format: 0, size: nil, says: "format 0"),
        BadKeymap(name: "a size without the final NUL", bytes: wellFormedText, format: 1, size: nil, says: "NUL"),
        BadKeymap(name: "size 0", bytes: wellFormedText + [0], format: 1, size: 0, says: "size 0"),
        BadKeymap(
            name: "a size past the file's end", bytes: wellFormedText + [0], format: 1, size: 1 << 20,
            says: "fewer than"),
        BadKeymap(
            name: "a NUL inside", bytes: wellFormedText + [0] + wellFormedText + [0], format: 1, size: nil,
            says: "before its end"),
        BadKeymap(name: "not UTF-8", bytes: [0xff, 0xfe, 0x41, 0], format: 1, size: nil, says: "not UTF-8"),
    ]
}

@MainActor
@Suite("Keymaps from the compositor", .enabled(if: swayAvailable, "needs sway and grim (scripts/install-deps.sh test)"))
struct WaylandKeymapFileTests {
    @Test("A bad keymap is refused with a clear error and the previous keymap stays", arguments: BadKeymap.all)
    func badKeymapKeepsThePreviousOne(_ bad: BadKeymap) throws {
        let sway = try HeadlessSway()
        let window = Window(size: Size(width: 400, height: 420))
        let field = TextField(frame: Rect(x: 20, y: 20, width: 360, height: 32))
        window.addSubview(field)
        let host = try WaylandHost(window: window, title: "keymaps", display: sway.socketPath, compose: .none)
        #expect(field.becomeFirstResponder())
        let german = try Keymap(context: Context(options: .noEnvironmentNames), names: RuleNames(layout: "de"))
        try withKeymapFile(Array(german.text.utf8) + [0], format: 1) { try host.applyKeymap($0) }
        let before = host.keyboard.keymap

        try withKeymapFile(bad.bytes, format: bad.format, size: bad.size) { file in
            let error = #expect(throws: HostError.self) { try host.applyKeymap(file) }
            #expect(error?.description.contains(bad.says) == true, "\(String(describing: error))")
            // As the compositor's event: logged, and the keymap stays.
            host.handleKeyboardEvent(.keymap(file))
        }
        #expect(host.keyboard.keymap === before)
        host.handleKeyboardEvent(.enter(serial: 1, heldKeys: []))
        // evdev KEY_Y is German z.
        host.handleKeyboardEvent(.key(serial: 2, Keycode(rawValue: 21 + 8), .down, time: 0))
        host.handleKeyboardEvent(.key(serial: 3, Keycode(rawValue: 21 + 8), .up, time: 0))
        #expect(field.text == "z")
    }

    @Test("A well-formed keymap from the compositor is taken and decodes keys")
    func wellFormedKeymapIsTaken() throws {
        let sway = try HeadlessSway()
        let window = Window(size: Size(width: 400, height: 420))
        let field = TextField(frame: Rect(x: 20, y: 20, width: 360, height: 32))
        window.addSubview(field)
        let host = try WaylandHost(window: window, title: "keymaps", display: sway.socketPath, compose: .none)
        #expect(field.becomeFirstResponder())
        var events: [HostEvent] = []
        host.afterEvent = { events.append($0) }
        try withKeymapFile(BadKeymap.wellFormedText + [0], format: 1) { try host.applyKeymap($0) }
        #expect(events == [.keymapChanged])
        #expect(host.keyboard.keymap.key(named: "AE01") == Keycode(rawValue: 10))
        host.handleKeyboardEvent(.enter(serial: 1, heldKeys: []))
        host.handleKeyboardEvent(.key(serial: 2, Keycode(rawValue: 10), .down, time: 0))
        #expect(field.text == "1")
    }

    @Test("The loop wakes when a fast repeat is due, not a frame later")
    func loopWakesForTheNextRepeat() throws {
        let sway = try HeadlessSway()
        let window = Window(size: Size(width: 400, height: 420))
        let host = try WaylandHost(window: window, title: "repeat", display: sway.socketPath, compose: .none)
        host.handleKeyboardEvent(.repeatInfo(rate: 500, delay: 4))
        #expect(host.keyboard.repeatSettings == KeyRepeatSettings(delay: 0.004, rate: 500))
        host.handleKeyboardEvent(.enter(serial: 1, heldKeys: []))
        host.handleKeyboardEvent(.key(serial: 2, Keycode(rawValue: 30 + 8), .down, time: 0))
        #expect(host.pollTimeout <= 0.004)
        let start = MonotonicClock.now()
        while MonotonicClock.now() < start + 0.05 { try host.processEvents(timeout: host.pollTimeout) }
        // Repeating: the next one is at most one interval away.
        #expect(host.pollTimeout <= 1.0 / 500)
        host.handleKeyboardEvent(.key(serial: 3, Keycode(rawValue: 30 + 8), .up, time: 0))
        #expect(host.pollTimeout > 1.0 / 500)
    }

    @Test("Keys held when the window gains focus are down but type nothing")
    func keysHeldOnEnterTypeNothing() throws {
        let sway = try HeadlessSway()
        let window = Window(size: Size(width: 400, height: 420))
        let field = TextField(frame: Rect(x: 20, y: 20, width: 360, height: 32))
        window.addSubview(field)
        let host = try WaylandHost(window: window, title: "held", display: sway.socketPath, compose: .none)
        #expect(field.becomeFirstResponder())
        let a = Keycode(rawValue: 30 + 8)
        host.handleKeyboardEvent(.enter(serial: 1, heldKeys: [a]))
        #expect(host.keyboard.isKeyDown(a))
        #expect(host.keyboard.repeatingKeycode == nil)
        // The compositor's press of a key already down is not a second press.
        host.handleKeyboardEvent(.key(serial: 2, a, .down, time: 0))
        #expect(field.text == "")
        host.handleKeyboardEvent(.leave(serial: 3))
        #expect(!host.keyboard.isKeyDown(a))
    }
}

/// Writes `bytes` to an unlinked temporary file (compositors send a memfd)
/// and gives `body` the keymap file naming it with `size` (the byte count when `nil`).
private func withKeymapFile(
    _ bytes: [UInt8], format: UInt32, size: UInt32? = nil, _ body: (WaylandKeymapFile) throws -> Void
) throws {
    var template = Array("/tmp/keymap-XXXXXX".utf8CString)
    let descriptor = mkstemp(&template)
    try #require(descriptor >= 0)
    unlink(template)
    defer { close(descriptor) }
    try #require(bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) } == bytes.count)
    try body(WaylandKeymapFile(format: format, descriptor: descriptor, size: size ?? UInt32(bytes.count)))
}

/// A WaylandHost on a nested sway with a focused text field, and xdotool to type.
@MainActor
final class SwayTyping {
    let xvfb: XvfbServer
    let sway: HeadlessSway
    let window: Window
    let field: TextField
    let host: WaylandHost
    /// What the host reported since it was set up.
    private(set) var events: [HostEvent] = []
    private let swayWindow: String

    /// Starts Xvfb and sway with `layout`, shows a window with a focused
    /// field, and waits for the window to have keyboard focus (and, without
    /// an override, the compositor's keymap).
    init(layout: String, extraConfig: String = "", keymapOverride: Keymap? = nil) throws {
        xvfb = try XvfbServer()
        sway = try HeadlessSway(width: 640, height: 480, on: xvfb, keyboardLayout: layout, extraConfig: extraConfig)
        swayWindow = try sway.xWindow()
        window = Window(size: Size(width: 400, height: 420))
        field = TextField(frame: Rect(x: 20, y: 20, width: 360, height: 32))
        window.addSubview(field)
        host = try WaylandHost(
            window: window, title: "keys", display: sway.socketPath, keymapOverride: keymapOverride, compose: .none)
        host.afterEvent = { [unowned self] event in self.events.append(event) }
        #expect(field.becomeFirstResponder())
        try xdotool("windowfocus", "--sync", swayWindow)
        // A keymap compiled from the compositor's text has no rule names; the host's first one has.
        try pump(host) {
            host.seatKeyboard?.hasFocus == true && (keymapOverride != nil || host.keyboard.keymap.names == nil)
        }
    }

    /// Runs xdotool on the X server sway runs in.
    func xdotool(_ arguments: String...) throws {
        let status = try xvfb.run(["xdotool"] + arguments)
        guard status == 0 else { throw SwayFailure("xdotool \(arguments) exited with \(String(describing: status))") }
    }

    /// Runs the host's loop for `seconds`.
    func run(for seconds: Double) throws {
        let end = MonotonicClock.now() + seconds
        while MonotonicClock.now() < end {
            try host.processEvents(timeout: min(host.pollTimeout, max(0, end - MonotonicClock.now())))
        }
    }
}
