import Foundation
import KeymapTools
import TestSupport
import Testing
import XKB

/// `after TOKENS => …` and `shortcut TOKENS => …` lines: each passes on the
/// state it names and fails with expected against actual on its own line.
@Suite struct KeyStateAssertionTests {
    /// Runs a .keytest text with a new runner and returns its results.
    func run(_ text: String) throws -> [KeyTestResult] {
        let folder = try TemporaryFolder()
        return KeyTestRunner().run(file: try folder.write("state.keytest", text))
    }

    func parsed(_ line: String) -> Result<KeyTestStatement, KeyTestSyntaxError> {
        KeyTestParser.parse(line, folder: "/specs")[0].statement
    }

    // MARK: Parsing

    @Test func statesParseIntoWhatTheySay() throws {
        #expect(try parsed("after KEY_CAPSLOCK => leds are Caps Lock").get() == .state(tokens: ["KEY_CAPSLOCK"], expected: .leds(["Caps Lock"])))
        #expect(try parsed("after KEY_A => leds are none").get() == .state(tokens: ["KEY_A"], expected: .leds([])))
        #expect(try parsed("after a => group is 2 Russian").get() == .state(tokens: ["a"], expected: .group(number: 2, name: "Russian")))
        #expect(try parsed(#"after a => group is "English (US)""#).get() == .state(tokens: ["a"], expected: .group(number: nil, name: "English (US)")))
        #expect(try parsed("after KEY_CAPSLOCK => level of <AC01> is 2").get() == .state(tokens: ["KEY_CAPSLOCK"], expected: .level(key: "<AC01>", level: 2)))
        #expect(try parsed("after down:KEY_LEFTSHIFT => modifiers are Shift + Lock").get() == .state(tokens: ["down:KEY_LEFTSHIFT"], expected: .modifiers(.effective, ["Shift", "Lock"])))
        #expect(try parsed("after KEY_CAPSLOCK => locked modifiers are Lock").get() == .state(tokens: ["KEY_CAPSLOCK"], expected: .modifiers(.locked, ["Lock"])))
        #expect(try parsed("after down:KEY_LEFTSHIFT => consumed by a are Shift").get() == .state(tokens: ["down:KEY_LEFTSHIFT"], expected: .consumed(key: "a", ["Shift"])))
        #expect(try parsed("shortcut KEY_LEFTCTRL+<AB03> => Ctrl+c").get() == .shortcut(tokens: ["KEY_LEFTCTRL+<AB03>"], expected: Shortcut(modifiers: ["Ctrl"], key: Keysym(name: "c")!)))
        #expect(try parsed("shortcut KEY_LEFTCTRL+KEY_EQUAL => control+shift++").get() == .shortcut(tokens: ["KEY_LEFTCTRL+KEY_EQUAL"], expected: Shortcut(modifiers: ["Ctrl", "Shift"], key: Keysym(name: "plus")!)))
    }

