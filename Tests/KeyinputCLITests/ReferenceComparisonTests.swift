import Foundation
import Testing

// `keyinput type --json` against Tests/Reference/xkb-reference.c, a small C
// program written directly on libxkbcommon that turns key events into text by
// the same rules: keysyms and text are read before a press changes the state;
// dead keys and Compose sequences swallow keys until they compose; BackSpace
// deletes, Return inserts "\n", control characters insert nothing. Both get the
// same random key sequences (fixed seeds) on many layouts, variants, options
// and keymap files, with compose on and off; every event and the final text must agree.

/// A seedable generator (SplitMix64): the same seed gives the same sequence on
/// every machine and Swift version, which `SystemRandomNumberGenerator` cannot.
struct SplitMix64 {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in `0..<bound`. Plain modulo, so the result does not depend on
    /// how the standard library maps random bits to ranges.
    mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }

    /// One element of a non-empty array.
    mutating func pick<T>(_ items: [T]) -> T { items[below(items.count)] }

    /// True with probability `percent` / 100.
    mutating func chance(_ percent: Int) -> Bool { below(100) < percent }
}

/// FNV-1a, to turn a case's name into a stable seed (`Hasher` is seeded per run).
func stableHash(_ text: String) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in text.utf8 {
        hash ^= UInt64(byte)
        hash = hash &* 0x0000_0100_0000_01B3
    }
    return hash
}

/// The keys the sequences are made of: evdev names and codes, written out here
/// from linux/input-event-codes.h so the test does not rely on the code under test.
enum Keys {
    static let letters: [(String, Int)] = [
        ("KEY_Q", 16), ("KEY_W", 17), ("KEY_E", 18), ("KEY_R", 19), ("KEY_T", 20), ("KEY_Y", 21), ("KEY_U", 22),
        ("KEY_I", 23), ("KEY_O", 24), ("KEY_P", 25), ("KEY_A", 30), ("KEY_S", 31), ("KEY_D", 32), ("KEY_F", 33),
        ("KEY_G", 34), ("KEY_H", 35), ("KEY_J", 36), ("KEY_K", 37), ("KEY_L", 38), ("KEY_Z", 44), ("KEY_X", 45),
        ("KEY_C", 46), ("KEY_V", 47), ("KEY_B", 48), ("KEY_N", 49), ("KEY_M", 50),
    ]
    static let digits: [(String, Int)] = [
        ("KEY_1", 2), ("KEY_2", 3), ("KEY_3", 4), ("KEY_4", 5), ("KEY_5", 6), ("KEY_6", 7), ("KEY_7", 8),
        ("KEY_8", 9), ("KEY_9", 10), ("KEY_0", 11),
    ]
    /// Punctuation keys; most layouts put their dead keys on these.
    static let punctuation: [(String, Int)] = [
        ("KEY_MINUS", 12), ("KEY_EQUAL", 13), ("KEY_LEFTBRACE", 26), ("KEY_RIGHTBRACE", 27),
        ("KEY_SEMICOLON", 39), ("KEY_APOSTROPHE", 40), ("KEY_GRAVE", 41), ("KEY_BACKSLASH", 43),
        ("KEY_COMMA", 51), ("KEY_DOT", 52), ("KEY_SLASH", 53), ("KEY_102ND", 86), ("KEY_SPACE", 57),
    ]
    static let shifts: [(String, Int)] = [("KEY_LEFTSHIFT", 42), ("KEY_RIGHTSHIFT", 54)]
    static let altGr = ("KEY_RIGHTALT", 100)
    static let ctrls: [(String, Int)] = [("KEY_LEFTCTRL", 29), ("KEY_RIGHTCTRL", 97)]
    static let capsLock = ("KEY_CAPSLOCK", 58)
    static let backspace = ("KEY_BACKSPACE", 14)
    static let enters: [(String, Int)] = [("KEY_ENTER", 28), ("KEY_KPENTER", 96)]
    /// Other keys: more modifiers, keys whose text is a control character,
    /// the keypad, and the Compose (Menu) key.
    static let others: [(String, Int)] = [
        ("KEY_LEFTALT", 56), ("KEY_LEFTMETA", 125), ("KEY_TAB", 15), ("KEY_ESC", 1), ("KEY_DELETE", 111),
        ("KEY_COMPOSE", 127), ("KEY_NUMLOCK", 69), ("KEY_KP1", 79), ("KEY_KP5", 76), ("KEY_KPDOT", 83),
        ("KEY_KPSLASH", 98), ("KEY_KPMINUS", 74), ("KEY_LEFT", 105), ("KEY_HOME", 102), ("KEY_F1", 59),
        ("KEY_VOLUMEUP", 115), ("KEY_INSERT", 110),
    ]

