import TestSupport
import Testing
import XKB

@Suite struct ModifierMaskTests {
    @Test func theRealModifiersHaveFixedBits() {
        let all: [ModifierMask] = [.shift, .lock, .control, .mod1, .mod2, .mod3, .mod4, .mod5]
        #expect(all.map(\.rawValue) == [1, 2, 4, 8, 16, 32, 64, 128])
        #expect(all.map(\.indices) == (0..<8).map { [$0] })
    }

    @Test func indicesListTheModifiersLowestFirst() {
        #expect(ModifierMask([.mod5, .shift, .control]).indices == [0, 2, 7])
        #expect(ModifierMask().indices == [])
        #expect(ModifierMask(index: 31).indices == [31])
    }

    @Test func anIndexPastThirtyOneIsNoModifier() {
        #expect(ModifierMask(index: 32).isEmpty)
        #expect(ModifierMask(index: 100).isEmpty)
    }

    @Test func theFixedBitsMatchTheKeymapsModifierIndices() throws {
        let keymap = try XKBFixtures.keymap(layout: "us")
        let pairs: [(ModifierMask, String)] = [(.shift, "Shift"), (.lock, "Lock"), (.control, "Control"), (.mod5, "Mod5")]
        for (mask, name) in pairs {
            let index = try #require(keymap.modifierIndex(named: name))
            #expect(ModifierMask(index: index) == mask)
        }
    }
}
