import KeyInputKit
import KeyInputKitTesting
import Testing

/// The edit menu headless: what it offers a text field, how it opens, how the
/// keyboard and the pointer work it, and what it leaves alone.
@MainActor
@Suite(.serialized) struct EditMenuTests {
    /// A window with a field holding `text`, first responder, and a button below it.
    private func form(_ text: String = "hello world", traits: TextInputTraits = TextInputTraits(), field: TextField? = nil)
        throws -> (WindowTester, TextField, Button, Counter)
    {
        Pasteboard.general.string = nil
        let window = Window(size: Size(width: 400, height: 600))
        Application().addWindow(window)
        window.caretBlinks = false
        let field = field ?? TextField(frame: Rect(x: 10, y: 10, width: 300, height: 30), traits: traits)
        field.frame = Rect(x: 10, y: 10, width: 300, height: 30)
        field.textInputTraits = traits
        field.text = text
        let counter = Counter()
        let button = Button(title: "Send", frame: Rect(x: 10, y: 400, width: 120, height: 40)) { _ in counter.count += 1 }
        window.addSubview(field)
        window.addSubview(button)
        _ = field.becomeFirstResponder()
        return (try WindowTester(window: window, layout: "us"), field, button, counter)
    }

    /// The middle of an element's row, in window coordinates.
    private func point(of title: String, in menu: MenuView) throws -> Point {
        let element = try #require(menu.element(titled: title), "no \(title) in the menu")
        let frame = try #require(menu.frame(of: element))
        return Point(x: frame.midX, y: frame.midY)
    }

    private func isEnabled(_ id: String, _ menu: MenuView) -> Bool? { menu.menu.action(identifiedBy: id)?.isEnabled }

    // MARK: Enablement

    @Test func withoutSelectionOnlyPasteAndSelectAllAndUndoCanActAfterTyping() throws {
        let (tester, field, _, _) = try form("")
        try tester.type("hi")
        Pasteboard.general.string = "clip"
        try tester.press("KEY_COMPOSE")
        let menu = try #require(tester.window.presentedEditMenu)
        #expect(menu.menu.allActions.map(\.title) == ["Undo", "Redo", "Cut", "Copy", "Paste", "Delete", "Select All", "Emoji"])
        #expect(isEnabled("undo", menu) == true, "typing left something to undo")
        #expect(isEnabled("redo", menu) == false)
        #expect(isEnabled("cut", menu) == false && isEnabled("copy", menu) == false && isEnabled("delete", menu) == false)
        #expect(isEnabled("paste", menu) == true)
        #expect(isEnabled("select-all", menu) == true)
        #expect(field.text == "hi")
    }

    @Test func aSelectionEnablesCutCopyAndDeleteAndUndoneTypingEnablesRedo() throws {
        let (tester, field, _, _) = try form("")
        try tester.type("hi")
        field.undo()
        field.text = "hello world"
        field.selectedRange = 0..<5
        try tester.press("KEY_COMPOSE")
        let menu = try #require(tester.window.presentedEditMenu)
        #expect(isEnabled("cut", menu) == true && isEnabled("copy", menu) == true && isEnabled("delete", menu) == true)
        #expect(isEnabled("paste", menu) == false, "the clipboard is empty")
    }

    @Test func aSecureFieldOffersNoCutNorCopy() throws {
        let (tester, field, _, _) = try form("secret", traits: TextInputTraits(isSecureTextEntry: true))
        field.selectedRange = 0..<6
        try tester.press("KEY_COMPOSE")
        let menu = try #require(tester.window.presentedEditMenu)
        #expect(menu.menu.action(identifiedBy: "cut") == nil && menu.menu.action(identifiedBy: "copy") == nil)
        #expect(isEnabled("delete", menu) == true)
    }

    @Test func pasteTurnsEnabledWhenAnotherProgramsClipboardAnswersLater() throws {
        let (tester, _, _, _) = try form()
        let owner = LateClipboard()
        Pasteboard.general.backend = owner
        defer { Pasteboard.general.backend = nil }
        try tester.press("KEY_COMPOSE")
        let menu = try #require(tester.window.presentedEditMenu, "the menu shows before the clipboard answers")
        #expect(isEnabled("paste", menu) == false)
        owner.answer("from elsewhere")
        #expect(isEnabled("paste", menu) == true)
    }

    // MARK: Triggers

