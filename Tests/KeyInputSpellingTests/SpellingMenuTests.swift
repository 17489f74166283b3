import KeyInputKit
import KeyInputKitTesting
import KeyInputSpelling
import Testing

@Suite("The edit menu on a misspelt word starts with its suggestions")
@MainActor
struct SpellingMenuTests {
    @Test("on \"teh\": suggestions with \"the\", Add to Dictionary, Ignore Spelling, then a separator; choosing \"the\" is one undo step")
    func menuOnAMisspeltWord() throws {
        let fixture = try SpellingFixture()
        fixture.window.caretBlinks = false
        let field = fixture.field()
        try fixture.tester.type("I saw teh cat")
        field.selectedRange = 7..<7
        try fixture.tester.press("KEY_COMPOSE")
        let menu = try #require(fixture.window.presentedEditMenu)
        let groups = menu.menu.children.compactMap { $0 as? Menu }
        let spelling = try #require(groups.first).children.map(\.title)
        #expect(spelling.count >= 3 && spelling.count <= 7, "\(spelling)")
        #expect(spelling.prefix(spelling.count - 2).contains("the"), "\(spelling)")
        #expect(spelling.suffix(2) == ["Add to Dictionary", "Ignore Spelling"])
        #expect(groups.count > 1 && groups[1].children.first?.title == "Undo", "no separate group after the spelling items")
        let the = try #require(menu.element(titled: "the"))
        let row = try #require(menu.frame(of: the))
        fixture.tester.click(at: Point(x: row.midX, y: row.midY))
        #expect(fixture.window.presentedEditMenu == nil)
        #expect(field.text == "I saw the cat")
        try fixture.tester.press("KEY_LEFTCTRL+KEY_Z")
        #expect(field.text == "I saw teh cat")
    }

    @Test("on a correct word, and in a secure field, the menu has no spelling items")
    func noSpellingItems() throws {
        let fixture = try SpellingFixture()
        let field = fixture.field()
        try fixture.tester.type("the cat")
        field.selectedRange = 1..<1
        try fixture.tester.press("KEY_COMPOSE")
        let menu = try #require(fixture.window.presentedEditMenu)
        #expect(menu.menu.allActions.first?.title == "Undo")
        try fixture.tester.press("KEY_ESC")
        let secure = fixture.field { $0.isSecureTextEntry = true }
        try fixture.tester.type("teh")
        secure.selectedRange = 1..<1
        try fixture.tester.press("KEY_COMPOSE")
        let secureMenu = try #require(fixture.window.presentedEditMenu)
        #expect(secureMenu.menu.allActions.first?.title == "Undo")
    }
}
