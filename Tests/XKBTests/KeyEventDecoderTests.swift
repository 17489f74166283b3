import TestSupport
import Testing
import XKB

/// How key events become text for a plain text field: four rules, one group of tests each.
@Suite struct KeyEventDecoderTests {
    // MARK: Keysyms and text come from the state before a press; releases only update it; repeats leave it alone

    @Test func aKeyPressedWhileShiftIsHeldIsCapital() throws {
        let decoder = try XKBFixtures.decoder(layout: "us")
        decoder.decode("KEY_LEFTSHIFT", .down)
        let a = decoder.decode("KEY_A", .down)
        #expect(a.action == .insertText("A"))
        #expect(a.keysyms.map(\.name) == ["A"])
        #expect(a.modifiers == .shift)
    }

    @Test func aKeysOwnPressIsLookedUpBeforeItChangesTheState() throws {
        let decoder = try XKBFixtures.decoder(layout: "us")
        let shiftDown = decoder.decode("KEY_LEFTSHIFT", .down)
        #expect(shiftDown.modifiers == [])  // Shift was not down yet
        #expect(shiftDown.keysyms.map(\.name) == ["Shift_L"])
        #expect(shiftDown.action == .none)
        #expect(decoder.state.modifiers() == .shift)  // and now it is
        let shiftUp = decoder.decode("KEY_LEFTSHIFT", .up)
        #expect(shiftUp.modifiers == .shift)  // still down when looked up
        #expect(decoder.state.modifiers() == [])
    }

    @Test func aKeyHeldWhileShiftGoesUpTypesLowerCaseFromThen() throws {
        let decoder = try XKBFixtures.decoder(layout: "us")
        decoder.decode("KEY_LEFTSHIFT", .down)
        #expect(decoder.decode("KEY_A", .down).insertedText == "A")
        #expect(decoder.decode("KEY_A", .repeat).insertedText == "A")
        decoder.decode("KEY_LEFTSHIFT", .up)
        #expect(decoder.decode("KEY_A", .repeat).insertedText == "a")
        decoder.decode("KEY_A", .up)
        #expect(decoder.type("KEY_A") == "a")
    }

    @Test func aReleaseTypesNothing() throws {
        let decoder = try XKBFixtures.decoder(layout: "us")
        decoder.decode("KEY_A", .down)
        let up = decoder.decode("KEY_A", .up)
        #expect(up.action == .none)
        #expect(up.keyText == "")
        #expect(up.keysyms.map(\.name) == ["a"])
        #expect(up.event == KeyEvent(key("KEY_A"), .up))
    }

    @Test func aRepeatedShiftDoesNotStickAfterItsRelease() throws {
        let decoder = try XKBFixtures.decoder(layout: "us")
        decoder.decode("KEY_LEFTSHIFT", .down)
        // Were repeats applied as presses, libxkbcommon would count three presses
        // and one release, and Shift would stay down.
        decoder.decode("KEY_LEFTSHIFT", .repeat)
        decoder.decode("KEY_LEFTSHIFT", .repeat)
        #expect(decoder.type("KEY_A") == "A")
        decoder.decode("KEY_LEFTSHIFT", .up)
        #expect(decoder.state.modifiers() == [])
        #expect(decoder.type("KEY_A") == "a")
    }

    @Test func aRepeatedLetterTypesItEachTime() throws {
        let decoder = try XKBFixtures.decoder(layout: "us")
        var text = decoder.decode("KEY_B", .down).insertedText
        for _ in 0..<3 { text += decoder.decode("KEY_B", .repeat).insertedText }
        text += decoder.decode("KEY_B", .up).insertedText
        #expect(text == "bbbb")
    }