    @Test func aRightClickPlacesTheCaretAndOpensTheMenuAndPassesNothingOn() throws {
        let (tester, field, _, _) = try form("hello world")
        field.selectedRange = 0..<0
        let location = field.convert(Point(x: 250, y: 15), to: nil)
        tester.window.sendPointerEvent(PointerEvent(.down, at: location, button: 3))
        tester.window.sendPointerEvent(PointerEvent(.up, at: location, button: 3))
        #expect(tester.window.presentedEditMenu != nil)
        #expect(field.selectedRange == 11..<11, "the caret went to the click")
        #expect(field.isFirstResponder)
    }

    @Test func aRightClickInsideTheSelectionKeepsIt() throws {
        let (tester, field, _, _) = try form("hello world")
        field.selectedRange = 0..<5
        let caret = try #require(field.caretRect)
        let location = field.convert(Point(x: caret.minX - 10, y: 15), to: nil)
        tester.window.sendPointerEvent(PointerEvent(.down, at: location, button: 3))
        tester.window.sendPointerEvent(PointerEvent(.up, at: location, button: 3))
        #expect(field.selectedRange == 0..<5)
        #expect(tester.window.presentedEditMenu.flatMap { self.isEnabled("copy", $0) } == true)
    }

    @Test func aRightClickOnAnUnfocusedFieldFocusesItAndOpensItsMenu() throws {
        let (tester, field, _, _) = try form()
        _ = field.resignFirstResponder()
        let location = field.convert(Point(x: 20, y: 15), to: nil)
        tester.window.sendPointerEvent(PointerEvent(.down, at: location, button: 3))
        tester.window.sendPointerEvent(PointerEvent(.up, at: location, button: 3))
        #expect(field.isFirstResponder)
        #expect(tester.window.presentedEditMenu != nil)
    }

