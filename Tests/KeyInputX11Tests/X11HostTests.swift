import CXCB
import Foundation
import KeyInputCairo
import KeyInputKit
import Testing
import TestSupport
import XKB

@testable import KeyInputX11

/// A window with two text fields, shown by a host on a private Xvfb.
@MainActor
final class HostedForm {
    let server: XvfbServer
    let window = Window(size: Size(width: 400, height: 300))
    let name = TextField(frame: Rect(x: 20, y: 20, width: 360, height: 32), placeholder: "Name")
    let other = TextField(frame: Rect(x: 20, y: 80, width: 360, height: 32), placeholder: "Other")
    let host: X11Host
    var events: [HostEvent] = []

    init(keymapOverride: Keymap? = nil) throws {
        server = try XvfbServer()
        window.addSubview(name)
        window.addSubview(other)
        host = try X11Host(window: window, title: "KeyInputX11 test", display: server.display, keymapOverride: keymapOverride)
        host.afterEvent = { [unowned self] in self.events.append($0) }
        name.becomeFirstResponder()
        // Shown, then focused: Xvfb has no window manager to do it.
        try pump { self.events.contains(.expose) }
        try #require(events.contains(.expose), "the window was never exposed")
        try server.run(["xdotool", "windowfocus", "--sync", String(host.windowID)])
        try pump { self.events.contains(.focus(true)) }
        try #require(events.contains(.focus(true)), "the window never got keyboard focus")
    }

    /// Runs the host's loop until `done` holds; fails after `timeout` seconds, naming `what`
    /// (by default, where the test waits).
    func pump(
        for what: String? = nil, timeout: Double = 10, sourceLocation: SourceLocation = #_sourceLocation,
        until done: () -> Bool
    ) throws {
        try waitUntil(
            what ?? "the condition at \(sourceLocation)", timeout: timeout,
            turn: { try host.processEvents(timeout: 0.02) }, done)
    }

    /// Runs the host's loop for `turns` turns of at most 20 ms of waiting each, whatever happens.
    func run(turns: Int) throws {
        for _ in 0..<turns { try host.processEvents(timeout: 0.02) }
    }

    func xdotool(_ arguments: String...) throws {
        let status = try server.run(["xdotool"] + arguments)
        try #require(status == 0, "xdotool \(arguments.joined(separator: " ")) failed")
    }

    func stop() { server.stop() }

    /// Other clients' connections, kept with their windows until the form stops.
    private var otherClients: [XCBConnection] = []

    /// Maps a window of another client and gives it the server's focus.
    func focusAnotherClientsWindow() throws {
        let other = try XCBConnection(display: server.display)
        let screen = try #require(other.screen)
        let otherWindow = xcb_generate_id(other.pointer)
        xcb_create_window(
            other.pointer, 0, otherWindow, screen.pointee.root, 0, 0, 50, 50, 0,
            UInt16(XCB_WINDOW_CLASS_INPUT_OUTPUT.rawValue), screen.pointee.root_visual, 0, nil)
        xcb_map_window(other.pointer, otherWindow)
        other.flush()
        otherClients.append(other)
        try xdotool("windowfocus", "--sync", String(otherWindow))
    }
}

@Suite("X11 host")
@MainActor
struct X11HostConnectionTests {
    @Test("a display with no server behind it is a clear connection error")
    func noServer() throws {
        let window = Window(size: Size(width: 100, height: 100))
        let error = #expect(throws: HostError.self) { try X11Host(window: window, display: ":32761") }
        #expect(error?.code == .connectionFailed)
        #expect(error?.message.contains(":32761") == true)
        #expect(window.application == nil)
    }

    @Test("a display name that is not one is a clear connection error")
    func badName() throws {
        let window = Window(size: Size(width: 100, height: 100))
        let error = #expect(throws: HostError.self) { try X11Host(window: window, display: "no display here") }
        #expect(error?.code == .connectionFailed)
        #expect(error?.message.contains("not valid") == true)
    }
}

@Suite("X11 host under Xvfb", .serialized, .enabled(if: xvfbAvailable, "Xvfb and xdotool are not installed (scripts/install-deps.sh test installs them)"))
@MainActor
struct X11HostTests {
    @Test("the pointer shows the I-beam over a field and the arrow elsewhere, from the cursor font")
    func theCursorFollowsWhatIsUnderIt() throws {
        let form = try HostedForm()
        defer { form.stop() }
        try form.xdotool("mousemove", "200", "96")
        try form.pump { form.host.cursors.shown == .iBeam }
        try form.xdotool("mousemove", "200", "250")
        try form.pump { form.host.cursors.shown == .arrow }
        // A drag from a field keeps its cursor wherever the pointer goes; the release shows what is under it.
        var drags = 0
        form.host.afterEvent = { event in
            if case .pointer(let pointer) = event, pointer.kind == .dragged { drags += 1 }
        }
        try form.xdotool("mousemove", "200", "96", "mousedown", "1", "mousemove", "200", "250")
        try form.pump { form.other.isFirstResponder && drags > 0 }
        #expect(form.host.cursors.shown == .iBeam)
        try form.xdotool("mouseup", "1")
        try form.pump { form.host.cursors.shown == .arrow }
    }

