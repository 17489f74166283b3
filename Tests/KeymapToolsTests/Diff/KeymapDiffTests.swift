import Foundation
import KeymapTools
import TestSupport
import Testing
import XKB

@Suite struct KeymapDiffTests {
    /// A small complete keymap whose symbols are `symbols`.
    static func keymapText(_ symbols: String, types: String = "include \"complete\"") -> String {
        """
        xkb_keymap {
          xkb_keycodes { include "evdev+aliases(qwerty)" };
          xkb_types { \(types) };
          xkb_compat { include "complete" };
          xkb_symbols {
        \(symbols)
          };
        };
        """
    }

    static let symbols = """
            key <LFSH> { [ Shift_L ] };
            key <CAPS> { [ Caps_Lock ] };
            key <AC01> { type = "ALPHABETIC", [ a, A ] };
            key <AC02> { [ s, S ] };
            key <AD01> { [ q, Q ] };
            modifier_map Shift { <LFSH> };
            modifier_map Lock { <CAPS> };
        """

    func meaning(_ symbols: String, compose: Bool = false) throws -> KeymapMeaning {
        let context = try XKBFixtures.context()
        let keymap = try Keymap(context: context, text: Self.keymapText(symbols))
        return KeymapMeaning(keymap: keymap, composeTable: compose ? try XKBFixtures.composeTable(context: context) : nil)
    }

    func meaning(layout: String, variant: String? = nil, compose: Bool = false) throws -> KeymapMeaning {
        let context = try XKBFixtures.context()
        let keymap = try Keymap(context: context, names: RuleNames(layout: layout, variant: variant))
        return KeymapMeaning(keymap: keymap, composeTable: compose ? try XKBFixtures.composeTable(context: context) : nil)
    }

    /// Where a keymap has dead keysyms: key name, group and level.
    func deadPlaces(_ keymap: Keymap) -> Set<String> {
        var places = Set<String>()
        for key in keymap.keys {
            for group in 0..<keymap.layoutCount(of: key) {
                for level in 0..<keymap.levelCount(of: key, layout: group)
                where keymap.keysyms(of: key, layout: group, level: level).contains(where: \.isDead) {
                    places.insert("\(keymap.name(of: key) ?? "") \(group) \(level)")
                }
            }
        }
        return places
    }

    @Test func deAgainstNoDeadKeysShowsExactlyTheDeadKeys() throws {
        let context = try XKBFixtures.context()
        let de = try Keymap(context: context, names: RuleNames(layout: "de"))
        let plain = try Keymap(context: context, names: RuleNames(layout: "de", variant: "nodeadkeys"))
        // Read from the keymaps: the levels that are dead in de and not in de(nodeadkeys).
        let gone = deadPlaces(de).subtracting(deadPlaces(plain))
        #expect(!gone.isEmpty)
        let goneKeys = Set(gone.map { String($0.prefix { $0 != " " }) })
        let diff = KeymapDiff(from: KeymapMeaning(keymap: de), to: KeymapMeaning(keymap: plain))
        #expect(Set(diff.keyChanges.map(\.key)) == goneKeys, "\(diff.text())")
        let changedLevels = Set(diff.keyChanges.filter { $0.kind == .keysyms }.map { "\($0.key) \($0.group ?? -1) \($0.level ?? -1)" })
        #expect(gone.isSubset(of: changedLevels), "\(diff.text())")
        #expect(diff.keyChanges.allSatisfy { $0.kind == .keysyms }, "\(diff.text())")
        #expect(diff.modifierMapChanges.isEmpty)
        #expect(!diff.isEmpty)
        #expect(diff.text().contains("TLDE level 1: dead_circumflex → asciicircum (^)"), "\(diff.text())")
    }

    @Test func withComposeTheDeadKeysResultsAreGone() throws {
        let diff = KeymapDiff(
            from: try meaning(layout: "de", compose: true), to: try meaning(layout: "de", variant: "nodeadkeys", compose: true))
        let circumflex = try #require(diff.deadKeyChanges.first { $0.keysym.name == "dead_circumflex" }, "\(diff.text())")
        #expect(circumflex.typedBefore && !circumflex.typedAfter)
        #expect(circumflex.lost.contains { $0.follower.name == "a" && $0.text == "â" }, "\(circumflex.lost)")
        #expect(circumflex.gained.isEmpty)
        // dead_belowdot stays on AC07 in both: not a change.
        #expect(!diff.deadKeyChanges.contains { $0.keysym.name == "dead_belowdot" })
    }

    @Test func aKeymapAndItsOwnTextMeanTheSame() throws {
        let us = try XKBFixtures.keymap(layout: "us")
        let again = try XKBFixtures.keymap(text: us.text)
        let diff = KeymapDiff(from: KeymapMeaning(keymap: us), to: KeymapMeaning(keymap: again))
        #expect(diff.isEmpty, "\(diff.text())")
        #expect(diff.text() == "no difference in meaning\n")
    }