    static let typing = letters + digits + punctuation
    static let modifiers = shifts + [altGr] + ctrls + [capsLock, ("KEY_LEFTALT", 56)]
    static let all = typing + modifiers + [backspace] + enters + others
}

/// One key event, as both programs report it.
struct ObservedEvent: Equatable, CustomStringConvertible {
    var key: String?
    var keycode: Int
    var direction: String
    var keysyms: [Int]
    var text: [Unicode.Scalar]
    var action: String

    var description: String {
        let keysymList = keysyms.map { "0x" + String($0, radix: 16) }.joined(separator: ",")
        let shown = String(String.UnicodeScalarView(text)).debugDescription
        return "\(direction) \(key ?? "?")(\(keycode)) keysyms [\(keysymList)] text \(shown) \(action)"
    }
}

/// A random key sequence: `keyinput` tokens and the events they stand for.
struct KeySequence {
    var tokens: [String] = []
    /// For each event: the evdev name, code, and d/u/r.
    var events: [(name: String, code: Int, kind: Character)] = []
    /// For each event, the index of the token it came from.
    var tokenOfEvent: [Int] = []

    mutating func add(token: String, events newEvents: [(String, Int, Character)]) {
        for event in newEvents {
            events.append((event.0, event.1, event.2))
            tokenOfEvent.append(tokens.count)
        }
        tokens.append(token)
    }

    /// A press of each key in order, then releases in reverse.
    mutating func chord(_ keys: [(String, Int)]) {
        add(
            token: keys.map(\.0).joined(separator: "+"),
            events: keys.map { ($0.0, $0.1, "d") } + keys.reversed().map { ($0.0, $0.1, "u") })
    }

    mutating func single(_ key: (String, Int), _ kind: Character) {
        let prefix = kind == "d" ? "down:" : kind == "u" ? "up:" : "repeat:"
        add(token: prefix + key.0, events: [(key.0, key.1, kind)])
    }

    /// The reference's input: `d30 u30 …`.
    var referenceInput: String { events.map { "\($0.kind)\($0.code)" }.joined(separator: " ") + "\n" }

    /// Random typing: taps, chords with Shift/AltGr/Ctrl, Caps Lock, BackSpace,
    /// Return, keys held down across other keys and released in any order,
    /// releases of keys that are not down, repeats of held and unheld keys.
    static func random(tokenCount: Int, using random: inout SplitMix64) -> KeySequence {
        var sequence = KeySequence()
        var held: [(String, Int)] = []
        while sequence.tokens.count < tokenCount {
            let roll = random.below(100)
            switch roll {
            case 0..<32:
                sequence.chord([random.pick(Keys.typing)])
            case 32..<44:
                sequence.chord([random.pick(Keys.shifts), random.pick(Keys.typing)])
            case 44..<51:
                sequence.chord([Keys.altGr, random.pick(Keys.typing)])
            case 51..<54:
                sequence.chord([Keys.altGr, random.pick(Keys.shifts), random.pick(Keys.typing)])
            case 54..<58:
                sequence.chord([random.pick(Keys.ctrls), random.pick(Keys.typing)])
            case 58..<62:
                sequence.chord([Keys.capsLock])
            case 62..<67:
                sequence.chord([Keys.backspace])
            case 67..<70:
                sequence.chord([random.pick(Keys.enters)])
            case 70..<79:
                // Hold a key (usually a modifier) down across what follows.
                let key = random.chance(60) ? random.pick(Keys.modifiers) : random.pick(Keys.all)
                sequence.single(key, "d")
                held.append(key)
            case 79..<87:
                // Release a held key in any order, or a key that is not down at all.
                if !held.isEmpty && random.chance(75) {
                    let index = random.below(held.count)
                    sequence.single(held.remove(at: index), "u")
                } else {
                    sequence.single(random.pick(Keys.all), "u")
                }
            case 87..<93:
                let key = !held.isEmpty && random.chance(60) ? random.pick(held) : random.pick(Keys.all)
                for _ in 0..<(1 + random.below(3)) { sequence.single(key, "r") }
            case 93..<97:
                sequence.chord([random.pick(Keys.others)])
            default:
                let count = 2 + random.below(2)
                sequence.chord((0..<count).map { _ in random.pick(Keys.all) })
            }
        }
        if random.chance(50) {
            for key in held.reversed() { sequence.single(key, "u") }
        }
        return sequence
    }
}

