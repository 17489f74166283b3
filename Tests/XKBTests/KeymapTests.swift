import CXKBCommon
import Foundation
import TestSupport
import Testing
import XKB

@Suite struct KeymapTests {
    // MARK: Adopting a keymap compiled elsewhere

    @Test func anAdoptedKeymapBehavesAsTheCompiledOneAndIsFreedByItsOwner() throws {
        let context = try XKBFixtures.context()
        let compiled = try Keymap(context: context, names: RuleNames(layout: "de"))
        // Each round compiles a keymap straight through libxkbcommon, as xkbcommon-x11 does, and hands it over.
        for _ in 0..<3 {
            let raw = context.withUnsafeContextPointer { pointer in
                compiled.text.withCString {
                    xkb_keymap_new_from_string(pointer, $0, XKB_KEYMAP_FORMAT_TEXT_V1, XKB_KEYMAP_COMPILE_NO_FLAGS)
                }
            }
            let adopted = Keymap(adopting: try #require(raw), context: context)
            #expect(adopted.context === context)
            #expect(adopted.layoutNames == ["German"])
            #expect(adopted.text == compiled.text)
            let state = KeyboardState(keymap: adopted)
            #expect(state.text(of: key("KEY_Y")) == "z")
            #expect(state.text(of: key("KEY_LEFTBRACE")) == "ü")
        }
    }

    // MARK: Compiling from names

    @Test func missingNamesAreReportedWithTheDefaultsFilledIn() throws {
        let keymap = try Keymap(context: XKBFixtures.context())
        #expect(keymap.names == RuleNames(rules: "evdev", model: "pc105", layout: "us", variant: "", options: ""))
        #expect(keymap.layoutNames == ["English (US)"])
    }

    @Test func givenNamesAreReportedAsGiven() throws {
        let keymap = try XKBFixtures.keymap(layout: "de", variant: "nodeadkeys", options: "compose:ralt")
        #expect(keymap.names?.layout == "de")
        #expect(keymap.names?.variant == "nodeadkeys")
        #expect(keymap.names?.options == "compose:ralt")
        #expect(keymap.names?.rules == "evdev")
        #expect(keymap.layoutNames == ["German (no dead keys)"])
    }

    @Test func aVariantWithoutALayoutIsDropped() throws {
        // "intl" alone would make the apostrophe key dead; the defaults are plain "us".
        let keymap = try Keymap(context: XKBFixtures.context(), names: RuleNames(variant: "intl"))
        #expect(keymap.names?.variant == "")
        let state = KeyboardState(keymap: keymap)
        #expect(state.text(of: key("KEY_APOSTROPHE")) == "'")
    }

    @Test(arguments: [
        RuleNames(layout: "nosuchlayout"),
        RuleNames(layout: "de", variant: "nosuchvariant"),
        RuleNames(rules: "nosuchrules", layout: "us"),
    ])
    func namesThatDoNotExistFailWithLibxkbcommonsReason(names: RuleNames) throws {
        let error = try #require(throws: XKBError.self) {
            try Keymap(context: XKBFixtures.context(), names: names)
        }
        #expect(error.code == .keymapCompilationFailed)
        #expect(error.message.contains(names.filledIn(environment: nil).description))
        #expect(!error.diagnostics.isEmpty)
    }

    // MARK: Compiling from text and files

    @Test func aKeymapCompilesFromText() throws {
        let keymap = try XKBFixtures.keymap(text: XKBFixtures.keymapText())
        #expect(keymap.names == nil)
        let state = KeyboardState(keymap: keymap)
        #expect(state.text(of: key("KEY_A")) == "a")
        #expect(state.keysym(of: key("KEY_ENTER")) == .return)
    }

    @Test(arguments: [("us", ""), ("de", "nodeadkeys"), ("us,ru", ""), ("fr", "")])
    func theTextOfAKeymapCompilesBackToTheSameKeys(layout: String, variant: String) throws {
        let original = try XKBFixtures.keymap(layout: layout, variant: variant)
        let copy = try XKBFixtures.keymap(text: original.text)
        #expect(copy.layoutNames == original.layoutNames)
        #expect(copy.modifierNames == original.modifierNames)
        #expect(copy.ledNames == original.ledNames)
        #expect(copy.keys == original.keys)
        var compared = 0
        for key in original.keys {
            #expect(copy.name(of: key) == original.name(of: key))
            #expect(copy.repeats(key) == original.repeats(key))
            #expect(copy.layoutCount(of: key) == original.layoutCount(of: key))
            for layout in 0..<original.layoutCount(of: key) {
                #expect(copy.levelCount(of: key, layout: layout) == original.levelCount(of: key, layout: layout))
                for level in 0..<original.levelCount(of: key, layout: layout) {
                    let keysyms = original.keysyms(of: key, layout: layout, level: level)
                    #expect(copy.keysyms(of: key, layout: layout, level: level) == keysyms, "\(key) \(layout) \(level)")
                    compared += 1
                }
            }
        }
        #expect(compared > 100)
    }