    @Test func orderAndFormattingDoNotCount() throws {
        let reordered = """
                modifier_map Lock { <CAPS> };
                key <AD01> {   [ q,   Q ]   };  // comment
                key <AC02> { [ s, S ] };
                key <AC01> { type= "ALPHABETIC",
                             symbols[Group1] = [ a, A ] };
                modifier_map Shift { <LFSH> };
                key <CAPS> { [ Caps_Lock ] };
                key <LFSH> { [ Shift_L ] };
            """
        let diff = KeymapDiff(from: try meaning(Self.symbols), to: try meaning(reordered))
        #expect(diff.isEmpty, "\(diff.text())")
    }

    @Test func aChangedLevelIsReported() throws {
        let changed = Self.symbols.replacingOccurrences(of: "[ s, S ]", with: "[ s, Q ]")
        let diff = KeymapDiff(from: try meaning(Self.symbols), to: try meaning(changed))
        #expect(diff.keyChanges.count == 1, "\(diff.text())")
        #expect(diff.text().contains("AC02 level 2: S → Q"), "\(diff.text())")
        #expect(diff.summary() == "differ in meaning: 1 key (1 change)")
    }

    @Test func aChangedKeyTypeIsReported() throws {
        // TWO_LEVEL ignores Caps Lock where ALPHABETIC takes it as Shift: the same keysyms, other levels.
        let changed = Self.symbols.replacingOccurrences(of: "\"ALPHABETIC\"", with: "\"TWO_LEVEL\"")
        let diff = KeymapDiff(from: try meaning(Self.symbols), to: try meaning(changed))
        let change = try #require(diff.keyChanges.first, "\(diff.text())")
        #expect(diff.keyChanges.count == 1)
        #expect(change.key == "AC01" && change.kind == .levels)
        #expect(
            diff.text().contains("AC01 levels chosen: Lock level 2, Shift+Lock level 1 → Lock level 1, Shift+Lock level 2"),
            "\(diff.text())")
    }

    @Test func aChangedModifierMapIsReported() throws {
        let changed = Self.symbols.replacingOccurrences(of: "modifier_map Lock { <CAPS> };", with: "modifier_map Control { <CAPS> };")
        let diff = KeymapDiff(from: try meaning(Self.symbols), to: try meaning(changed))
        #expect(diff.modifierMapChanges.map(\.modifier) == ["Control", "Lock"], "\(diff.text())")
        #expect(diff.text().contains("Control: no keys → <CAPS>\n  Lock: <CAPS> → no keys"), "\(diff.text())")
        // Caps_Lock's action locks Lock whatever the map says: the key does the same when pressed.
        #expect(diff.keyChanges.isEmpty, "\(diff.text())")
    }

    @Test func repeatIsReported() throws {
        let changed = Self.symbols.replacingOccurrences(of: "key <AD01> { [ q, Q ] };", with: "key <AD01> { repeat = false, [ q, Q ] };")
        let diff = KeymapDiff(from: try meaning(Self.symbols), to: try meaning(changed))
        #expect(diff.text().contains("AD01 repeat: repeats → does not repeat"), "\(diff.text())")
    }

    @Test func jsonHasEveryChange() throws {
        let changed = Self.symbols.replacingOccurrences(of: "[ s, S ]", with: "[ s, Q ]")
        let diff = KeymapDiff(from: try meaning(Self.symbols), to: try meaning(changed))
        let root = try #require(
            try JSONSerialization.jsonObject(with: Data(diff.json(a: "old.xkb", b: "new.xkb").utf8)) as? [String: Any])
        #expect(root["a"] as? String == "old.xkb")
        #expect(root["same"] as? Bool == false)
        let keys = try #require(root["keys"] as? [[String: Any]])
        try #require(keys.count == 1, "\(keys)")
        #expect(keys[0]["key"] as? String == "AC02")
        #expect(keys[0]["kind"] as? String == "keysyms")
        #expect((keys[0]["level"] as? NSNumber)?.intValue == 2)
        #expect(keys[0]["keysymsA"] as? [String] == ["S"])
        #expect(keys[0]["keysymsB"] as? [String] == ["Q"])
        #expect(keys[0]["textB"] as? String == "Q")
        #expect((root["deadKeys"] as? [Any])?.isEmpty == true)
        #expect((root["modifierMap"] as? [Any])?.isEmpty == true)
    }

    @Test func keysAreInKeyboardOrder() throws {
        let diff = KeymapDiff(from: try meaning(layout: "us"), to: try meaning(layout: "fr"))
        let keys = diff.keyChanges.map(\.key)
        let first = { (name: String) in keys.firstIndex(of: name) ?? Int.max }
        #expect(first("AE01") < first("AD01"), "\(keys)")
        #expect(first("AD01") < first("AC01"))
        #expect(first("AC01") < first("AB01"))
    }
}
