import KeymapTools
import TestSupport
import Testing
import XKB

@Suite struct HowToTypeReportTests {
    func report(_ text: String, layout: String) throws -> HowToTypeReport {
        HowToTypeReport(text: text, guide: TypingGuide(keymap: try XKBFixtures.keymap(layout: layout)))
    }

    @Test func eachCharacterIsListedOnceInTheOrderItFirstAppears() throws {
        let report = try report("abab", layout: "us")
        #expect(report.entries.map(\.character) == ["a", "b"])
    }

    @Test func aCharacterWithNoWayIsCountedAsUntypeable() throws {
        let report = try report("aał", layout: "us")
        #expect(report.untypeableCount == 1)
        #expect(
            report.text() == """
                "a" U+0061
                  key      KEY_A                                   a
                "ł" U+0142
                  cannot be typed on this keymap

                """)
    }

    @Test func withSeveralLayoutsEachWaySaysWhichLayoutItUses() throws {
        let report = try report("ä ", layout: "us,de")
        #expect(
            report.text() == """
                "ä" U+00E4
                  key      KEY_APOSTROPHE                          adiaeresis  in layout 2 (German), reached with: press KEY_KBD_LAYOUT_NEXT (a key few keyboards have; an option such as grp:alt_shift_toggle adds a common one)
                " " U+0020
                  key      KEY_SPACE                               space  in layout 1 (English (US))

                """)
    }

    @Test func aWayInAnotherLayoutSaysHowToReachItWithTheOptionsInForce() throws {
        let keymap = try XKBFixtures.keymap(layout: "us,ru", options: "grp:alt_shift_toggle")
        let report = HowToTypeReport(text: "ж", guide: TypingGuide(keymap: keymap))
        #expect(
            report.text() == """
                "ж" U+0436
                  key      KEY_SEMICOLON                           Cyrillic_zhe  in layout 2 (Russian), reached with: press KEY_LEFTSHIFT+KEY_LEFTALT

                """)
    }

    @Test func controlCharactersAreShownEscaped() throws {
        let text = try report("\t", layout: "us").text()
        #expect(text.hasPrefix(#""\t" U+0009"#))
    }

    @Test func jsonListsEveryWayWithItsTokensKeysymsLayoutsAndLevels() throws {
        let report = try report("aAł", layout: "us")
        #expect(
            report.json() == """
                {"characters":[{"character":"a","codePoints":"U+0061","typeable":true,"methods":[{"kind":"key",\
                "tokens":["KEY_A"],"keysyms":["a"],"layouts":[0],"levels":[0]}]},{"character":"A","codePoints":\
                "U+0041","typeable":true,"methods":[{"kind":"key","tokens":["KEY_LEFTSHIFT+KEY_A"],"keysyms":["A"],\
                "layouts":[0],"levels":[1]},{"kind":"key","tokens":["KEY_CAPSLOCK","KEY_A"],"keysyms":["A"],"layouts":[0],\
                "levels":[0]}]},{"character":"ł","codePoints":"U+0142","typeable":false,"methods":[]}],\
                "untypeable":1,"layoutRoutes":{}}
                """)
    }
}
