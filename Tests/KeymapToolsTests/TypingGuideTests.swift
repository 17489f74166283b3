import KeymapTools
import TestSupport
import Testing
import XKB

@Suite struct TypingGuideTests {
    func makeGuide(layout: String, variant: String? = nil, options: String? = nil, compose: Bool = false) throws
        -> TypingGuide
    {
        let context = try XKBFixtures.context()
        let keymap = try Keymap(context: context, names: RuleNames(layout: layout, variant: variant, options: options))
        return TypingGuide(keymap: keymap, composeTable: compose ? try XKBFixtures.composeTable(context: context) : nil)
    }

    /// Types a method's chords on a fresh decoder and returns the text.
    func typed(_ method: TypingMethod, on guide: TypingGuide) -> String {
        let decoder = KeyEventDecoder(keymap: guide.keymap, composeTable: guide.composeTable)
        var buffer = TextBuffer()
        for chord in method.chords {
            if chord.layout != decoder.state.layout {
                let locked = decoder.state.modifiers(.locked)
                decoder.state.updateMask(depressedModifiers: [], lockedModifiers: locked, lockedLayout: chord.layout)
            }
            for lock in chord.lockKeys {
                buffer.apply(decoder.decode(KeyEvent(lock, .down)).action)
                buffer.apply(decoder.decode(KeyEvent(lock, .up)).action)
            }
            let keys = chord.modifierKeys + [chord.key]
            for key in keys { buffer.apply(decoder.decode(KeyEvent(key, .down)).action) }
            for key in keys.reversed() { buffer.apply(decoder.decode(KeyEvent(key, .up)).action) }
        }
        return buffer.text
    }

    @Test func aPlainLetterIsOneKey() throws {
        let guide = try makeGuide(layout: "us")
        let method = try #require(guide.methods(for: "a").first)
        #expect(method.tokens == "KEY_A")
        #expect(method.chords.first?.modifierKeys == [])
        #expect(method.chords.first?.level == 0)
    }

    @Test func aCapitalIsShiftAndTheLetter() throws {
        let guide = try makeGuide(layout: "us")
        let method = try #require(guide.methods(for: "A").first)
        #expect(method.tokens == "KEY_LEFTSHIFT+KEY_A")
        #expect(method.chords.first?.modifiers == .shift)
        #expect(method.chords.first?.level == 1)
    }

    @Test func aCapitalThatShiftDoesNotGiveIsCapsLockThenTheKey() throws {
        // French AZERTY: é is on the 2 key, whose Shift level is the digit.
        let guide = try makeGuide(layout: "fr")
        let method = try #require(guide.methods(for: "É").first)
        #expect(method.tokens == "KEY_CAPSLOCK KEY_2")
        #expect(method.tokenList == ["KEY_CAPSLOCK", "KEY_2"])
        #expect(method.chords.first?.lockKeys == [key("KEY_CAPSLOCK")])
        #expect(method.chords.first?.modifierKeys == [])
        #expect(typed(method, on: guide) == "É")
        #expect(guide.methods(for: "2").first?.tokens == "KEY_LEFTSHIFT+KEY_2")
    }

    @Test func aLetterWithACombiningMarkIsTypedScalarByScalar() throws {
        // A key of our own types a combining acute accent on its own.
        let context = try XKBFixtures.context()
        let keymap = try Keymap(
            context: context, text: XKBFixtures.keymapText(extraSymbols: "override key <AC02> { [ U0301 ] };"))
        let guide = TypingGuide(keymap: keymap)
        let character: Character = "x\u{301}"
        let method = try #require(guide.methods(for: character).first)
        #expect(method.tokenList == ["KEY_X", "KEY_S"])
        #expect(Array(typed(method, on: guide).unicodeScalars) == ["x", "\u{301}"])
        // One scalar missing from the keymap: no method at all.
        #expect(guide.methods(for: "ф\u{301}").isEmpty)
    }

    /// On cd, é is e then a combining acute (KEY_E KEY_2); canonically that is é.
    @Test(arguments: ["\u{E9}", "e\u{301}"])
    func eAcuteOnCdIsFoundComposedOrDecomposed(query: String) throws {
        let guide = try makeGuide(layout: "cd")
        let methods = guide.methods(for: Character(query))
        #expect(methods.map(\.tokens) == ["KEY_E KEY_2"])
        let method = try #require(methods.first)
        #expect(typed(method, on: guide) == "é")
    }