    @Test func theLayoutAndModifiersAreThoseTheKeyWasLookedUpWith() throws {
        let decoder = try XKBFixtures.decoder(layout: "us,ru", options: "grp:alt_shift_toggle")
        #expect(decoder.decode("KEY_A", .down).layout == 0)
        decoder.decode("KEY_A", .up)
        decoder.tap("KEY_LEFTALT", "KEY_LEFTSHIFT")
        let ef = decoder.decode("KEY_A", .down)
        #expect(ef.layout == 1)
        #expect(ef.insertedText == "ф")
    }

    // MARK: Compose swallows composing and cancelled keys, inserts a composed sequence, ignores modifiers

    @Test func aDeadKeyIsSwallowedWhileComposing() throws {
        let decoder = try XKBFixtures.decoder(layout: "us", variant: "intl", compose: true)
        let dead = decoder.decode("KEY_APOSTROPHE", .down)
        #expect(dead.action == .composing([try #require(Keysym(name: "dead_acute"))]))
        #expect(dead.insertedText == "")
        #expect(decoder.compose?.status == .composing)
    }

    @Test func aCompletedSequenceInsertsTheComposedText() throws {
        let decoder = try XKBFixtures.decoder(layout: "us", variant: "intl", compose: true)
        decoder.tap("KEY_APOSTROPHE")
        let e = decoder.decode("KEY_E", .down)
        #expect(e.action == .insertText("é"))
        #expect(e.keyText == "e")  // the key's own text, before compose
        #expect(decoder.compose?.status == .nothing)  // reset after composing
        decoder.decode("KEY_E", .up)
        #expect(decoder.type("KEY_E") == "e")
    }

    @Test func aCancelledSequenceSwallowsTheKeyAndStartsOver() throws {
        let decoder = try XKBFixtures.decoder(layout: "us", variant: "intl", compose: true)
        decoder.tap("KEY_APOSTROPHE")
        let q = decoder.decode("KEY_Q", .down)
        #expect(q.action == .composeCancelled)
        #expect(q.insertedText == "")
        decoder.decode("KEY_Q", .up)
        #expect(decoder.compose?.status == .nothing)
        #expect(decoder.type("KEY_Q") == "q")
        #expect(decoder.type("KEY_APOSTROPHE", "KEY_A") == "á")
    }

    @Test func modifiersPassThroughASequence() throws {
        let decoder = try XKBFixtures.decoder(layout: "us", variant: "intl", compose: true)
        decoder.tap("KEY_APOSTROPHE")
        let shift = decoder.decode("KEY_LEFTSHIFT", .down)
        #expect(shift.action == .none)
        #expect(decoder.compose?.status == .composing)
        #expect(decoder.state.modifiers() == .shift)  // the state still saw Shift
        #expect(decoder.decode("KEY_E", .down).action == .insertText("É"))
    }

    @Test func theComposingActionListsTheSequenceSoFar() throws {
        let decoder = try XKBFixtures.decoder(layout: "us", options: "compose:ralt", compose: true)
        let multi = decoder.decode("KEY_RIGHTALT", .down)
        #expect(multi.action == .composing([.multiKey]))
        decoder.decode("KEY_RIGHTALT", .up)
        let o = decoder.decode("KEY_O", .down)
        #expect(o.action == .composing([.multiKey, try #require(Keysym(name: "o"))]))
        decoder.decode("KEY_O", .up)
        #expect(decoder.decode("KEY_C", .down).action == .insertText("©"))
    }

    @Test func resetComposeForgetsTheSequence() throws {
        let decoder = try XKBFixtures.decoder(layout: "us", variant: "intl", compose: true)
        decoder.tap("KEY_APOSTROPHE")
        decoder.resetCompose()
        #expect(decoder.type("KEY_E") == "e")
    }

    // MARK: BackSpace deletes, Return and KP_Enter insert a newline, control characters insert nothing

    @Test func backSpaceDeletesBackward() throws {
        let decoder = try XKBFixtures.decoder(layout: "us")
        #expect(decoder.decode("KEY_BACKSPACE", .down).action == .deleteBackward)
        #expect(decoder.decode("KEY_BACKSPACE", .repeat).action == .deleteBackward)
        #expect(decoder.decode("KEY_BACKSPACE", .up).action == .none)
    }

