import Foundation
import KeyInputKit
import KeyInputKitTesting
import Testing

/// The emoji picker with Unicode's and CLDR's real data: shown by Ctrl+. and
/// Ctrl+;, searched in the user's language, typing at the caret, skin tones,
/// Recently used across runs, and back to the keyboard.
@MainActor
@Suite(.enabled(if: FileManager.default.fileExists(atPath: EmojiCatalog.standardPath), "needs unicode-data"))
struct EmojiPickerTests {
    /// A file for Recently used, in a folder of its own.
    private static func recentsPath() -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("emoji-\(UUID().uuidString)")
        return folder.appendingPathComponent("keyinputkit/emoji-recent").path
    }

    /// A 400×700 window with a focused field holding "Hi ", a US keyboard, and a picker speaking `locale`.
    private func setUp(
        locale: String = "en_US.UTF-8", traits: TextInputTraits = TextInputTraits(autocapitalizationType: .none),
        recents: String = recentsPath(), onScreenKeyboard: Bool = false
    ) throws -> (WindowTester, TextField, EmojiPicker) {
        let window = Window(size: Size(width: 400, height: 700))
        window.inputViewAnimation = .none
        if onScreenKeyboard { window.onScreenKeyboardPolicy = .always }
        let tester = try WindowTester(window: window, layout: "us")
        let field = TextField(frame: Rect(x: 10, y: 10, width: 300, height: 40), traits: traits)
        window.addSubview(field)
        field.becomeFirstResponder()
        field.text = "Hi "
        window.emojiPicker.locale = locale
        window.emojiPicker.recents = EmojiRecents(path: recents)
        tester.settle()
        return (tester, field, window.emojiPicker)
    }

    /// Presses Right until `character` is highlighted (from the search, Down enters the grid), then Return.
    private func chooseWithKeys(_ character: String, _ tester: WindowTester, _ picker: EmojiPicker) throws {
        let index = try #require(picker.shownEmoji.firstIndex { $0.character == character })
        try tester.press("KEY_DOWN")
        for _ in 0..<index { try tester.press("KEY_RIGHT") }
        #expect(picker.highlightedIndex == index)
        try tester.press("KEY_ENTER")
    }

    // MARK: Showing

    @Test(arguments: ["KEY_LEFTCTRL+KEY_DOT", "KEY_LEFTCTRL+KEY_SEMICOLON"])
    func ctrlDotAndCtrlSemicolonShowThePickerInATextField(keys: String) throws {
        let (tester, field, picker) = try setUp()
        try tester.press(keys)
        #expect(tester.window.presentedInputView === picker)
        #expect(tester.window.isShowingEmojiPicker)
        #expect(field.isFirstResponder)
        #expect(field.text == "Hi ", "the shortcut types nothing")
    }

    @Test(arguments: [
        TextInputTraits(keyboardType: .numberPad),
        TextInputTraits(keyboardType: .phonePad),
        TextInputTraits(isSecureTextEntry: true),
        { var traits = TextInputTraits(); traits.emojiInputType = .no; return traits }(),
    ])
    func noPickerWhereTheTraitsTurnEmojiOff(traits: TextInputTraits) throws {
        let (tester, field, picker) = try setUp(traits: traits)
        try tester.press("KEY_LEFTCTRL+KEY_DOT")
        try tester.press("KEY_LEFTCTRL+KEY_SEMICOLON")
        #expect(tester.window.presentedInputView !== picker)
        #expect(!tester.window.isShowingEmojiPicker)
        #expect(!tester.window.showEmojiPicker(for: field))
        #expect(field.isFirstResponder)
    }

    @Test func theTraitTurnsThePickerOnInAPadAndTheMethodShowsIt() throws {
        var traits = TextInputTraits(keyboardType: .numberPad)
        traits.emojiInputType = .yes
        let (tester, field, picker) = try setUp(traits: traits)
        #expect(tester.window.showEmojiPicker(for: field))
        #expect(tester.window.presentedInputView === picker)
    }

    // MARK: Searching and choosing

    @Test func aFrenchSearchForCoeurFindsTheRedHeartAndTypesItAtTheCaret() throws {
        let (tester, field, picker) = try setUp(locale: "fr_FR.UTF-8")
        try tester.press("KEY_LEFTCTRL+KEY_DOT")
        try tester.type("coeur")
        #expect(picker.searchText == "coeur")
        #expect(field.text == "Hi ", "typing goes to the search, not the field")
        #expect(picker.shownEmoji.contains { $0.character == "❤️" }, "\(picker.shownEmoji.map(\.character))")
        try chooseWithKeys("❤️", tester, picker)
        #expect(field.text == "Hi ❤️")
        #expect(field.isFirstResponder)
    }

    @Test func anEnglishSearchForGrinningFindsTheGrinningFaceFirst() throws {
        let (tester, field, picker) = try setUp(locale: "en_GB.UTF-8")
        try tester.press("KEY_LEFTCTRL+KEY_SEMICOLON")
        try tester.type("grinning")
        #expect(picker.shownEmoji.first?.character == "😀")
        try tester.press("KEY_ENTER")
        #expect(field.text == "Hi 😀")
    }

    @Test func aClickOnACellTypesItAndUndoTakesItBack() throws {
        let (tester, field, picker) = try setUp()
        try tester.press("KEY_LEFTCTRL+KEY_DOT")
        try tester.type("grinning")
        let cell = picker.frameOfEmoji(at: 0)
        #expect(cell.width >= EmojiPicker.cellSize && cell.height >= EmojiPicker.cellSize)
        tester.click(at: Point(x: cell.midX, y: cell.midY))
        #expect(field.text == "Hi 😀")
        try tester.press("KEY_LEFTCTRL+KEY_Z")
        #expect(field.text == "Hi ")
    }

    // MARK: Skin tones

    @Test func aLongPressOnThumbsUpOffersSkinTonesAndTypesTheMediumOne() throws {
        let (tester, field, picker) = try setUp()
        try tester.press("KEY_LEFTCTRL+KEY_DOT")
        try tester.type("thumbs up")
        #expect(picker.shownEmoji.first?.character == "👍")
        let cell = picker.frameOfEmoji(at: 0)
        tester.longPress(at: Point(x: cell.midX, y: cell.midY))
        #expect(picker.shownSkinTones == ["👍", "👍🏻", "👍🏼", "👍🏽", "👍🏾", "👍🏿"])
        #expect(field.text == "Hi ", "lifted off the row: nothing typed yet")
        let medium = try #require(picker.frameOfSkinTone(at: 3))
        tester.tap(at: Point(x: medium.midX, y: medium.midY))
        #expect(field.text == "Hi 👍🏽")
        #expect(picker.shownSkinTones == nil)
    }

    @Test func theMouseHeldOnThumbsUpOffersSkinTonesAndAClickTypesOne() throws {
        let (tester, field, picker) = try setUp()
        try tester.press("KEY_LEFTCTRL+KEY_DOT")
        try tester.type("thumbs up")
        let cell = picker.frameOfEmoji(at: 0)
        let middle = Point(x: cell.midX, y: cell.midY)
        tester.window.sendPointerEvent(PointerEvent(.down, at: middle))
        tester.advance(by: 0.8)
        tester.window.sendPointerEvent(PointerEvent(.up, at: middle))
        tester.advance(by: 0.05)
        #expect(picker.shownSkinTones?.count == 6)
        #expect(field.text == "Hi ", "a held press types nothing by itself")
        let dark = try #require(picker.frameOfSkinTone(at: 5))
        tester.click(at: Point(x: dark.midX, y: dark.midY))
        #expect(field.text == "Hi 👍🏿")
    }

    // MARK: Any typing responder

    /// A control of an app's own that takes typing, with no text engine.
    private final class Chat: View, KeyInput {
        var typed = ""
        override var canBecomeFirstResponder: Bool { true }
        var hasText: Bool { !typed.isEmpty }
        func insertText(_ text: String) { typed += text }
        func deleteBackward() { if !typed.isEmpty { typed.removeLast() } }
    }

    @Test func aCustomTypingControlGetsThePickerAndTheEmoji() throws {
        let (tester, _, picker) = try setUp()
        let chat = Chat(frame: Rect(x: 10, y: 60, width: 300, height: 40))
        tester.window.addSubview(chat)
        #expect(chat.becomeFirstResponder())
        try tester.press("KEY_LEFTCTRL+KEY_SEMICOLON")
        #expect(tester.window.presentedInputView === picker)
        try tester.type("grinning")
        try tester.press("KEY_ENTER")
        #expect(chat.typed == "😀")
    }

    // MARK: Recently used

    @Test func recentlyUsedListsTheLastChosenFirstAndSurvivesARestart() throws {
        let path = Self.recentsPath()
        do {
            let (tester, _, picker) = try setUp(recents: path)
            try tester.press("KEY_LEFTCTRL+KEY_DOT")
            try tester.type("grinning")
            try tester.press("KEY_ENTER")
            picker.search("")
            try tester.type("red heart")
            try chooseWithKeys("❤️", tester, picker)
            #expect(picker.recents.emoji == ["❤️", "😀"])
        }
        // A new window and picker, as after a restart, read the same file.
        let (tester, _, picker) = try setUp(recents: path)
        try tester.press("KEY_LEFTCTRL+KEY_DOT")
        #expect(picker.categories.first?.name == "Recently used")
        #expect(picker.selectedCategory == 0)
        #expect(picker.shownEmoji.map(\.character) == ["❤️", "😀"])
    }

    @Test func aDamagedRecentsFileIsIgnoredAndReplaced() throws {
        let path = Self.recentsPath()
        try FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data([0xFF, 0xFE, 0x00, 0x41, 0x0A]).write(to: URL(fileURLWithPath: path))
        let (tester, field, picker) = try setUp(recents: path)
        #expect(picker.recents.emoji.isEmpty)
        try tester.press("KEY_LEFTCTRL+KEY_DOT")
        try tester.type("grinning")
        try tester.press("KEY_ENTER")
        #expect(field.text == "Hi 😀")
        #expect(EmojiRecents(path: path).emoji == ["😀"])
    }

    // MARK: Leaving

    @Test func escapeGoesBackToTheKeyboardWithTheFieldFocusedAndItsText() throws {
        let (tester, field, picker) = try setUp(onScreenKeyboard: true)
        #expect(tester.window.presentedInputView === tester.window.onScreenKeyboard)
        try tester.press("KEY_LEFTCTRL+KEY_DOT")
        try tester.type("cat")
        #expect(tester.window.presentedInputView === picker)
        try tester.press("KEY_ESC")
        #expect(tester.window.presentedInputView === tester.window.onScreenKeyboard)
        #expect(field.isFirstResponder)
        #expect(field.text == "Hi ")
        try tester.type("x")
        #expect(field.text == "Hi x", "keys reach the field again")
    }

    @Test func doneGoesBackToNoInputViewWithAHardwareKeyboard() throws {
        let (tester, field, picker) = try setUp()
        try tester.press("KEY_LEFTCTRL+KEY_DOT")
        tester.click(at: picker.doneButton.convert(Point(x: 10, y: 10), to: nil))
        #expect(tester.window.presentedInputView == nil)
        #expect(field.isFirstResponder)
    }

    // MARK: Keyboard operation

    @Test func tabMovesBetweenSearchTabsAndGridAndArrowsChangeTabs() throws {
        let (tester, _, picker) = try setUp()
        try tester.press("KEY_LEFTCTRL+KEY_DOT")
        #expect(picker.focusedArea == .search)
        let first = picker.selectedCategory
        try tester.press("KEY_TAB")
        #expect(picker.focusedArea == .tabs)
        try tester.press("KEY_RIGHT")
        #expect(picker.selectedCategory == first + 1)
        #expect(picker.shownEmoji.first?.group == first)
        try tester.press("KEY_TAB")
        #expect(picker.focusedArea == .grid)
        try tester.press("KEY_DOWN")
        #expect(picker.highlightedIndex == picker.columns)
        try tester.press("KEY_LEFTSHIFT+KEY_TAB")
        #expect(picker.focusedArea == .tabs)
    }

    // MARK: Accessibility

    /// The grid's nodes, found as a screen reader finds them: down from the picker.
    private static func gridCells(of picker: EmojiPicker) -> [any Accessible]? {
        var queue: [any Accessible] = [picker]
        while !queue.isEmpty {
            let node = queue.removeFirst()
            if (node as? View)?.identifier == "emoji-grid" { return node.accessibilityChildren }
            queue += node.accessibilityChildren
        }
        return nil
    }

    @Test func cellsAreNamedWithCLDRsNameInTheUsersLanguage() throws {
        let (tester, _, picker) = try setUp(locale: "fr_FR.UTF-8")
        try tester.press("KEY_LEFTCTRL+KEY_DOT")
        try tester.type("coeur rouge")
        let cells = try #require(Self.gridCells(of: picker))
        let heart = try #require(picker.shownEmoji.firstIndex { $0.character == "❤️" })
        #expect(cells[heart].accessibilityLabel == "cœur rouge")
        #expect(cells.allSatisfy { ($0.accessibilityLabel ?? "").isEmpty == false })
        #expect(cells[heart].accessibilityRole == .button)
    }
}

