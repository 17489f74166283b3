import CXKBCommon
import TestSupport
import Testing
import XKB

/// What one key produces on one layout, plain and with Shift held.
struct KeyOnLayout: Sendable, CustomTestStringConvertible {
    var layout: String
    var variant: String?
    var key: String
    var keysym: String
    var text: String
    var shiftedKeysym: String
    var shiftedText: String

    var testDescription: String { "\(layout)\(variant.map { "(\($0))" } ?? "") \(key)" }
}

@Suite struct KeyboardStateTests {
    @Test func anAdoptedStateKeepsTheModifiersAndLayoutItHad() throws {
        let keymap = try XKBFixtures.keymap(layout: "us,de")
        let raw = try #require(keymap.withUnsafeKeymapPointer { xkb_state_new($0) })
        // Shift held, the second layout (German) locked.
        xkb_state_update_mask(raw, ModifierMask.shift.rawValue, 0, 0, 0, 0, 1)
        let state = KeyboardState(adopting: raw, keymap: keymap)
        #expect(state.serializedMasks == KeyboardState.Masks(depressedModifiers: .shift, lockedLayout: 1))
        #expect(state.text(of: key("KEY_Y")) == "Z")
        let copy = KeyboardState(keymap: keymap)
        copy.updateMask(state.serializedMasks)
        #expect(copy.text(of: key("KEY_Y")) == "Z")
        #expect(copy.serializedMasks == state.serializedMasks)
    }

    static let keysOnLayouts: [KeyOnLayout] = [
        KeyOnLayout(layout: "us", key: "KEY_A", keysym: "a", text: "a", shiftedKeysym: "A", shiftedText: "A"),
        KeyOnLayout(layout: "us", key: "KEY_2", keysym: "2", text: "2", shiftedKeysym: "at", shiftedText: "@"),
        KeyOnLayout(
            layout: "us", key: "KEY_APOSTROPHE", keysym: "apostrophe", text: "'", shiftedKeysym: "quotedbl",
            shiftedText: "\""),
        KeyOnLayout(layout: "de", key: "KEY_Y", keysym: "z", text: "z", shiftedKeysym: "Z", shiftedText: "Z"),
        KeyOnLayout(
            layout: "de", key: "KEY_SEMICOLON", keysym: "odiaeresis", text: "ö", shiftedKeysym: "Odiaeresis",
            shiftedText: "Ö"),
        KeyOnLayout(
            layout: "de", key: "KEY_EQUAL", keysym: "dead_acute", text: "", shiftedKeysym: "dead_grave", shiftedText: ""),
        KeyOnLayout(layout: "fr", key: "KEY_Q", keysym: "a", text: "a", shiftedKeysym: "A", shiftedText: "A"),
        KeyOnLayout(layout: "fr", key: "KEY_1", keysym: "ampersand", text: "&", shiftedKeysym: "1", shiftedText: "1"),
        KeyOnLayout(
            layout: "ru", key: "KEY_A", keysym: "Cyrillic_ef", text: "ф", shiftedKeysym: "Cyrillic_EF",
            shiftedText: "Ф"),
        KeyOnLayout(
            layout: "ru", key: "KEY_GRAVE", keysym: "Cyrillic_io", text: "ё", shiftedKeysym: "Cyrillic_IO",
            shiftedText: "Ё"),
        KeyOnLayout(
            layout: "us", variant: "intl", key: "KEY_APOSTROPHE", keysym: "dead_acute", text: "",
            shiftedKeysym: "dead_diaeresis", shiftedText: ""),
        KeyOnLayout(
            layout: "us", variant: "intl", key: "KEY_E", keysym: "e", text: "e", shiftedKeysym: "E", shiftedText: "E"),
        KeyOnLayout(
            layout: "de", variant: "nodeadkeys", key: "KEY_EQUAL", keysym: "acute", text: "´", shiftedKeysym: "grave",
            shiftedText: "`"),
        KeyOnLayout(
            layout: "de", variant: "nodeadkeys", key: "KEY_Y", keysym: "z", text: "z", shiftedKeysym: "Z",
            shiftedText: "Z"),
    ]