/// A keymap and compose setting to compare on.
struct ReferenceCase: Sendable, CustomTestStringConvertible {
    var layout: String?
    var variant: String?
    var options: String?
    /// A keymap file, relative to the package root, instead of names.
    var keymapFile: String?
    /// A keymap written to a temporary file, instead of names.
    var keymapText: String?
    /// The text of `symbols/kitest` in a folder given with `--include`; the case
    /// then uses layout `kitest`, found there through the system's rules.
    var includedSymbols: String?
    /// The compose locale, or `nil` for compose off.
    var compose: String?

    var keymapArguments: [String] {
        var arguments: [String] = []
        if let layout { arguments += ["--layout", layout] }
        if let variant { arguments += ["--variant", variant] }
        if let options { arguments += ["--options", options] }
        return arguments
    }

    var composeArguments: [String] { compose.map { ["--compose", $0] } ?? ["--no-compose"] }

    var testDescription: String {
        var name = keymapFile ?? (keymapText != nil ? "custom keymap" : layout ?? "default")
        if includedSymbols != nil { name += " from --include" }
        if let variant { name += "(\(variant))" }
        if let options { name += " options=\(options)" }
        return name + (compose.map { " compose=\($0)" } ?? " no-compose")
    }

    /// Compose with en_US.UTF-8's table, and compose off.
    static let composeSettings: [String?] = ["en_US.UTF-8", nil]

    static func names(_ layout: String, _ variant: String? = nil, options: String? = nil) -> [ReferenceCase] {
        composeSettings.map { ReferenceCase(layout: layout, variant: variant, options: options, compose: $0) }
    }

    static let all: [ReferenceCase] = {
        var cases: [ReferenceCase] = []
        let layouts: [(String, String?)] = [
            ("us", nil), ("de", nil), ("fr", nil), ("ru", nil), ("gr", nil), ("il", nil), ("ara", nil), ("cz", nil),
            ("us", "intl"), ("us", "dvorak"), ("de", "nodeadkeys"), ("fr", "bepo"), ("ca", "multix"), ("in", "deva"),
            ("us", "altgr-intl"), ("us", "colemak"), ("gb", nil), ("es", nil), ("pt", nil), ("br", nil), ("it", nil),
            ("se", nil), ("no", nil), ("dk", nil), ("fi", nil), ("pl", nil), ("tr", nil), ("hu", nil), ("ro", nil),
            ("sk", nil), ("lt", nil), ("lv", nil), ("ee", nil), ("is", nil), ("ua", nil), ("bg", nil), ("rs", nil),
            ("ch", "fr"), ("be", nil), ("latam", nil), ("de", "neo"), ("fr", "oss"), ("gr", "polytonic"), ("ir", nil),
            ("am", nil), ("ge", nil), ("th", nil), ("vn", nil), ("jp", nil), ("kr", nil), ("epo", nil), ("ca", nil),
        ]
        for (layout, variant) in layouts { cases += names(layout, variant) }
        cases += names("us", options: "ctrl:nocaps")
        cases += names("us", options: "compose:ralt")
        cases += names("de", options: "compose:ralt,ctrl:nocaps")
        cases += names("us", "intl", options: "compose:caps")
        cases += names("us", options: "caps:swapescape")
        cases += names("fr", options: "caps:shiftlock")
        cases += names("us", options: "shift:both_capslock")
        cases += names("de", options: "lv3:ralt_alt")
        cases += names("us,ru", options: "grp:alt_shift_toggle")
        cases += names("us,gr", options: "grp:caps_toggle,grp_led:caps")
        cases += names("de,us,ru", options: "grp:ctrl_shift_toggle,compose:menu")
        cases += names("us", options: "lv3:ralt_switch,esperanto:qwerty")
        // Other locales' compose tables.
        for (layout, variant, locale) in [
            ("gr", "polytonic", "el_GR.UTF-8"), ("br", nil, "pt_BR.UTF-8"), ("pt", nil, "pt_PT.UTF-8"),
            ("cz", nil, "cs_CZ.UTF-8"), ("fi", nil, "fi_FI.UTF-8"), ("ru", nil, "ru_RU.UTF-8"),
            ("et", nil, "am_ET.UTF-8"), ("us", "intl", "pt_BR.UTF-8"),
        ] as [(String, String?, String)] {
            cases.append(ReferenceCase(layout: layout, variant: variant, options: "compose:ralt", compose: locale))
        }
        // The project's own keymaps, whatever keymaps/ holds.
        let keymaps = (packageRoot as NSString).appendingPathComponent("keymaps")
        let files = ((try? FileManager.default.contentsOfDirectory(atPath: keymaps)) ?? [])
            .filter { $0.hasSuffix(".xkb") }.sorted().map { "keymaps/" + $0 }
        for file in files {
            cases += composeSettings.map { ReferenceCase(keymapFile: file, compose: $0) }
        }
        cases += composeSettings.map { ReferenceCase(keymapText: multiKeysymKeymap, compose: $0) }
        cases += composeSettings.map { ReferenceCase(layout: "kitest", includedSymbols: includedLayout, compose: $0) }
        return cases
    }()