/// The edit menu's Emoji item.
@MainActor
@Suite(.serialized, .enabled(if: FileManager.default.fileExists(atPath: EmojiCatalog.standardPath), "needs unicode-data"))
struct EmojiMenuItemTests {
    private func field(_ traits: TextInputTraits) throws -> (WindowTester, TextField) {
        let window = Window(size: Size(width: 400, height: 700))
        window.inputViewAnimation = .none
        let tester = try WindowTester(window: window, layout: "us")
        let field = TextField(frame: Rect(x: 10, y: 10, width: 300, height: 40), traits: traits)
        window.addSubview(field)
        field.becomeFirstResponder()
        window.emojiPicker.recents = EmojiRecents(path: nil)
        return (tester, field)
    }

    @Test func theEditMenusEmojiItemShowsThePicker() throws {
        let (tester, field) = try field(TextInputTraits())
        try tester.press("KEY_COMPOSE")
        let menu = try #require(tester.window.presentedEditMenu)
        let item = try #require(menu.menu.action(identifiedBy: "emoji"))
        #expect(item.title == "Emoji" && item.isEnabled)
        let frame = try #require(menu.frame(of: item))
        tester.click(at: Point(x: frame.midX, y: frame.midY))
        #expect(tester.window.presentedEditMenu == nil)
        #expect(tester.window.presentedInputView === tester.window.emojiPicker)
        #expect(field.isFirstResponder)
    }

