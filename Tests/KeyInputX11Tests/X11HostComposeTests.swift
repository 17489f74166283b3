import KeyInputKit
import Testing
import TestSupport
import XKB

@testable import KeyInputX11

@Suite("X11 host compose", .serialized, .enabled(if: xvfbAvailable, "Xvfb and xdotool are not installed (scripts/install-deps.sh test installs them)"))
@MainActor
struct X11HostComposeTests {
    @Test("a host given no compose choice composes with the locale's table, as a keyboard does")
    func composeDefaultsToTheEnvironment() throws {
        let server = try XvfbServer()
        defer { server.stop() }
        let window = Window(size: Size(width: 100, height: 100))
        let host = try X11Host(window: window, display: server.display)
        #expect(host.keyboard.composeTable != nil)

        let off = try X11Host(window: Window(size: Size(width: 100, height: 100)), display: server.display, compose: .none)
        #expect(off.keyboard.composeTable == nil)
        // The older spelling: nil still means no compose.
        let none = try X11Host(window: Window(size: Size(width: 100, height: 100)), display: server.display, composeTable: nil)
        #expect(none.keyboard.composeTable == nil)
        let context = try Context(options: .noEnvironmentNames)
        let table = try ComposeTable(context: context, locale: "en_US.UTF-8")
        let given = try X11Host(window: Window(size: Size(width: 100, height: 100)), display: server.display, composeTable: table)
        #expect(given.keyboard.composeTable === table)
    }

    @Test("a dead key typed on the X server composes by default")
    func aDeadKeyComposesByDefault() throws {
        let context = try Context(options: .noEnvironmentNames)
        let intl = try Keymap(context: context, names: RuleNames(layout: "us", variant: "intl"))
        let form = try HostedForm(keymapOverride: intl)
        defer { form.stop() }
        // The server types with its US keymap; the host decodes with US international: ' is dead_acute.
        try form.xdotool("key", "--delay", "20", "apostrophe", "e")
        try form.pump { form.name.text == "é" }
        #expect(form.name.text == "é")
    }
}