    /// Levels with several keysyms (reported with all of them, not only the first), a key with nothing on
    /// level 1, BackSpace and Return among several keysyms, a dead key in a list.
    static let multiKeysymKeymap = """
        xkb_keymap {
            xkb_keycodes { include "evdev+aliases(qwerty)" };
            xkb_types { include "complete" };
            xkb_compat { include "complete" };
            xkb_symbols {
                include "pc+us+inet(evdev)+level3(ralt_switch)"
                key <AC01> { [ { a, b }, { A, B } ] };
                key <AC02> { [ { s, dead_acute }, S ] };
                key <AC03> { [ NoSymbol, D ] };
                key <AC04> { [ { BackSpace, f }, F ] };
                key <AC05> { [ { Return, g }, G ] };
                key <AD01> { [ q, Q, { U00E9, U0301 }, dead_grave ] };
                key <AD02> { [ { w, w }, W, { Cyrillic_a, Cyrillic_be, Cyrillic_ve } ] };
                key <AC06> { [ UD800, U10FFFF, { UDFFF, a }, { h, U0007 } ] };
            };
        };
        """

    /// A layout of our own, found through `--include` and the system's rules.
    static let includedLayout = """
        default partial alphanumeric_keys
        xkb_symbols "basic" {
            include "us(basic)"
            name[Group1] = "KeyInputKit test";
            key <AC01> { [ { a, b }, A ] };
            key <AD01> { [ dead_acute, dead_grave, q, Q ] };
            key <AD02> { [ Multi_key, W ] };
            key <AB01> { [ z, Z, ISO_Level3_Latch, ISO_Level3_Lock ] };
            key <AB02> { [ x, X, ISO_Level2_Latch ] };
            include "level3(ralt_switch)"
        };
        """
}

/// The reference program, compiled once per test run.
enum Reference {
    static let compiler: String? = ProcessRunner.findInPath("cc") ?? ProcessRunner.findInPath("clang")

    static let source: String = (packageRoot as NSString).appendingPathComponent("Tests/Reference/xkb-reference.c")

    struct BuildError: Error, CustomStringConvertible, Sendable {
        var description: String
    }

    /// The path of the compiled reference.
    static let built: Result<String, BuildError> = build()

