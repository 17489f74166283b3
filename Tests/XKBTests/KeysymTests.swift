import Testing
import XKB

@Suite struct KeysymTests {
    @Test(arguments: [
        ("a", UInt32(0x61)),
        ("A", 0x41),
        ("Return", 0xff0d),
        ("BackSpace", 0xff08),
        ("dead_acute", 0xfe51),
        ("eacute", 0xe9),
        ("EuroSign", 0x20ac),
        ("Cyrillic_ef", 0x6c6),
        ("Shift_L", 0xffe1),
        ("XF86Switch_VT_1", 0x1008fe01),
    ])
    func namesAndValuesGoBothWays(name: String, value: UInt32) throws {
        let keysym = try #require(Keysym(name: name))
        #expect(keysym.rawValue == value)
        #expect(Keysym(value).name == name)
        #expect(keysym.description == name)
    }

    @Test func namesAreCaseSensitiveUnlessAskedOtherwise() {
        #expect(Keysym(name: "RETURN") == nil)
        #expect(Keysym(name: "RETURN", caseInsensitive: true) == .return)
        #expect(Keysym(name: "backspace", caseInsensitive: true) == .backSpace)
        #expect(Keysym(name: "DEAD_ACUTE", caseInsensitive: true)?.name == "dead_acute")
    }

    @Test func caseInsensitiveLookupOfALetterPrefersTheLowerCaseKeysym() {
        #expect(Keysym(name: "A", caseInsensitive: true)?.name == "a")
        #expect(Keysym(name: "EACUTE", caseInsensitive: true)?.name == "eacute")
        // Without the flag the exact name is found.
        #expect(Keysym(name: "A")?.name == "A")
    }

    @Test(arguments: ["NotAKeysym", "", "KEY_A", "Return ", "U110000", "0xZZ"])
    func unknownNamesGiveNil(name: String) {
        #expect(Keysym(name: name) == nil)
        #expect(Keysym(name: name, caseInsensitive: true) == nil)
    }

    @Test func unicodeAndHexadecimalNamesAreAccepted() throws {
        let euro = try #require(Keysym(name: "U20AC"))
        #expect(euro.text == "€")
        let a = try #require(Keysym(name: "0x61"))
        #expect(a.name == "a")
    }

    @Test func noSymbolIsNotAKeysymToLookUp() {
        #expect(Keysym(name: "NoSymbol") == nil)
        #expect(Keysym.noSymbol.rawValue == 0)
        #expect(Keysym.noSymbol.text == "")
        #expect(Keysym.noSymbol.unicodeScalar == nil)
    }

    @Test func aValueWithoutANameIsWrittenInHexadecimal() {
        #expect(Keysym(0x1234_5678).name == "0x12345678")
        #expect(Keysym.noSymbol.name == "NoSymbol")
    }

    @Test(arguments: [
        ("a", "a"),
        ("eacute", "é"),
        ("EuroSign", "€"),
        ("Cyrillic_ef", "ф"),
        ("space", " "),
        ("KP_1", "1"),
    ])
    func textOfAKeysymIsTheCharacterItTypes(name: String, text: String) throws {
        let keysym = try #require(Keysym(name: name))
        #expect(keysym.text == text)
        #expect(keysym.unicodeScalar.map { String($0) } == text)
    }

    @Test(arguments: ["Shift_L", "dead_acute", "Left", "F1", "Multi_key"])
    func keysymsThatTypeNothingHaveNoText(name: String) throws {
        let keysym = try #require(Keysym(name: name))
        #expect(keysym.text == "")
        #expect(keysym.unicodeScalar == nil)
    }

    @Test func controlKeysHaveControlCharactersAsText() {
        // What a text field must not insert: the decoder filters these out.
        #expect(Keysym.return.text == "\r")
        #expect(Keysym.backSpace.unicodeScalar == "\u{08}")
        #expect(Keysym.tab.text == "\t")
        #expect(Keysym.escape.text == "\u{1B}")
        #expect(Keysym.delete.text == "\u{7F}")
    }

    @Test(arguments: [
        (Character("a"), "a"),
        ("é", "eacute"),
        ("€", "EuroSign"),
        ("ф", "Cyrillic_ef"),
        ("ł", "lstroke"),
    ])
    func theKeysymOfACharacter(character: Character, name: String) throws {
        let scalar = try #require(character.unicodeScalars.first)
        #expect(Keysym(character: scalar)?.name == name)
    }

    @Test(arguments: [
        ("a", "A", "a"),
        ("A", "A", "a"),
        ("eacute", "Eacute", "eacute"),
        ("Cyrillic_ef", "Cyrillic_EF", "Cyrillic_ef"),
        ("1", "1", "1"),
        ("Return", "Return", "Return"),
    ])
    func upperAndLowerCase(name: String, upper: String, lower: String) throws {
        let keysym = try #require(Keysym(name: name))
        #expect(keysym.uppercased.name == upper)
        #expect(keysym.lowercased.name == lower)
    }

    @Test(arguments: [
        "Shift_L", "Shift_R", "Control_L", "Caps_Lock", "Alt_R", "Super_L", "Meta_L", "Hyper_R",
        "ISO_Level3_Shift", "ISO_Next_Group", "ISO_Group_Shift", "Mode_switch", "Num_Lock",
    ])
    func modifierKeysymsAreModifiers(name: String) throws {
        #expect(try #require(Keysym(name: name)).isModifier)
    }

    @Test(arguments: ["a", "Return", "dead_acute", "Multi_key", "Escape", "F1", "Scroll_Lock", "space"])
    func otherKeysymsAreNotModifiers(name: String) throws {
        #expect(try !#require(Keysym(name: name)).isModifier)
    }

    @Test func deadKeysymsAreDead() throws {
        #expect(try #require(Keysym(name: "dead_acute")).isDead)
        #expect(try #require(Keysym(name: "dead_diaeresis")).isDead)
        #expect(try !#require(Keysym(name: "acute")).isDead)
        #expect(!Keysym.multiKey.isDead)
    }

    @Test func theNamedConstantsAreTheKeysymsOfTheirNames() {
        let constants: [(Keysym, String)] = [
            (.backSpace, "BackSpace"), (.tab, "Tab"), (.isoLeftTab, "ISO_Left_Tab"), (.return, "Return"),
            (.keypadEnter, "KP_Enter"), (.escape, "Escape"), (.delete, "Delete"), (.space, "space"),
            (.left, "Left"), (.right, "Right"), (.up, "Up"), (.down, "Down"), (.home, "Home"), (.end, "End"),
            (.pageUp, "Prior"), (.pageDown, "Next"), (.multiKey, "Multi_key"),
        ]
        for (keysym, name) in constants {
            #expect(Keysym(name: name) == keysym, "\(name)")
        }
    }
}
