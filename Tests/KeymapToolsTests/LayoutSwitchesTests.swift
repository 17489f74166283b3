import KeymapTools
import TestSupport
import Testing
import XKB

@Suite struct LayoutSwitchesTests {
    func keymap(_ layout: String, options: String? = nil) throws -> Keymap {
        try XKBFixtures.keymap(layout: layout, options: options)
    }

    /// Types `tokens` then `key` on a fresh decoder: what the user gets by following the route.
    func typed(_ tokens: String, then key: String, on keymap: Keymap) throws -> String {
        let parser = KeyTokenParser(keymap: keymap)
        let decoder = KeyEventDecoder(keymap: keymap)
        var buffer = TextBuffer()
        for token in try parser.parse(tokensIn: tokens + " " + key) {
            for event in token.events { buffer.apply(decoder.decode(event).action) }
        }
        return buffer.text
    }

    @Test func altShiftToggleIsTheWayToTheSecondLayout() throws {
        let keymap = try keymap("us,ru", options: "grp:alt_shift_toggle")
        let route = try #require(LayoutSwitches(keymap: keymap).route(to: 1))
        #expect(route.hasPrefix("press "))
        #expect(route.contains("KEY_LEFTALT") && route.contains("KEY_LEFTSHIFT"), "\(route)")
        // Following it really switches: KEY_SEMICOLON then types ж.
        #expect(try typed(String(route.dropFirst("press ".count)), then: "KEY_SEMICOLON", on: keymap) == "ж")
    }

    @Test func theThirdLayoutTakesTheToggleTwice() throws {
        let keymap = try keymap("us,ru,de", options: "grp:alt_shift_toggle")
        let route = try #require(LayoutSwitches(keymap: keymap).route(to: 2))
        let chords = route.dropFirst("press ".count).split(separator: " ")
        #expect(chords.count == 2, "\(route)")
        #expect(try typed(String(route.dropFirst("press ".count)), then: "KEY_Y", on: keymap) == "z")
    }

    @Test func aSwitchHeldDownIsSaidToBeHeld() throws {
        let keymap = try keymap("us,ru", options: "grp:switch")
        #expect(LayoutSwitches(keymap: keymap).route(to: 1) == "hold KEY_RIGHTALT")
    }

    @Test func withoutAnOptionOnlyTheRareLayoutKeySwitchesAndTheRouteSaysSo() throws {
        let route = try #require(LayoutSwitches(keymap: try keymap("us,ru")).route(to: 1))
        #expect(route.hasPrefix("press KEY_KBD_LAYOUT_NEXT"), "\(route)")
        #expect(route.contains("grp:alt_shift_toggle"))
    }

    @Test func aKeymapOfOneLayoutHasNoSwitches() throws {
        #expect(LayoutSwitches(keymap: try keymap("fr")).switches.isEmpty)
    }
}