    @Test("typing with the server's keymap reaches the first responder; a click moves focus")
    func typingAndClicking() throws {
        let form = try HostedForm()
        defer { form.stop() }
        #expect(form.host.keyboard.keymap.layoutNames.first == "English (US)")

        try form.xdotool("type", "--delay", "20", "hello")
        try form.xdotool("key", "shift+a")
        try form.pump { form.name.text == "helloA" }
        #expect(form.name.text == "helloA")

        try form.xdotool("mousemove", "200", "96", "click", "1")
        try form.pump { form.other.isFirstResponder }
        #expect(form.other.isFirstResponder)
        try form.xdotool("type", "--delay", "20", "x1")
        try form.pump { form.other.text == "x1" }
        #expect(form.other.text == "x1")
        #expect(form.name.text == "helloA")

        // The screenshot shows the window as it is: the focus ring moved to the second field.
        let path = try temporaryFolder() + "/host.png"
        try form.host.screenshot(to: path)
        let image = try CairoCanvas(contentsOfPNG: path)
        #expect(image.pixelWidth == 400 && image.pixelHeight == 300)
        #expect(try #require(image.color(atX: 20, y: 96)).isClose(to: .accent))
        #expect(try #require(image.color(atX: 20, y: 36)).isClose(to: .separator))
        #expect(!image.darkPixels(in: Rect(x: 22, y: 22, width: 100, height: 28)).isEmpty)
    }

    @Test("a double click counts 2, the wheel scrolls, a drag is reported")
    func pointer() throws {
        let form = try HostedForm()
        defer { form.stop() }
        try form.xdotool("mousemove", "200", "36", "click", "--repeat", "2", "--delay", "80", "1")
        try form.xdotool("click", "5")
        try form.xdotool("mousedown", "1", "mousemove", "220", "40", "mouseup", "1")
        try form.pump { form.events.filter { if case .pointer = $0 { true } else { false } }.count >= 8 }
        let pointer: [PointerEvent] = form.events.compactMap { if case .pointer(let p) = $0 { p } else { nil } }
        #expect(pointer.map(\.kind).prefix(4) == [.down, .up, .down, .up])
        #expect(pointer.prefix(4).map(\.clickCount) == [1, 1, 2, 2])
        #expect(pointer.contains { $0.kind == .scroll(dx: 0, dy: 1) })
        #expect(pointer.contains { $0.kind == .dragged && $0.location == Point(x: 220, y: 40) })
    }

    @Test("a keymap override decodes the server's keycodes with another layout")
    func germanOverride() throws {
        let context = try Context(options: .noEnvironmentNames)
        let german = try Keymap(context: context, names: RuleNames(layout: "de"))
        let form = try HostedForm(keymapOverride: german)
        defer { form.stop() }
        form.name.textInputTraits.smartQuotesType = .no  // the German Shift+2 types a straight quote
        // xdotool finds z, y, 2 and [ on the server's US keymap; the override reads those keys as German.
        try form.xdotool("key", "z", "y", "shift+2", "bracketleft")
        try form.pump { form.name.text.count == 4 }
        #expect(form.name.text == "yz\"ü")
        #expect(form.host.keyboard.keymap === german)
    }

    @Test("a held key repeats on the host's clock, not twice over with the server's repeats")
    func keyRepeat() throws {
        let form = try HostedForm()
        defer { form.stop() }
        #expect(form.host.usesDetectableAutoRepeat)
        try form.xdotool("keydown", "b")
        // Hold it for a second, pumping, then let go.
        let start = Date()
        while Date().timeIntervalSince(start) < 1.0 { try form.host.processEvents(timeout: 0.01) }
        try form.xdotool("keyup", "b")
        try form.pump(for: "the release of B") { form.events.contains(.key(Keycode(evdev: 48), .up)) }
        let count = form.name.text.filter { $0 == "b" }.count
        let settings = form.host.keyboard.repeatSettings
        // One press, then about (1 s − delay) × rate repeats. A busy machine
        // may give fewer (a late clock sends one repeat, not a burst); the
        // server's repeats on top would give about twice as many.
        let expected = 1 + (1.0 - settings.delay) * settings.rate
        #expect(count >= 2, "the held key did not repeat")
        #expect(Double(count) <= expected + 6, "typed \(count) b: repeats were doubled")
        #expect(form.events.filter { $0 == .key(Keycode(evdev: 48), .down) }.count == 1)
        #expect(form.host.keyboard.repeatingKeycode == nil)
    }