    /// On fr, é has its own key, and the decomposed query finds it too.
    @Test(arguments: ["\u{E9}", "e\u{301}"])
    func eAcuteOnFrIsItsOwnKeyComposedOrDecomposed(query: String) throws {
        let guide = try makeGuide(layout: "fr")
        #expect(guide.methods(for: Character(query)).first?.tokens == "KEY_2")
    }

    @Test func aLetterWithTwoMarksIsTypedFromItsPartlyComposedForm() throws {
        // ẹ́: ẹ has its own AltGr key on yoruba, the acute is a combining mark.
        let context = try XKBFixtures.context()
        let keymap = try Keymap(
            context: context,
            text: XKBFixtures.keymapText(extraSymbols: "override key <AC02> { [ U1EB9 ] }; override key <AC03> { [ U0301 ] };"))
        let guide = TypingGuide(keymap: keymap)
        let method = try #require(guide.methods(for: "\u{1EB9}\u{301}").first)
        #expect(method.tokenList == ["KEY_S", "KEY_D"])
    }

    @Test func eAcuteOnUSInternationalIsAChordAndADeadKeySequence() throws {
        let guide = try makeGuide(layout: "us", variant: "intl", compose: true)
        let methods = guide.methods(for: "é")
        #expect(methods.first?.tokens == "KEY_RIGHTALT+KEY_E")
        if case .chord(let chord)? = methods.first {
            #expect(chord.keysym.name == "eacute")
            #expect(chord.level == 2)
        } else {
            Issue.record("the simplest method is not a chord: \(methods)")
        }
        let sequences = methods.filter { if case .sequence = $0 { true } else { false } }
        #expect(sequences.map(\.tokens).contains("KEY_APOSTROPHE KEY_E"))
    }

    @Test func withoutComposeOnlyChordsAreFound() throws {
        let guide = try makeGuide(layout: "us", variant: "intl")
        let methods = guide.methods(for: "é")
        #expect(!methods.isEmpty)
        #expect(methods.allSatisfy { $0.chords.count == 1 })
    }

    @Test func theComposeKeyGivesSequences() throws {
        let guide = try makeGuide(layout: "us", options: "compose:ralt", compose: true)
        let methods = guide.methods(for: "©")
        #expect(methods.map(\.tokens).contains("KEY_RIGHTALT KEY_O KEY_C"))
    }

    @Test func aLetterTheLayoutLacksCannotBeTyped() throws {
        let plain = try makeGuide(layout: "us")
        #expect(plain.methods(for: "ł").isEmpty)
        #expect(plain.methods(for: "ф").isEmpty)
        // A compose table alone does not help: plain US has no dead keys and no Compose key.
        let withCompose = try makeGuide(layout: "us", compose: true)
        #expect(withCompose.methods(for: "ł").isEmpty)
    }

    @Test func cyrillicOnASecondLayoutReportsThatLayout() throws {
        let guide = try makeGuide(layout: "us,ru")
        let method = try #require(guide.methods(for: "ф").first)
        let chord = try #require(method.chords.first)
        #expect(chord.layout == 1)
        #expect(chord.key == key("KEY_A"))
        #expect(chord.keysym.name == "Cyrillic_ef")
        #expect(guide.methods(for: "a").first?.chords.first?.layout == 0)
    }

    @Test func theSimplestChordOfAKeysym() throws {
        let guide = try makeGuide(layout: "us", variant: "intl")
        let dead = try #require(Keysym(name: "dead_acute"))
        #expect(guide.chord(for: dead)?.token == "KEY_APOSTROPHE")
        #expect(guide.chord(for: try #require(Keysym(name: "Cyrillic_ef"))) == nil)
    }

    @Test func controlCharactersHaveNoMethods() throws {
        let guide = try makeGuide(layout: "us")
        #expect(guide.methods(for: "\t").isEmpty)
        #expect(guide.methods(for: "\u{1B}").isEmpty)
        #expect(guide.chord(for: .escape)?.token == "KEY_ESC")
    }

    @Test(arguments: [
        ("us", "intl", true, "éÉñü€"),
        ("de", "", false, "öÖß€@{"),
        ("fr", "", false, "aé&1ÉÀ"),
        ("us,ru", "", false, "aфЖ"),
    ])
    func everyMethodFoundReallyTypesTheCharacter(layout: String, variant: String, compose: Bool, text: String) throws {
        let guide = try makeGuide(layout: layout, variant: variant.isEmpty ? nil : variant, compose: compose)
        for character in text {
            let methods = guide.methods(for: character)
            #expect(!methods.isEmpty, "\(character) on \(layout)")
            for method in methods {
                #expect(typed(method, on: guide) == String(character), "\(character) by \(method.tokens)")
            }
        }
    }
}
