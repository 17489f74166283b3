import KeyInputKit
import KeyInputKitTesting
import Testing

// The README's edit-menu section: a field that adds its own item to the menu. Linked into the
// examples tests, it runs with them.

final class NoteField: TextField {
    var shared: [String] = []

    override func editMenu(for request: EditMenuRequest, suggestedActions: [MenuElement]) -> Menu? {
        let share = MenuAction(title: "Share", keyboardShortcut: KeyboardShortcut("s", modifiers: [.control, .shift])) {
            [unowned self] _ in shared.append(text)
        }
        return Menu(children: suggestedActions + [share])   // Cut, Copy, Paste… then Share
    }
}

@MainActor
@Test func theMenuKeyOpensTheMenuAndShareRunsItsAction() throws {
    let window = Window(size: Size(width: 400, height: 600))
    let field = NoteField(frame: Rect(x: 10, y: 10, width: 300, height: 30))
    field.text = "Meet at noon"
    window.addSubview(field)
    _ = field.becomeFirstResponder()
    let tester = try WindowTester(window: window, layout: "us")
    try tester.press("KEY_COMPOSE")                       // the Menu key
    let menu = try #require(window.presentedEditMenu)
    let share = try #require(menu.element(titled: "Share").flatMap { menu.frame(of: $0) })
    tester.click(at: Point(x: share.midX, y: share.midY))
    #expect(field.shared == ["Meet at noon"])
    #expect(window.presentedEditMenu == nil)
}