    @Test(arguments: keysOnLayouts)
    func eachLayoutGivesItsOwnKeysymsAndText(_ case_: KeyOnLayout) throws {
        let state = try XKBFixtures.state(layout: case_.layout, variant: case_.variant)
        let keycode = key(case_.key)
        #expect(state.keysym(of: keycode).name == case_.keysym)
        #expect(state.keysyms(of: keycode).map(\.name) == [case_.keysym])
        #expect(state.text(of: keycode) == case_.text)

        state.press("KEY_LEFTSHIFT")
        #expect(state.keysym(of: keycode).name == case_.shiftedKeysym)
        #expect(state.text(of: keycode) == case_.shiftedText)

        state.release("KEY_LEFTSHIFT")
        #expect(state.text(of: keycode) == case_.text)
    }

    @Test func rightAltSelectsTheThirdLevel() throws {
        let state = try XKBFixtures.state(layout: "de")
        state.press("KEY_RIGHTALT")
        #expect(state.text(of: key("KEY_Q")) == "@")
        #expect(state.text(of: key("KEY_E")) == "€")
        #expect(state.level(of: key("KEY_Q"), layout: 0) == 2)
    }

    @Test func capsLockCapitalisesLettersAndShiftUndoesIt() throws {
        let state = try XKBFixtures.state(layout: "us")
        state.tap("KEY_CAPSLOCK")
        #expect(state.text(of: key("KEY_A")) == "A")
        #expect(state.text(of: key("KEY_1")) == "1")  // not a letter: unchanged
        state.press("KEY_LEFTSHIFT")
        #expect(state.text(of: key("KEY_A")) == "a")
        #expect(state.text(of: key("KEY_1")) == "!")
        state.release("KEY_LEFTSHIFT")
        state.tap("KEY_CAPSLOCK")
        #expect(state.text(of: key("KEY_A")) == "a")
    }

