import Testing
import XKB

@Suite struct NameSuggestionsTests {
    @Test func aMisspeltLayoutSuggestsTheLayout() throws {
        let layouts = try Registry().layoutNames
        #expect(NameSuggestions.nearest(to: "dee", in: layouts).contains("de"))
        #expect(NameSuggestions.nearest(to: "fra", in: layouts).contains("fr"))
    }

    @Test func anAbbreviatedKeyNameSuggestsTheFullName() {
        let suggestions = NameSuggestions.nearest(to: "KEY_LSHIFT", in: EvdevKeyNames.allNames)
        #expect(suggestions.first == "KEY_LEFTSHIFT")
    }

    @Test func aTypoSuggestsTheNearestNameFirst() {
        let suggestions = NameSuggestions.nearest(to: "KEY_ENTRE", in: EvdevKeyNames.allNames)
        #expect(suggestions.first == "KEY_ENTER")
    }

    @Test func matchingIgnoresCase() {
        #expect(NameSuggestions.nearest(to: "key_esc", in: EvdevKeyNames.allNames).first == "KEY_ESC")
    }

    @Test func aPrefixSuggestsTheLongerNames() {
        let suggestions = NameSuggestions.nearest(to: "nodead", in: ["nodeadkeys", "deadtilde", "nodeadkeys", "mac"])
        #expect(suggestions == ["nodeadkeys"])  // and only once
    }

    @Test func atMostTheLimitIsReturned() {
        let candidates = ["KEY_F1", "KEY_F2", "KEY_F3", "KEY_F4", "KEY_F5"]
        #expect(NameSuggestions.nearest(to: "KEY_F", in: candidates).count == 3)
        #expect(NameSuggestions.nearest(to: "KEY_F", in: candidates, limit: 1) == ["KEY_F1"])
    }

    @Test func nothingNearGivesNothing() {
        #expect(NameSuggestions.nearest(to: "zzzzqqqq", in: ["us", "de", "fr"]).isEmpty)
        #expect(NameSuggestions.nearest(to: "", in: ["us"]).isEmpty)
        #expect(NameSuggestions.nearest(to: "us", in: []).isEmpty)
    }
}
