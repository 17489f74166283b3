import Testing
import XKB

@Suite struct EvdevKeyNamesTests {
    @Test(arguments: ["KEY_A", "key_a", "Key_A", "a", "A"])
    func namesIgnoreCaseAndTheKeyPrefix(name: String) {
        #expect(EvdevKeyNames.code(of: name) == 30)
    }

    @Test func unknownNamesHaveNoCode() {
        #expect(EvdevKeyNames.code(of: "KEY_LSHIFT") == nil)
        #expect(EvdevKeyNames.code(of: "") == nil)
        #expect(EvdevKeyNames.code(of: "<AC01>") == nil)
    }

    @Test func aliasesNameTheSameCodeAsTheCanonicalName() {
        // The kernel spells 122 both KEY_HANGEUL and KEY_HANGUEL.
        #expect(EvdevKeyNames.code(of: "KEY_HANGUEL") == 122)
        #expect(EvdevKeyNames.code(of: "KEY_HANGEUL") == 122)
        #expect(EvdevKeyNames.name(of: 122) == "KEY_HANGEUL")
    }

    @Test func everyCanonicalNameGoesBackToItsCode() {
        let names = EvdevKeyNames.allNames
        #expect(names.count > 400)
        #expect(names.first == "KEY_ESC")
        for name in names {
            let code = EvdevKeyNames.code(of: name)
            #expect(code.flatMap(EvdevKeyNames.name(of:)) == name, "\(name)")
        }
    }
}