    @Test(arguments: [TextInputTraits(keyboardType: .numberPad), TextInputTraits(isSecureTextEntry: true)])
    func noEmojiItemWhereTheTraitsTurnEmojiOff(traits: TextInputTraits) throws {
        let (tester, _) = try field(traits)
        try tester.press("KEY_COMPOSE")
        let menu = try #require(tester.window.presentedEditMenu)
        #expect(menu.menu.action(identifiedBy: "emoji") == nil)
    }
}

/// Focus leaving the field the picker types into.
@MainActor
@Suite(.enabled(if: FileManager.default.fileExists(atPath: EmojiCatalog.standardPath), "needs unicode-data"))
struct EmojiPickerFocusTests {
    @Test func aClickOnAnotherFieldTakesThePickerAwayAndItDoesNotComeBack() throws {
        let window = Window(size: Size(width: 400, height: 700))
        window.inputViewAnimation = .none
        window.onScreenKeyboardPolicy = .always
        let tester = try WindowTester(window: window, layout: "us")
        let first = TextField(frame: Rect(x: 10, y: 10, width: 300, height: 40))
        let second = TextField(frame: Rect(x: 10, y: 60, width: 300, height: 40))
        window.addSubview(first)
        window.addSubview(second)
        first.becomeFirstResponder()
        window.emojiPicker.recents = EmojiRecents(path: nil)
        try tester.press("KEY_LEFTCTRL+KEY_DOT")
        #expect(window.presentedInputView === window.emojiPicker)
        tester.click(at: Point(x: 100, y: 80))
        #expect(second.isFirstResponder)
        #expect(window.presentedInputView === window.onScreenKeyboard)
        tester.click(at: Point(x: 100, y: 30))
        #expect(first.isFirstResponder)
        #expect(window.presentedInputView === window.onScreenKeyboard, "the request ended with the focus")
    }
}