    @Test(arguments: ["KEY_ENTER", "KEY_KPENTER"])
    func returnAndKeypadEnterInsertANewline(name: String) throws {
        let decoder = try XKBFixtures.decoder(layout: "us")
        let decoded = decoder.decode(name, .down)
        #expect(decoded.action == .insertText("\n"))
        #expect(decoded.keyText == "\r")  // what the key itself types
    }

    @Test func controlAInsertsNothing() throws {
        let decoder = try XKBFixtures.decoder(layout: "us")
        decoder.decode("KEY_LEFTCTRL", .down)
        let a = decoder.decode("KEY_A", .down)
        #expect(a.keyText == "\u{01}")
        #expect(a.action == .none)
        #expect(a.keysyms.map(\.name) == ["a"])
    }

    @Test func controlOnACyrillicLayoutIsAShortcutNotTyping() throws {
        let decoder = try XKBFixtures.decoder(layout: "us,ru")
        decoder.state.updateMask(depressedModifiers: [], lockedLayout: 1)
        decoder.decode("KEY_LEFTCTRL", .down)
        let ef = decoder.decode("KEY_A", .down)
        #expect(ef.keysyms.map(\.name) == ["Cyrillic_ef"])
        #expect(ef.shortcutModifiers == .control)
        #expect(ef.action == .none)
    }

    @Test func shiftIsNotAShortcutModifierAndUsedModifiersAreLeftOut() throws {
        let decoder = try XKBFixtures.decoder(layout: "us")
        decoder.decode("KEY_LEFTSHIFT", .down)
        let a = decoder.decode("KEY_A", .down)
        #expect(a.shortcutModifiers == [])
        #expect(a.insertedText == "A")
        decoder.decode("KEY_A", .up)
        decoder.decode("KEY_LEFTCTRL", .down)
        let ctrlShiftA = decoder.decode("KEY_A", .down)
        #expect(ctrlShiftA.shortcutModifiers == .control)
        #expect(decoder.decode("KEY_A", .up).shortcutModifiers == [])  // releases are never shortcuts
    }

    @Test func altIsAShortcutModifier() throws {
        let decoder = try XKBFixtures.decoder(layout: "us")
        decoder.decode("KEY_LEFTALT", .down)
        #expect(decoder.decode("KEY_F", .down).shortcutModifiers == .mod1)
    }

    @Test(arguments: ["KEY_TAB", "KEY_ESC", "KEY_DELETE"])
    func keysWhoseTextIsAControlCharacterInsertNothing(name: String) throws {
        let decoder = try XKBFixtures.decoder(layout: "us")
        let decoded = decoder.decode(name, .down)
        #expect(!decoded.keyText.isEmpty)
        #expect(decoded.action == .none)
    }

    @Test(arguments: ["KEY_LEFTSHIFT", "KEY_LEFT", "KEY_F5", "KEY_HOME"])
    func keysWithoutTextInsertNothing(name: String) throws {
        let decoder = try XKBFixtures.decoder(layout: "us")
        let decoded = decoder.decode(name, .down)
        #expect(decoded.keyText == "")
        #expect(decoded.action == .none)
    }

    @Test func controlCharacterDetection() {
        #expect(KeyEventDecoder.holdsControlCharacter("\u{01}"))
        #expect(KeyEventDecoder.holdsControlCharacter("a\u{7F}"))
        #expect(KeyEventDecoder.holdsControlCharacter("\t"))
        #expect(!KeyEventDecoder.holdsControlCharacter(" "))
        #expect(!KeyEventDecoder.holdsControlCharacter("é€ф"))
        #expect(!KeyEventDecoder.holdsControlCharacter("\u{80}"))  // C1 controls are not filtered
        #expect(!KeyEventDecoder.holdsControlCharacter(""))
    }