    private static func build() -> Result<String, BuildError> {
        guard let compiler else { return .failure(BuildError(description: "no C compiler (cc or clang) on PATH")) }
        do {
            var flags = ["-lxkbcommon"]
            if let pkgConfig = ProcessRunner.findInPath("pkg-config") {
                let result = try ProcessRunner.run(pkgConfig, ["--cflags", "--libs", "xkbcommon"])
                if result.status == 0 {
                    flags = result.stdout.split(whereSeparator: \.isWhitespace).map(String.init)
                }
            }
            // One binary per version of the source, compiler and flags, reused by
            // later runs; built under a unique name and renamed into place, so
            // test processes running side by side never see half a file.
            let sourceText = try String(contentsOfFile: source, encoding: .utf8)
            let version = String(stableHash(([compiler, sourceText] + flags).joined(separator: "\u{0}")), radix: 16)
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("keyinput-xkb-reference")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let output = folder.appendingPathComponent("xkb-reference-\(version)").path
            if FileManager.default.isExecutableFile(atPath: output) { return .success(output) }
            let partial = output + ".\(UUID().uuidString)"
            let result = try ProcessRunner.run(
                compiler, ["-std=c99", "-O1", "-Wall", "-o", partial, source] + flags)
            guard result.status == 0 else {
                try? FileManager.default.removeItem(atPath: partial)
                return .failure(BuildError(description: "\(compiler) could not build \(source):\n\(result)"))
            }
            guard rename(partial, output) == 0 else {
                try? FileManager.default.removeItem(atPath: partial)
                return .failure(BuildError(description: "could not move the reference into \(output)"))
            }
            return .success(output)
        } catch {
            return .failure(BuildError(description: "building \(source) failed: \(error)"))
        }
    }

    static func path() throws -> String {
        switch built {
        case .success(let path): return path
        case .failure(let error): throw error
        }
    }
}

/// Reads `{"text": …, "events": [...]}` from either program.
func parseTypeOutput(_ data: Data, program: String) throws -> (text: String, events: [ObservedEvent]) {
    struct BadOutput: Error, CustomStringConvertible {
        var description: String
    }
    let object = try JSONSerialization.jsonObject(with: data)
    guard let root = object as? [String: Any], let text = root["text"] as? String,
        let events = root["events"] as? [[String: Any]]
    else {
        throw BadOutput(description: "\(program): not {\"text\", \"events\"}: \(String(decoding: data.prefix(500), as: UTF8.self))")
    }
    let parsed = try events.map { event -> ObservedEvent in
        guard let keycode = (event["keycode"] as? NSNumber)?.intValue, let direction = event["direction"] as? String,
            let keysyms = event["keysyms"] as? [Any], let text = event["text"] as? String,
            let action = event["action"] as? String
        else { throw BadOutput(description: "\(program): an event lacks a field: \(event)") }
        return ObservedEvent(
            key: event["key"] as? String, keycode: keycode, direction: direction,
            keysyms: keysyms.compactMap { ($0 as? NSNumber)?.intValue }, text: Array(text.unicodeScalars),
            action: action)
    }
    return (text, parsed)
}

@Suite struct ReferenceComparisonTests {
    static let tokensPerCase = Int(ProcessInfo.processInfo.environment["KEYINPUT_REFERENCE_TOKENS"] ?? "") ?? 500
    static let baseSeed = UInt64(ProcessInfo.processInfo.environment["KEYINPUT_REFERENCE_SEED"] ?? "") ?? 0x4B45_5949_4E50_5554

    /// Runs both programs on one sequence and returns what differs, or nothing.
    func compare(_ testCase: ReferenceCase, _ sequence: KeySequence, folder: ScratchFolder) throws -> [String] {
        var keymap = testCase.keymapArguments
        if let file = testCase.keymapFile {
            keymap = ["--keymap", (packageRoot as NSString).appendingPathComponent(file)]
        } else if let text = testCase.keymapText {
            keymap = ["--keymap", try folder.write("custom.xkb", text)]
        } else if let symbols = testCase.includedSymbols {
            let xkb = (folder.path as NSString).appendingPathComponent("xkb")
            try FileManager.default.createDirectory(
                atPath: (xkb as NSString).appendingPathComponent("symbols"), withIntermediateDirectories: true)
            try folder.write("xkb/symbols/kitest", symbols)
            keymap = ["--include", xkb] + keymap
        }
        let tokenFile = try folder.write("tokens.txt", sequence.tokens.joined(separator: "\n") + "\n")

        let reference = try ProcessRunner.run(
            try Reference.path(), keymap + testCase.composeArguments, stdin: Data(sequence.referenceInput.utf8))
        try #require(reference.status == 0, "the reference failed: \(reference)")
        let keyinput = try Keyinput.run(
            ["type", "--json"] + keymap + testCase.composeArguments + ["--input", tokenFile])
        try #require(keyinput.status == 0, "keyinput type failed: \(keyinput)")

        let expected = try parseTypeOutput(reference.stdoutData, program: "reference")
        let actual = try parseTypeOutput(keyinput.stdoutData, program: "keyinput")
        var problems: [String] = []
        if expected.events.count != actual.events.count {
            problems.append("reference reports \(expected.events.count) events, keyinput \(actual.events.count)")
        }
        for index in 0..<min(expected.events.count, actual.events.count) {
            var want = expected.events[index]
            want.key = sequence.events[index].name
            let got = actual.events[index]
            guard want != got else { continue }
            let token = sequence.tokenOfEvent[index]
            let context = sequence.tokens[max(0, token - 12)...token].joined(separator: " ")
            problems.append(
                """
                event \(index) (token \(token + 1) "\(sequence.tokens[token])"):
                  reference: \(want)
                  keyinput:  \(got)
                  tokens before it: \(context)
                """)
            if problems.count >= 5 { break }
        }
        let want = Array(expected.text.unicodeScalars)
        let got = Array(actual.text.unicodeScalars)
        if want != got {
            let same = zip(want, got).prefix { $0 == $1 }.count
            func around(_ scalars: [Unicode.Scalar]) -> String {
                String(String.UnicodeScalarView(scalars[max(0, same - 10)..<min(scalars.count, same + 20)]))
                    .debugDescription
            }
            problems.append(
                """
                final text (\(want.count) and \(got.count) scalars) differs from scalar \(same) on: \
                reference …\(around(want)), keyinput …\(around(got))
                """)
        }
        return problems
    }

