import KeyInputKit
import KeymapViews
import Testing
import XKB

@MainActor
@Suite struct LayoutPictureTests {
    static func keymap(_ layout: String) throws -> Keymap {
        try Keymap(context: Context(options: .noEnvironmentNames), names: RuleNames(layout: layout))
    }

    @Test func theDescriptionListsEachCapsLevels() throws {
        let german = LayoutPicture(keymap: try Self.keymap("de")).description
        #expect(german.hasPrefix("Levels: base, Shift, AltGr, AltGr+Shift.\n"))
        #expect(german.contains("<AC10> ö Ö"), "\(german)")
        #expect(german.contains("<AD01> q Q @"), "\(german)")
    }

    @Test func thePictureIsFifteenUnitsByFiveRowsUnderATitle() throws {
        let picture = LayoutPicture(keymap: try Self.keymap("us"))
        #expect(picture.window.frame.size == Size(width: 15 * 64, height: 32 + 5 * 64))
        #expect(picture.keyboard.style == .layoutDiagram)
    }
}