    @Test(arguments: [
        ("group is 2", "state is asserted after keys: write after TOKENS => group is 2"),
        ("leds are Caps Lock", "state is asserted after keys: write after TOKENS => leds are Caps Lock"),
        ("after KEY_A group is 2", #"after needs "=>" and the expected result"#),
        ("after KEY_A => gruop is 2", #"unknown state "gruop"; did you mean group?"#),
        ("after KEY_A => level of a is zero", "levels count from 1: level of a is zero"),
        ("after KEY_A => level a 2", "write level of KEY is N, as in level of <AC01> is 2"),
        ("after KEY_A => group is 0", "groups count from 1: group is 0"),
        ("after KEY_A => modifiers Shift", #"expected "is" or "are""#),
        ("shortcut KEY_A => Hyper+a", #"unknown shortcut modifier "Hyper"; did you mean "Super"?"#),
        ("shortcut KEY_A => Ctrl+nosuchkey", #"unknown key "nosuchkey""#),
    ])
    func badStateLinesAreSyntaxErrorsWithAHint(line: String, message: String) {
        guard case .failure(let error) = parsed(line) else {
            Issue.record("\(line) parsed")
            return
        }
        #expect(error.message.contains(message), "\(error.message)")
    }

    // MARK: Running

    @Test func eachKindOfStatePassesWhenItHolds() throws {
        let results = try run(
            """
            keymap layout=us,ru options=grp:alt_shift_toggle
            after KEY_A => group is 1
            after KEY_LEFTSHIFT+KEY_LEFTALT => group is 2 Russian
            after KEY_LEFTSHIFT+KEY_LEFTALT => leds are Group 2
            after KEY_CAPSLOCK => leds are caps lock
            after KEY_CAPSLOCK => level of <AC01> is 2
            after KEY_CAPSLOCK => level of KEY_1 is 1
            after KEY_CAPSLOCK down:KEY_LEFTSHIFT => modifiers are Shift+Lock
            after KEY_CAPSLOCK down:KEY_LEFTSHIFT => depressed modifiers are Shift
            after KEY_CAPSLOCK down:KEY_LEFTSHIFT => locked modifiers are Lock
            after down:KEY_LEFTSHIFT => consumed by a are Shift
            after down:KEY_LEFTCTRL => consumed by a are none
            after down:KEY_LEFTCTRL => modifiers are Ctrl
            shortcut KEY_LEFTCTRL+KEY_C => Ctrl+c
            shortcut KEY_LEFTSHIFT+KEY_LEFTALT KEY_LEFTCTRL+KEY_C => Ctrl+c
            shortcut KEY_LEFTSHIFT+KEY_LEFTALT KEY_LEFTCTRL+KEY_LEFTSHIFT+KEY_C => Ctrl+Shift+C
            """)
        #expect(results.count == 15)
        #expect(results.allSatisfy { $0.passed }, "\(results.filter { !$0.passed }.map { "\($0.line): \($0.failure!)" })")
    }

    @Test func eachKindOfStateFailsWithExpectedAgainstActualOnItsLine() throws {
        let results = try run(
            """
            keymap layout=us,ru options=grp:alt_shift_toggle
            # the wrong answer on every line
            after KEY_A => group is 2
            after KEY_LEFTSHIFT+KEY_LEFTALT => group is English (US)
            after KEY_A => leds are Caps Lock
            after KEY_CAPSLOCK => level of <AC01> is 1
            after down:KEY_LEFTSHIFT => modifiers are Lock
            after KEY_CAPSLOCK => latched modifiers are Lock
            after down:KEY_LEFTSHIFT => consumed by a are none
            shortcut KEY_LEFTSHIFT+KEY_LEFTALT KEY_LEFTCTRL+KEY_C => Ctrl+Cyrillic_es
            after KEY_A => leds are Caps
            after KEY_A => group is Rusian
            after KEY_A => modifiers are Hyperr
            after KEY_A => level of KEY_NOPE is 1
            """)
        #expect(results.map(\.line) == Array(3...14))
        let failures = results.map { $0.failure ?? "(passed)" }
        #expect(failures[0] == "expected group 2, got group 1 English (US)")
        #expect(failures[1] == "expected group English (US), got group 2 Russian")
        #expect(failures[2] == "expected LEDs Caps Lock, got none")
        #expect(failures[3] == "expected <AC01> at level 1, got level 2")
        #expect(failures[4] == "expected modifiers Lock, got Shift")
        #expect(failures[5] == "expected latched modifiers Lock, got none")
        #expect(failures[6] == "expected a to consume none, got Shift")
        #expect(failures[7] == "expected shortcut Ctrl+с, got Ctrl+c")
        #expect(failures[8].hasPrefix(#"the keymap has no LED "Caps"; did you mean "Caps Lock""#), "\(failures[8])")
        #expect(failures[9].hasPrefix(#"the keymap has no group named "Rusian"; did you mean "Russian"?"#), "\(failures[9])")
        #expect(failures[10].hasPrefix(#"unknown modifier "Hyperr""#), "\(failures[10])")
        #expect(failures[11].contains(#"unknown key name "KEY_NOPE""#), "\(failures[11])")
    }

    /// The toolkit's Latin fallback needs a Latin layout in the keymap: on ru
    /// alone Ctrl+С stays Ctrl+с; with us,ru it is Ctrl+c.
    @Test func shortcutsFallBackToTheFirstLatinLayout() throws {
        let results = try run(
            """
            keymap layout=ru
            shortcut KEY_LEFTCTRL+<AB03> => Ctrl+Cyrillic_es
            keymap layout=us,ru options=grp:alt_shift_toggle
            shortcut KEY_LEFTSHIFT+KEY_LEFTALT KEY_LEFTCTRL+<AB03> => Ctrl+c
            keymap layout=de
            shortcut KEY_LEFTCTRL+KEY_Y => Ctrl+z
            shortcut KEY_RIGHTALT+KEY_Q => at
            """)
        #expect(results.allSatisfy { $0.passed }, "\(results.compactMap(\.failure))")
    }
}