    @Test(
        "keyinput type --json agrees with the C reference",
        .enabled(if: Reference.compiler != nil, "no C compiler (cc or clang) on PATH: the reference cannot be built"),
        arguments: ReferenceCase.all)
    func agreesWithReference(_ testCase: ReferenceCase) throws {
        let seed = Self.baseSeed ^ stableHash(testCase.testDescription)
        var random = SplitMix64(seed: seed)
        let sequence = KeySequence.random(tokenCount: Self.tokensPerCase, using: &random)
        let folder = try ScratchFolder()
        let problems = try compare(testCase, sequence, folder: folder)
        if !problems.isEmpty {
            Issue.record(
                """
                keyinput and the reference disagree on \(testCase.testDescription) \
                (seed 0x\(String(seed, radix: 16)), \(sequence.tokens.count) tokens):
                \(problems.joined(separator: "\n"))
                """)
        }
    }

    /// The reference itself, on sequences whose answer is known: it must be
    /// right before it can judge anything.
    @Test(.enabled(if: Reference.compiler != nil, "no C compiler (cc or clang) on PATH: the reference cannot be built"))
    func referenceTypesKnownText() throws {
        let reference = try Reference.path()
        // German: dead acute then e, Y is z, Ctrl+A nothing, BackSpace, Return, KP_Enter, Caps Lock.
        let result = try ProcessRunner.run(
            reference, ["--layout", "de", "--compose", "en_US.UTF-8"],
            stdin: Data("d13 u13 d18 u18 d21 u21 d29 d30 u30 u29 d16 u16 d14 u14 d28 u28 d96 u96 d58 u58 d30 u30 r30".utf8))
        try #require(result.status == 0, "\(result)")
        let parsed = try parseTypeOutput(result.stdoutData, program: "reference")
        #expect(parsed.text == "éz\n\nAA")
        #expect(parsed.events.map(\.action).prefix(4) == ["composing", "none", "insertText", "none"])
        #expect(parsed.events[0].keysyms == [0xFE51])  // dead_acute
        #expect(parsed.events[7].keysyms == [0x61] && parsed.events[7].action == "none")  // Ctrl+A
        #expect(parsed.events.last?.direction == "repeat")
        // Caps Lock: one_sym gives A, and the repeat is looked up like a press.
        #expect(parsed.events.last?.keysyms == [0x41])
    }

    /// The same sequence gives the same tokens every time (the seed is the test).
    @Test func sequencesAreReproducible() {
        var first = SplitMix64(seed: 42)
        var second = SplitMix64(seed: 42)
        #expect(
            KeySequence.random(tokenCount: 200, using: &first).tokens
                == KeySequence.random(tokenCount: 200, using: &second).tokens)
        var known = SplitMix64(seed: 0)
        // SplitMix64's published first output for seed 0.
        #expect(known.next() == 0xE220_A839_7B1D_CDAF)
    }
}