    /// A keymap whose A key ignores Lock when choosing its level, so Caps
    /// Lock capitalises it only through the Caps Lock transformation.
    static func keymapWithTwoLevelA() throws -> Keymap {
        try XKBFixtures.keymap(
            text: XKBFixtures.keymapText(extraSymbols: #"override key <AC01> { type = "TWO_LEVEL", [ a, A ] };"#))
    }

    @Test func reportedKeysymsApplyTheCapsLockTransformationAndKeysymsDoNot() throws {
        let state = KeyboardState(keymap: try Self.keymapWithTwoLevelA())
        let a = key("KEY_A")
        #expect(state.reportedKeysyms(of: a).map(\.name) == ["a"])
        state.tap("KEY_CAPSLOCK")
        #expect(state.keysyms(of: a).map(\.name) == ["a"])
        #expect(state.keysym(of: a).name == "A")
        #expect(state.reportedKeysyms(of: a).map(\.name) == ["A"])
        #expect(state.text(of: a) == "A")
        #expect(state.level(of: a, layout: 0) == 0)
    }

    @Test func aKeyWithSeveralKeysymsReportsThemAllAndTypesThemAll() throws {
        let keymap = try XKBFixtures.keymap(
            text: XKBFixtures.keymapText(extraSymbols: "override key <AC02> { type = \"TWO_LEVEL\", [ { s, t }, S ] };"))
        let state = KeyboardState(keymap: keymap)
        let s = key("KEY_S")
        #expect(state.keysyms(of: s).map(\.name) == ["s", "t"])
        #expect(state.reportedKeysyms(of: s).map(\.name) == ["s", "t"])
        #expect(state.keysym(of: s) == .noSymbol)  // not exactly one
        #expect(state.text(of: s) == "st")
        #expect(state.unicodeScalar(of: s) == nil)
        state.tap("KEY_CAPSLOCK")
        // Several keysyms are reported as they are, without the Caps Lock transformation.
        #expect(state.reportedKeysyms(of: s).map(\.name) == ["s", "t"])
    }

    @Test func aKeyWithoutKeysymsReportsNone() throws {
        let state = try XKBFixtures.state(layout: "us")
        let unmapped = Keycode(rawValue: 0)
        #expect(state.keysyms(of: unmapped).isEmpty)
        #expect(state.reportedKeysyms(of: unmapped).isEmpty)
        #expect(state.keysym(of: unmapped) == .noSymbol)
        #expect(state.text(of: unmapped) == "")
        #expect(state.layout(of: unmapped) == nil)
    }

    @Test func controlTurnsLettersIntoControlCharacters() throws {
        let state = try XKBFixtures.state(layout: "us")
        state.press("KEY_LEFTCTRL")
        #expect(state.text(of: key("KEY_A")) == "\u{01}")
        #expect(state.keysym(of: key("KEY_A")).name == "a")
    }

    @Test func aDepressedShiftMaskGivesCapitals() throws {
        let state = try XKBFixtures.state(layout: "us")
        let changes = state.updateMask(depressedModifiers: .shift)
        #expect(changes.contains(.depressedModifiers))
        #expect(changes.contains(.effectiveModifiers))
        #expect(state.text(of: key("KEY_A")) == "A")
        #expect(state.modifiers(.depressed) == .shift)
        state.updateMask(depressedModifiers: [])
        #expect(state.text(of: key("KEY_A")) == "a")
    }

    @Test func aLockedLayoutMaskSwitchesToTheSecondLayout() throws {
        let state = try XKBFixtures.state(layout: "us,ru")
        let changes = state.updateMask(depressedModifiers: [], lockedLayout: 1)
        #expect(changes.contains(.effectiveLayout))
        #expect(state.layout == 1)
        #expect(state.lockedLayout == 1)
        #expect(state.layout(of: key("KEY_A")) == 1)
        #expect(state.text(of: key("KEY_A")) == "ф")
        #expect(state.keysym(of: key("KEY_A")).name == "Cyrillic_ef")
    }

    @Test func aLockedModifierMaskActsLikeCapsLock() throws {
        let state = try XKBFixtures.state(layout: "us")
        state.updateMask(depressedModifiers: [], lockedModifiers: .lock)
        #expect(state.text(of: key("KEY_A")) == "A")
        #expect(state.modifiers(.locked) == .lock)
        #expect(state.isLEDActive("Caps Lock"))
    }

    @Test func aLayoutIndexPastTheLastWrapsAround() throws {
        // libxkbcommon's rule for out-of-range groups: wrap.
        let state = try XKBFixtures.state(layout: "us,ru")
        state.updateMask(depressedModifiers: [], lockedLayout: 3)
        #expect(state.layout == 1)
        #expect(state.text(of: key("KEY_A")) == "ф")
    }

    @Test func aLayoutSwitchingOptionSwitchesLayouts() throws {
        let state = try XKBFixtures.state(layout: "us,ru", options: "grp:alt_shift_toggle")
        #expect(state.text(of: key("KEY_A")) == "a")
        state.tap("KEY_LEFTALT", "KEY_LEFTSHIFT")
        #expect(state.layout == 1)
        #expect(state.text(of: key("KEY_A")) == "ф")
    }

    @Test func updateKeyReportsWhatChanged() throws {
        let state = try XKBFixtures.state(layout: "us")
        let down = state.updateKey(key("KEY_LEFTSHIFT"), direction: .down)
        #expect(down.contains(.depressedModifiers))
        #expect(down.contains(.effectiveModifiers))
        let letter = state.updateKey(key("KEY_A"), direction: .down)
        #expect(letter.isEmpty)
        let caps = state.updateKey(key("KEY_CAPSLOCK"), direction: .down)
        #expect(caps.contains(.leds))
    }

    @Test func shiftIsConsumedByALetterButControlIsNot() throws {
        let state = try XKBFixtures.state(layout: "us")
        state.press("KEY_LEFTCTRL", "KEY_LEFTSHIFT")
        let consumed = state.consumedModifiers(of: key("KEY_A"))
        #expect(consumed.contains(.shift))
        #expect(!consumed.contains(.control))
        // What is left for a shortcut: Control.
        #expect(state.modifiers().subtracting(consumed) == .control)
    }

    @Test func gtkModeCountsOnlyModifiersThatChangeTheKey() throws {
        // F1's type has a Ctrl+Alt level (switch to VT 1); Alt alone does not change F1.
        let state = try XKBFixtures.state(layout: "us")
        let f1 = key("KEY_F1")
        state.press("KEY_LEFTALT")
        #expect(state.consumedModifiers(of: f1, mode: .xkb).contains(.mod1))
        #expect(!state.consumedModifiers(of: f1, mode: .gtk).contains(.mod1))

        state.press("KEY_LEFTCTRL")
        #expect(state.keysym(of: f1).name == "XF86Switch_VT_1")
        #expect(state.consumedModifiers(of: f1, mode: .gtk).isSuperset(of: [.control, .mod1]))
    }

    @Test func levelAndLayoutOfAKey() throws {
        let state = try XKBFixtures.state(layout: "us,ru")
        let a = key("KEY_A")
        #expect(state.layout(of: a) == 0)
        #expect(state.level(of: a, layout: 0) == 0)
        state.press("KEY_LEFTSHIFT")
        #expect(state.level(of: a, layout: 0) == 1)
        #expect(state.level(of: a, layout: 1) == 1)
        #expect(state.level(of: a, layout: 5) == nil)
    }

    @Test func capsLockLightsItsLEDUntilPressedAgain() throws {
        let state = try XKBFixtures.state(layout: "us")
        #expect(!state.activeLEDNames.contains("Caps Lock"))
        state.tap("KEY_CAPSLOCK")
        #expect(state.activeLEDNames.contains("Caps Lock"))
        #expect(state.isLEDActive("Caps Lock"))
        #expect(!state.isLEDActive("Num Lock"))
        #expect(state.modifiers(.locked) == .lock)
        state.tap("KEY_CAPSLOCK")
        #expect(state.activeLEDNames.isEmpty)
        #expect(!state.isLEDActive("Caps Lock"))
    }

    @Test func numLockLightsItsLEDAndTurnsTheKeypadIntoDigits() throws {
        let state = try XKBFixtures.state(layout: "us")
        #expect(state.keysym(of: key("KEY_KP1")).name == "KP_End")
        state.tap("KEY_NUMLOCK")
        #expect(state.activeLEDNames == ["Num Lock"])
        #expect(state.text(of: key("KEY_KP1")) == "1")
    }

    @Test func activeModifierNamesFollowTheKeysHeld() throws {
        let state = try XKBFixtures.state(layout: "de")
        #expect(state.activeModifierNames.isEmpty)
        state.press("KEY_LEFTSHIFT")
        #expect(state.activeModifierNames.contains("Shift"))
        state.press("KEY_RIGHTALT")
        let names = state.activeModifierNames
        #expect(names.contains("Shift"))
        #expect(names.contains("Mod5"))
        #expect(state.isModifierActive("Mod5"))
        #expect(state.isModifierActive("Shift", .depressed))
        #expect(!state.isModifierActive("Shift", .locked))
        state.release("KEY_LEFTSHIFT", "KEY_RIGHTALT")
        #expect(state.activeModifierNames.isEmpty)
    }

    @Test func activeModifierNamesAreThoseOfTheRealModifiers() throws {
        // libxkbcommon 1.5.0 reports real modifiers only: Alt shows as Mod1, AltGr as Mod5.
        let state = try XKBFixtures.state(layout: "de")
        state.press("KEY_LEFTALT")
        #expect(state.activeModifierNames == ["Mod1"])
        #expect(!state.isModifierActive("Alt"))
        state.release("KEY_LEFTALT")
        state.press("KEY_RIGHTALT")
        #expect(state.activeModifierNames == ["Mod5"])
        #expect(!state.isModifierActive("LevelThree"))
    }

    @Test func modifiersByKind() throws {
        let state = try XKBFixtures.state(layout: "us")
        state.tap("KEY_CAPSLOCK")
        state.press("KEY_LEFTSHIFT")
        #expect(state.modifiers(.depressed) == .shift)
        #expect(state.modifiers(.locked) == .lock)
        #expect(state.modifiers(.latched) == [])
        #expect(state.modifiers(.effective) == [.shift, .lock])
        #expect(state.modifiers() == [.shift, .lock])
    }

    @Test func aLatchedShiftAppliesToTheNextKeyOnly() throws {
        // Sticky Shift: the left Shift key latches instead of holding.
        let keymap = try XKBFixtures.keymap(
            text: XKBFixtures.keymapText(extraSymbols: "override key <LFSH> { [ ISO_Level2_Latch ] }; modifier_map Shift { <LFSH> };"))
        let state = KeyboardState(keymap: keymap)
        state.tap("KEY_LEFTSHIFT")
        #expect(state.modifiers(.latched) == .shift)
        #expect(state.text(of: key("KEY_A")) == "A")
        state.tap("KEY_A")
        #expect(state.modifiers(.latched) == [])
        #expect(state.text(of: key("KEY_A")) == "a")
    }
}