    @Test(arguments: ["KEY_COMPOSE", "KEY_LEFTSHIFT+KEY_F10"])
    func theMenuKeyAndShiftF10OpenTheMenuAtTheCaretWithTheFirstItemHighlighted(_ keys: String) throws {
        let (tester, field, _, _) = try form("hello")
        Pasteboard.general.string = "x"
        try tester.press(keys)
        let menu = try #require(tester.window.presentedEditMenu)
        #expect(menu.highlightedElement?.title == "Undo" || menu.highlightedElement?.title == "Paste")
        let caret = field.convert(try #require(field.caretRect), to: nil)
        let popup = try #require(menu.popup)
        #expect(popup.frame.minY >= caret.maxY - 0.5 && popup.frame.minX <= caret.maxX, "below the caret")
        #expect(field.isFirstResponder && field.text == "hello", "the key typed nothing")
    }

    @Test func aLongPressOnTextSelectsAWordAndOpensATouchSizedMenuWhenItEnds() throws {
        let (tester, field, _, _) = try form("alpha bravo")
        _ = field.resignFirstResponder()
        field.selectedRange = 8..<8
        let caret = try #require(field.caretRect)
        let location = field.convert(Point(x: caret.midX, y: caret.midY), to: nil)
        let finger = tester.touchDown(at: location)
        tester.advance(by: 0.8)
        #expect(tester.window.presentedEditMenu == nil, "not while the finger is down")
        tester.touchUp(finger)
        let menu = try #require(tester.window.presentedEditMenu)
        #expect(field.selectedText == "bravo")
        #expect(menu.rowHeight == 44)
        tester.tap(at: try point(of: "Copy", in: menu))
        #expect(Pasteboard.general.string == "bravo")
        #expect(tester.window.presentedEditMenu == nil)
    }

    /// A long press on "bravo" in "alpha bravo", held long enough; returns where the finger was.
    private func longPressBravo(in field: TextField, _ tester: WindowTester) throws -> Point {
        field.selectedRange = 8..<8
        let caret = try #require(field.caretRect)
        let bravo = field.convert(Point(x: caret.midX, y: caret.midY), to: nil)
        let finger = tester.touchDown(at: bravo)
        tester.advance(by: 0.8)
        tester.touchUp(finger)
        return bravo
    }

    @Test func aFingerOnTheTextALongPressMenuIsForClosesItAndReachesTheText() throws {
        let (tester, field, button, counter) = try form("alpha bravo")
        let bravo = try longPressBravo(in: field, tester)
        #expect(tester.window.presentedEditMenu != nil)
        // A tap at the start of the text, as on iOS: the menu goes and the caret moves there.
        tester.advance(by: 1)
        tester.tap(at: field.convert(Point(x: 2, y: field.frame.height / 2), to: nil))
        #expect(tester.window.presentedEditMenu == nil)
        #expect(field.selectedRange == 0..<0, "the tap reached the text")
        // A finger anywhere else still only closes the menu.
        tester.advance(by: 1)
        field.selectedRange = 8..<8
        let again = tester.touchDown(at: bravo)
        tester.advance(by: 0.8)
        tester.touchUp(again)
        #expect(tester.window.presentedEditMenu != nil)
        try tester.tap(button)
        #expect(tester.window.presentedEditMenu == nil)
        #expect(counter.count == 0)
    }

    @Test func typingAfterALongPressClosesItsMenuAndReplacesTheWordAndEscapeOnlyCloses() throws {
        let (tester, field, _, _) = try form("alpha bravo")
        _ = try longPressBravo(in: field, tester)
        #expect(tester.window.presentedEditMenu != nil)
        try tester.press("KEY_ESC")
        #expect(tester.window.presentedEditMenu == nil)
        #expect(field.isFirstResponder && field.selectedText == "bravo", "Escape closed the menu, nothing more")
        tester.advance(by: 1)
        _ = try longPressBravo(in: field, tester)
        #expect(tester.window.presentedEditMenu != nil)
        try tester.type("x")
        #expect(tester.window.presentedEditMenu == nil)
        #expect(field.text == "alpha x", "the key went on to the field and replaced the word")
    }

    @Test func theMenuKeyInAComposeSequenceEndsItsAccentAsAnyKeyThatDoesNotComposeDoes() throws {
        let window = Window(size: Size(width: 400, height: 600))
        Application().addWindow(window)
        let field = TextField(frame: Rect(x: 10, y: 10, width: 300, height: 30))
        window.addSubview(field)
        _ = field.becomeFirstResponder()
        let tester = try WindowTester(window: window, layout: "de")
        try tester.press("KEY_EQUAL")                    // German ´, a dead key
        #expect(field.markedText == "´")
        try tester.press("KEY_COMPOSE")
        #expect(window.presentedEditMenu != nil)
        #expect(field.markedText == nil, "no accent left showing that the keyboard no longer holds")
        try tester.press("KEY_ESC")
        try tester.type("e")
        #expect(field.text == "e")
    }

    // MARK: Keyboard

    @Test func arrowsSkipDisabledItemsAndWrapAndReturnChooses() throws {
        var noEmoji = TextInputTraits()
        noEmoji.emojiInputType = .no  // no Emoji item: Select All is left alone
        let (tester, field, _, _) = try form("hello", traits: noEmoji)
        try tester.press("KEY_COMPOSE")
        let menu = try #require(tester.window.presentedEditMenu)
        // Nothing to undo, no selection, no clipboard: Select All is the only item that can act.
        #expect(menu.highlightedElement?.title == "Select All")
        try tester.press("KEY_DOWN")
        #expect(menu.highlightedElement?.title == "Select All", "Down wraps around to it")
        try tester.press("KEY_UP KEY_HOME KEY_END")
        #expect(menu.highlightedElement?.title == "Select All")
        try tester.press("KEY_ENTER")
        #expect(field.selectedRange == 0..<5)
        #expect(tester.window.presentedEditMenu == nil)
        #expect(field.isFirstResponder)
    }

    @Test func escapeClosesTheMenuAndTheFieldKeepsFocus() throws {
        let (tester, field, _, _) = try form()
        tester.window.escapeResignsFirstResponder = true
        try tester.press("KEY_COMPOSE")
        #expect(tester.window.presentedEditMenu != nil)
        try tester.press("KEY_ESC")
        #expect(tester.window.presentedEditMenu == nil)
        #expect(field.isFirstResponder, "Escape closed the menu only")
        try tester.type("!")
        #expect(field.text == "hello world!")
    }

    @Test func anAppsOwnItemWithAShortcutAndASubmenuRunsItsAction() throws {
        let field = ShareField()
        let (tester, _, _, _) = try form("hello", field: field)
        Pasteboard.general.string = "x"
        try tester.press("KEY_COMPOSE")
        let menu = try #require(tester.window.presentedEditMenu)
        let share = try #require(menu.menu.action(identifiedBy: "share"))
        #expect(share.keyboardShortcut?.description == "Ctrl+Shift+S")
        #expect(menu.menu.action(identifiedBy: "delete") == nil, "the app took Delete away")
        // First letters: S goes to Select All, then Share; Home, then F opens nothing (Format is a submenu: Right opens it).
        try tester.press("KEY_S")
        #expect(menu.highlightedElement?.title == "Select All")
        try tester.press("KEY_S")
        #expect(menu.highlightedElement?.title == "Share")
        try tester.press("KEY_F KEY_RIGHT")
        #expect(tester.window.presentedPopups.count == 2, "the Format submenu opened")
        let submenu = try #require(tester.window.presentedPopups.last?.contentView as? MenuView)
        #expect(submenu.highlightedElement?.title == "Bold")
        try tester.press("KEY_LEFT")
        #expect(tester.window.presentedPopups.count == 1, "Left closed the submenu only")
        try tester.press("KEY_RIGHT KEY_DOWN KEY_ENTER")
        #expect(field.chosen == ["Italic"])
        #expect(tester.window.presentedPopups.isEmpty)
        try tester.press("KEY_COMPOSE")
        let again = try #require(tester.window.presentedEditMenu)
        tester.click(at: try point(of: "Share", in: again))
        #expect(field.chosen == ["Italic", "Share"])
    }

    // MARK: Closing

    @Test func aClickOutsideClosesTheMenuWithoutReachingTheButtonUnderIt() throws {
        let (tester, field, button, counter) = try form()
        try tester.press("KEY_COMPOSE")
        #expect(tester.window.presentedEditMenu != nil)
        try tester.click(button)
        #expect(tester.window.presentedEditMenu == nil)
        #expect(counter.count == 0, "the click went no further")
        #expect(field.isFirstResponder, "nor did it move focus")
        try tester.click(button)
        #expect(counter.count == 1)
    }

    @Test func aTapOutsideClosesTheMenuWithoutReachingTheButtonUnderIt() throws {
        let (tester, _, button, counter) = try form()
        try tester.press("KEY_COMPOSE")
        try tester.tap(button)
        #expect(tester.window.presentedEditMenu == nil)
        #expect(counter.count == 0)
    }

    @Test func focusMovingOrTheWindowGoingInactiveClosesTheMenu() throws {
        let (tester, field, _, _) = try form()
        try tester.press("KEY_COMPOSE")
        _ = field.resignFirstResponder()
        #expect(tester.window.presentedEditMenu == nil)
        _ = field.becomeFirstResponder()
        tester.window.isActive = true
        try tester.press("KEY_COMPOSE")
        tester.window.isActive = false
        #expect(tester.window.presentedEditMenu == nil)
    }

    @Test func anInputMethodsMarkedTextAndTheFocusSurviveTheMenuAndItsKeys() throws {
        let field = LoggingField()
        let (tester, _, _, _) = try form("", field: field)
        // What an input method's preedit does to the field.
        field.setMarkedText("にほ")
        field.log = []
        try tester.press("KEY_COMPOSE KEY_DOWN KEY_UP KEY_S KEY_ESC")
        #expect(tester.window.presentedEditMenu == nil)
        #expect(field.isFirstResponder)
        #expect(field.markedText == "にほ", "the menu left the preedit alone")
        #expect(field.log.isEmpty, "no key reached the field while the menu was open: \(field.log)")
        try tester.press("KEY_COMPOSE")
        try tester.press("KEY_ESC")
        #expect(field.markedText == "にほ")
    }
}

@MainActor
private final class Counter {
    var count = 0
}

/// A clipboard owned by another program, which answers when told.
@MainActor
private final class LateClipboard: PasteboardBackend {
    var requests: [@MainActor (String?) -> Void] = []
    func pasteboard(_ pasteboard: Pasteboard, didSetString string: String?) {}
    func pasteboard(_ pasteboard: Pasteboard, requestString completion: @escaping @MainActor (String?) -> Void) {
        requests.append(completion)
    }
    func answer(_ text: String?) { for request in requests { request(text) }; requests = [] }
}

/// An app's field: adds Share (Ctrl+Shift+S) and a Format submenu, takes Delete away.
@MainActor
private final class ShareField: TextField {
    var chosen: [String] = []
    override func editMenu(for request: EditMenuRequest, suggestedActions: [MenuElement]) -> Menu? {
        guard let menu = super.editMenu(for: request, suggestedActions: suggestedActions) else { return nil }
        let record: (MenuAction) -> Void = { [weak self] in self?.chosen.append($0.title) }
        let share = MenuAction(
            title: "Share", identifier: "share", keyboardShortcut: KeyboardShortcut("s", modifiers: [.control, .shift]),
            handler: record)
        let format = Menu(title: "Format", children: [
            MenuAction(title: "Bold", state: .on, handler: record), MenuAction(title: "Italic", handler: record),
        ])
        let kept = menu.children.map { element -> MenuElement in
            guard let group = element as? Menu else { return element }
            return group.replacingChildren(group.children.filter { $0.identifier != "delete" })
        }
        return menu.replacingChildren(kept + [Menu(options: .displayInline, children: [share, format])])
    }
}
