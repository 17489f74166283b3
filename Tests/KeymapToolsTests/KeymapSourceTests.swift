import KeymapTools
import Testing
import XKB

@Suite struct KeymapSourceTests {
    @Test func aSourceDescribesItselfByNamesOrPath() {
        #expect(KeymapSource(.names(RuleNames(layout: "de", variant: "nodeadkeys"))).description == "layout=de variant=nodeadkeys")
        #expect(KeymapSource(.names(RuleNames())).description == "default keymap")
        #expect(KeymapSource(.file("keymaps/my.xkb")).description == "keymaps/my.xkb")
    }
}