    @Test(arguments: [
        ("us", "", ["KEY_LEFTSHIFT+KEY_H", "KEY_E", "KEY_Y"], "Hey"),
        ("de", "", ["KEY_Y", "KEY_Z", "KEY_SEMICOLON"], "zyö"),
        ("ru", "", ["KEY_G", "KEY_H", "KEY_B"], "при"),
        ("fr", "", ["KEY_Q", "KEY_LEFTSHIFT+KEY_1"], "a1"),
        ("de", "nodeadkeys", ["KEY_RIGHTALT+KEY_Q", "KEY_RIGHTALT+KEY_E", "KEY_EQUAL"], "@€´"),
        ("us", "intl", ["KEY_RIGHTALT+KEY_E", "KEY_SPACE"], "é "),
    ])
    func typingOnEachLayout(layout: String, variant: String, chords: [String], expected: String) throws {
        let decoder = try XKBFixtures.decoder(layout: layout, variant: variant.isEmpty ? nil : variant)
        var text = ""
        for chord in chords { text += decoder.type(chord) }
        #expect(text == expected)
    }

    // MARK: A key reports all its keysyms; a key with exactly one reports it with Caps Lock applied

    @Test func aSingleKeysymIsReportedWithTheCapsLockTransformation() throws {
        let keymap = try XKBFixtures.keymap(
            text: XKBFixtures.keymapText(extraSymbols: #"override key <AC01> { type = "TWO_LEVEL", [ a, A ] };"#))
        let decoder = KeyEventDecoder(keymap: keymap)
        decoder.tap("KEY_CAPSLOCK")
        let a = decoder.decode("KEY_A", .down)
        #expect(decoder.state.keysyms(of: key("KEY_A")).map(\.name) == ["a"])
        #expect(a.keysyms.map(\.name) == ["A"])
        #expect(a.insertedText == "A")
    }

    @Test func severalKeysymsAreReportedAsTheyAreAndAllTyped() throws {
        let keymap = try XKBFixtures.keymap(
            text: XKBFixtures.keymapText(extraSymbols: "override key <AC02> { type = \"TWO_LEVEL\", [ { s, t }, S ] };"))
        let decoder = KeyEventDecoder(keymap: keymap)
        decoder.tap("KEY_CAPSLOCK")
        let s = decoder.decode("KEY_S", .down)
        #expect(s.keysyms.map(\.name) == ["s", "t"])
        #expect(s.insertedText == "st")
    }

    // MARK: What a key means apart from the modifiers

    @Test func theBaseTextIgnoresEveryModifier() throws {
        let decoder = try XKBFixtures.decoder(layout: "us")
        decoder.decode("KEY_LEFTCTRL", .down)
        decoder.decode("KEY_LEFTSHIFT", .down)
        let c = decoder.decode("KEY_C", .down)
        #expect(c.keysyms.map(\.name) == ["C"])
        #expect(c.baseText == "c")
        #expect(c.shortcutModifiers == .control)
        #expect(decoder.decode("KEY_C", .up).baseText == "c")
    }

    @Test func aKeyOnANonLatinLayoutFallsBackToItsLetterOnALatinOne() throws {
        let decoder = try XKBFixtures.decoder(layout: "ru,us")
        decoder.decode("KEY_LEFTCTRL", .down)
        let es = decoder.decode("KEY_C", .down)
        #expect(es.keysyms.map(\.name) == ["Cyrillic_es"])
        #expect(es.baseText == "с")
        #expect(es.latinFallback == "c")
        #expect(es.shortcutModifiers == .control)
        // A key that is not a letter in the Latin layout has no fallback.
        #expect(decoder.decode("KEY_1", .down).latinFallback == nil)
    }

    @Test func aLatinLetterNeedsNoFallback() throws {
        let decoder = try XKBFixtures.decoder(layout: "us,ru")
        let c = decoder.decode("KEY_C", .down)
        #expect(c.baseText == "c")
        #expect(c.latinFallback == nil)
    }
}