    @Test func aSyntaxErrorInAFileNamesTheFileAndLine() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write(
            "bad.xkb",
            """
            xkb_keymap {
                xkb_keycodes { include "evdev+aliases(qwerty)" };
                xkb_types { include "complete" };
                xkb_compat { include "complete" };
                xkb_symbols { include "pc+us" this is not valid; };
            };
            """)
        let error = try #require(throws: XKBError.self) {
            try Keymap(context: XKBFixtures.context(), contentsOfFile: path)
        }
        #expect(error.code == .keymapCompilationFailed)
        #expect(error.description.contains("bad.xkb:5:"))
        #expect(error.description.contains(path))
        #expect(!error.description.contains("(input string)"))
        let located = try #require(error.diagnostics.compactMap(\.location).first)
        #expect(located.file == path)
        #expect(located.line == 5)
    }

    @Test func aSyntaxErrorInTextNamesTheSourceName() throws {
        let text = "xkb_keymap {\n  xkb_keycodes { = };\n};\n"
        let error = try #require(throws: XKBError.self) {
            try XKBFixtures.keymap(text: text, sourceName: "from-the-server")
        }
        #expect(error.code == .keymapCompilationFailed)
        #expect(error.description.contains("from-the-server:2:"))
    }

    @Test func aMissingFileIsUnreadable() throws {
        let folder = try TemporaryFolder()
        let path = folder.path + "/missing.xkb"
        let error = try #require(throws: XKBError.self) {
            try Keymap(context: XKBFixtures.context(), contentsOfFile: path)
        }
        #expect(error.code == .fileUnreadable)
        #expect(error.message.contains(path))
    }

    @Test func aFolderIsNotAKeymapFile() throws {
        let folder = try TemporaryFolder()
        let error = try #require(throws: XKBError.self) {
            try Keymap(context: XKBFixtures.context(), contentsOfFile: folder.path)
        }
        #expect(error.code == .fileUnreadable)
        #expect(error.message.contains("folder"))
    }

    @Test func aFileThatIsNotUTF8IsReportedWithItsLine() throws {
        let folder = try TemporaryFolder()
        var bytes = Array(XKBFixtures.keymapText().utf8)
        let secondLine = try #require(bytes.firstIndex(of: UInt8(ascii: "\n"))) + 1
        bytes.insert(0xFF, at: secondLine)
        let path = try folder.write("latin1.xkb", bytes: bytes)
        let error = try #require(throws: XKBError.self) {
            try Keymap(context: XKBFixtures.context(), contentsOfFile: path)
        }
        #expect(error.code == .invalidUTF8)
        #expect(error.message.contains("latin1.xkb:2:"))
    }

    @Test func aGoodFileCompiles() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write("good.xkb", XKBFixtures.keymapText(extraSymbols: "override key <AC01> { [ x, X ] };"))
        let keymap = try Keymap(context: XKBFixtures.context(), contentsOfFile: path)
        #expect(KeyboardState(keymap: keymap).text(of: key("KEY_A")) == "x")
    }

    // MARK: Layouts, modifiers, LEDs

    @Test func layoutsHaveNamesAndIndices() throws {
        let keymap = try XKBFixtures.keymap(layout: "us,de,ru")
        #expect(keymap.layoutNames == ["English (US)", "German", "Russian"])
        #expect(keymap.layoutIndex(named: "German") == 1)
        #expect(keymap.layoutIndex(named: "Russian") == 2)
        #expect(keymap.layoutIndex(named: "Klingon") == nil)
    }

    @Test func theRealModifiersComeFirstThenTheVirtualOnes() throws {
        let keymap = try XKBFixtures.keymap(layout: "us")
        let names = keymap.modifierNames
        #expect(Array(names.prefix(8)) == ["Shift", "Lock", "Control", "Mod1", "Mod2", "Mod3", "Mod4", "Mod5"])
        #expect(names.contains("NumLock"))
        #expect(names.contains("LevelThree"))
        #expect(keymap.modifierIndex(named: "Control") == 2)
        #expect(keymap.modifierIndex(named: "Shift") == 0)
        #expect(keymap.modifierIndex(named: "Hyperdrive") == nil)
        #expect(keymap.modifierNames(in: [.shift, .control, .mod5]) == ["Shift", "Control", "Mod5"])
        #expect(keymap.modifierNames(in: []) == [])
    }

    @Test func ledsHaveNamesAndIndices() throws {
        let keymap = try XKBFixtures.keymap(layout: "us")
        #expect(keymap.ledNames.contains("Caps Lock"))
        #expect(keymap.ledNames.contains("Num Lock"))
        let caps = try #require(keymap.ledIndex(named: "Caps Lock"))
        #expect(keymap.ledNames[caps] == "Caps Lock")
        #expect(keymap.ledIndex(named: "Warp Drive") == nil)
    }

    // MARK: Keys

    @Test(arguments: ["<AC01>", "AC01", "<LatA>", "LatA"])
    func keysAreFoundByXKBNameOrAlias(name: String) throws {
        let keymap = try XKBFixtures.keymap(layout: "us")
        #expect(keymap.key(named: name) == Keycode(evdev: 30))
    }

    @Test func aKeysNameIsItsXKBName() throws {
        let keymap = try XKBFixtures.keymap(layout: "us")
        #expect(keymap.name(of: key("KEY_A")) == "AC01")
        #expect(keymap.name(of: key("KEY_LEFTSHIFT")) == "LFSH")
        #expect(keymap.name(of: Keycode(rawValue: 0)) == nil)
        #expect(keymap.key(named: "<NOPE>") == nil)
        #expect(keymap.key(named: "") == nil)
    }

    @Test func theKeysAreTheNamedKeysInOrder() throws {
        let keymap = try XKBFixtures.keymap(layout: "us")
        let keys = keymap.keys
        #expect(keys == keys.sorted())
        #expect(keys.contains(key("KEY_A")))
        #expect(keys.contains(key("KEY_KPENTER")))
        #expect(keymap.minKeycode <= keys[0])
        #expect(try #require(keys.last) <= keymap.maxKeycode)
        #expect(keys.allSatisfy { keymap.name(of: $0) != nil })
    }

    @Test func lettersRepeatAndModifiersDoNot() throws {
        let keymap = try XKBFixtures.keymap(layout: "us")
        #expect(keymap.repeats(key("KEY_A")))
        #expect(keymap.repeats(key("KEY_BACKSPACE")))
        #expect(!keymap.repeats(key("KEY_LEFTSHIFT")))
        #expect(!keymap.repeats(key("KEY_LEFTCTRL")))
        #expect(!keymap.repeats(key("KEY_CAPSLOCK")))
    }

    @Test func aLetterHasTwoLevelsOnUSAndFourOnGerman() throws {
        let us = try XKBFixtures.keymap(layout: "us")
        #expect(us.layoutCount(of: key("KEY_A")) == 1)
        #expect(us.levelCount(of: key("KEY_A"), layout: 0) == 2)
        #expect(us.keysyms(of: key("KEY_A"), layout: 0, level: 0).map(\.name) == ["a"])
        #expect(us.keysyms(of: key("KEY_A"), layout: 0, level: 1).map(\.name) == ["A"])
        #expect(us.keysyms(of: key("KEY_A"), layout: 0, level: 2).isEmpty)

        let de = try XKBFixtures.keymap(layout: "de")
        #expect(de.levelCount(of: key("KEY_Q"), layout: 0) == 4)
        #expect(de.keysyms(of: key("KEY_Q"), layout: 0, level: 2).map(\.name) == ["at"])
    }

    @Test func eachLayoutOfAKeyHasItsOwnKeysyms() throws {
        let keymap = try XKBFixtures.keymap(layout: "us,ru")
        #expect(keymap.layoutCount(of: key("KEY_A")) == 2)
        #expect(keymap.keysyms(of: key("KEY_A"), layout: 1, level: 0).map(\.name) == ["Cyrillic_ef"])
        #expect(keymap.keysyms(of: key("KEY_A"), layout: 1, level: 1).map(\.name) == ["Cyrillic_EF"])
    }

    @Test func theModifiersThatSelectALevel() throws {
        let us = try XKBFixtures.keymap(layout: "us")
        let a = key("KEY_A")
        let shifted = us.modifierMasks(of: a, layout: 0, level: 1)
        #expect(shifted.first == .shift)  // simplest first
        #expect(shifted.contains(.lock))
        #expect(!shifted.contains([]))
        #expect(us.modifierMasks(of: a, layout: 0, level: 0).first == [])
        #expect(us.modifierMasks(of: a, layout: 0, level: 5).isEmpty)

        let de = try XKBFixtures.keymap(layout: "de")
        // AltGr is ISO_Level3_Shift, on Mod5: AltGr+Q types @.
        #expect(de.modifierMasks(of: key("KEY_Q"), layout: 0, level: 2).first == .mod5)
        #expect(de.modifierMasks(of: key("KEY_Q"), layout: 0, level: 3).first == [.shift, .mod5])
    }

    @Test func everyModifierMaskOfALevelReallySelectsIt() throws {
        let keymap = try XKBFixtures.keymap(layout: "de")
        for name in ["KEY_Q", "KEY_E", "KEY_7", "KEY_SEMICOLON", "KEY_KP1"] {
            let keycode = key(name)
            for level in 0..<keymap.levelCount(of: keycode, layout: 0) {
                for mask in keymap.modifierMasks(of: keycode, layout: 0, level: level) {
                    let state = KeyboardState(keymap: keymap)
                    state.updateMask(depressedModifiers: mask)
                    #expect(state.level(of: keycode, layout: 0) == level, "\(name) level \(level) mask \(mask)")
                }
            }
        }
    }
}