    @Test(
        "a layout change on the server gives the keyboard the new keymap",
        .enabled(if: executablePath("setxkbmap") != nil, "setxkbmap is not installed (Debian package x11-xkb-utils)"))
    func followsLayoutChange() throws {
        let form = try HostedForm()
        defer { form.stop() }
        try #require(try form.server.run(["setxkbmap", "de"]) == 0)
        try form.pump { form.host.keyboard.keymap.layoutNames.first == "German" }
        #expect(form.events.contains(.keymapChanged))
        #expect(form.host.keyboard.keymap.layoutNames.first == "German")
        // xdotool finds z and ü on the server's German keymap: the keys US calls y and [.
        try form.xdotool("key", "z", "udiaeresis")
        try form.pump { form.name.text.count == 2 }
        #expect(form.name.text == "zü")
    }

    @Test("losing focus releases the keys held: nothing repeats, and the release is reported")
    func focusOutReleasesHeldKeys() throws {
        let form = try HostedForm()
        defer { form.stop() }
        let b = Keycode(evdev: 48)
        try form.xdotool("keydown", "b")
        defer { _ = try? form.server.run(["xdotool", "keyup", "b"]) }
        try form.pump { form.host.keyboard.isKeyDown(b) }
        try #require(form.host.keyboard.repeatingKeycode == b)
        // Another client's window takes the focus, and with it the server's repeats of b.
        try form.focusAnotherClientsWindow()
        try form.pump { form.events.contains(.focus(false)) }
        let released = try #require(form.events.firstIndex(of: .key(b, .up)))
        #expect(released < form.events.firstIndex(of: .focus(false))!)
        #expect(!form.host.keyboard.isKeyDown(b))
        #expect(form.host.keyboard.repeatingKeycode == nil)
        let typed = form.name.text
        try form.run(turns: 50)  // a second: longer than the repeat delay
        #expect(form.name.text == typed)
    }

    @Test("the host lays the window's text out with Pango in its font family, and its screenshots draw with it")
    func textThroughPango() throws {
        let form = try HostedForm()
        defer { form.stop() }
        let engine = try #require(form.window.textLayoutEngine as? PangoTextLayoutEngine)
        #expect(engine === form.host.textLayoutEngine && engine.fontFamily == "DejaVu Sans")
        form.host.fontFamily = "DejaVu Serif"
        let serif = try #require(form.window.textLayoutEngine as? PangoTextLayoutEngine)
        #expect(serif !== engine && serif.fontFamily == "DejaVu Serif")

        // Leading-aligned Arabic sits at the right of its label, as GTK aligns it.
        let label = Label(text: "أكتوبر", frame: Rect(x: 20, y: 150, width: 360, height: 40))
        form.window.addSubview(label)
        let folder = try TemporaryFolder()
        try form.host.screenshot(to: folder.path + "/shot.png")
        let shot = try CairoCanvas(contentsOfPNG: folder.path + "/shot.png")
        let inked = (20..<380).filter { x in
            (150..<190).contains { y in (shot.color(atX: x, y: y).map { $0.red + $0.green + $0.blue } ?? 3) < 1.5 }
        }
        #expect(try #require(inked.min()) > 200, "the Arabic label starts at x \(inked.min() ?? 0)")
    }

    @Test("WM_DELETE_WINDOW ends run()")
    func deleteWindow() throws {
        let form = try HostedForm()
        defer { form.stop() }
        // A second client plays the window manager.
        let manager = try XCBConnection(display: form.server.display)
        var message = xcb_client_message_event_t()
        message.response_type = UInt8(XCB_CLIENT_MESSAGE)
        message.format = 32
        message.window = form.host.windowID
        message.type = manager.atom("WM_PROTOCOLS")
        message.data.data32.0 = manager.atom("WM_DELETE_WINDOW")
        withUnsafeBytes(of: &message) { bytes in
            _ = xcb_send_event(
                manager.pointer, 0, form.host.windowID, 0, bytes.baseAddress!.assumingMemoryBound(to: CChar.self))
        }
        manager.flush()
        var turns = 0
        // Weak: the host keeps the closure, and the form keeps the host.
        form.host.afterEvent = { [weak host = form.host] event in
            turns += 1
            if turns > 1000 { host?.stop() }  // never loop forever if the message is lost
        }
        form.host.idleTimeout = 0.05
        let start = Date()
        try form.host.run()
        #expect(!form.host.isOpen)
        #expect(Date().timeIntervalSince(start) < 5)
    }

    @Test("the X server going away is an error, not a crash")
    func serverGone() throws {
        let form = try HostedForm()
        form.stop()
        let error = #expect(throws: HostError.self) {
            for _ in 0..<200 { try form.host.processEvents(timeout: 0.02) }
        }
        #expect(error?.code == .connectionLost)
        #expect(error?.message.contains(form.server.display) == true)
        #expect(!form.host.isOpen)
    }
}
