import Foundation
import KeyInputKit
import KeyInputKitTesting
import Testing

@testable import KeyInputKit

/// The toolkit's own words in a window's language: the on-screen keyboard,
/// the edit menu, the emoji picker and the Return key; and the language an
/// environment asks for.
@MainActor
@Suite(.serialized) struct ToolkitWordsTests {
    /// A window in `locale` with a focused field that shows the on-screen keyboard (US layout).
    private func keyboardWindow(_ locale: String, traits: TextInputTraits = TextInputTraits(autocapitalizationType: .none))
        throws -> (WindowTester, OnScreenKeyboard)
    {
        let window = Window(size: Size(width: 480, height: 640))
        window.onScreenKeyboardPolicy = .always
        window.inputViewAnimation = .none
        window.locale = Locale(identifier: locale)
        let field = TextField(frame: Rect(x: 10, y: 10, width: 200, height: 30), traits: traits)
        window.addSubview(field)
        let tester = try WindowTester(window: window, layout: "us")
        try tester.click(field)
        tester.settle()
        let keyboard = try #require(window.presentedInputView as? OnScreenKeyboard)
        return (tester, keyboard)
    }

    private func spokenNames(_ keyboard: OnScreenKeyboard) -> [String] {
        keyboard.accessibilityChildren.compactMap(\.accessibilityLabel)
    }

    @Test func theOnScreenKeyboardLabelsAndNamesItsKeysInArabic() throws {
        let (tester, keyboard) = try keyboardWindow("ar_EG")
        #expect(keyboard.keyIndex(labelled: "مسافة") != nil, "the space bar says space in Arabic")
        #expect(keyboard.keyIndex(labelled: "space") == nil)
        let names = spokenNames(keyboard)
        for arabic in ["مسافة", "حذف", "تبديل", "أرقام ورموز", "رجوع"] {
            #expect(names.contains(arabic), "no key named \(arabic) in \(names)")
        }
        #expect(!names.contains("Space") && !names.contains("Shift") && !names.contains("Backspace"))
        #expect(names.contains("q"), "letters keep their names")
        #expect(keyboard.accessibilityChildren.first?.accessibilityActions.first?.description == "يكتب المفتاح")
        // The window turns English: the keys follow at the next layout.
        tester.window.locale = Locale(identifier: "en_US")
        tester.window.layoutIfNeeded()
        #expect(keyboard.keyIndex(labelled: "space") != nil)
        #expect(spokenNames(keyboard).contains("Space"))
    }

    @Test func theReturnKeyIsTitledInGerman() throws {
        let (tester, keyboard) = try keyboardWindow("de_DE", traits: TextInputTraits(returnKeyType: .send, autocapitalizationType: .none))
        defer { withExtendedLifetime(tester) {} }  // the window: the keyboard's words are its window's
        #expect(keyboard.returnKeyTitle == "Senden")
        #expect(keyboard.keyIndex(labelled: "Senden") != nil, "the key shows it")
        #expect(spokenNames(keyboard).contains("Senden"))
        // The trait's own title stays the English one it always was.
        #expect(TextInputTraits.ReturnKeyType.send.title == "Send")
        #expect(TextInputTraits.ReturnKeyType.go.localizedTitle(for: Locale(identifier: "de_DE")) == "Öffnen")
        #expect(TextInputTraits.ReturnKeyType.default.localizedTitle(for: Locale(identifier: "de_DE")) == "⏎")
    }

    @Test func theEditMenuSpeaksFrench() throws {
        Pasteboard.general.string = nil
        let window = Window(size: Size(width: 400, height: 600))
        Application().addWindow(window)
        window.locale = Locale(identifier: "fr_FR")
        let field = TextField(frame: Rect(x: 10, y: 10, width: 300, height: 30))
        field.text = "bonjour"
        window.addSubview(field)
        _ = field.becomeFirstResponder()
        let tester = try WindowTester(window: window, layout: "us")
        try tester.press("KEY_COMPOSE")
        let menu = try #require(window.presentedEditMenu)
        #expect(menu.menu.allActions.map(\.title) == [
            "Annuler", "Rétablir", "Couper", "Copier", "Coller", "Supprimer", "Tout sélectionner", "Emoji",
        ])
        #expect(menu.accessibilityLabel == "Édition")
        let redo = try #require(menu.menu.action(identifiedBy: "redo")?.keyboardShortcut)
        #expect(redo.localizedDescription(for: window.locale) == "Ctrl+Maj+Z")
        #expect(redo.description == "Ctrl+Shift+Z", "the public description stays English")
        let delete = try #require(menu.menu.action(identifiedBy: "delete")?.keyboardShortcut)
        #expect(delete.localizedDescription(for: Locale(identifier: "de_DE")) == "Entf")
    }

    @Test func theEmojiPickerSearchesAndNamesItsTabsInJapanese() throws {
        let window = Window(size: Size(width: 400, height: 700))
        window.inputViewAnimation = .none
        window.locale = Locale(identifier: "ja_JP")
        let catalog = EmojiCatalog(parsing: Data("""
            # group: Smileys & Emotion
            # subgroup: face-smiling
            1F600 ; fully-qualified # 😀 E1.0 grinning face
            # group: Flags
            # subgroup: flag
            1F3C1 ; fully-qualified # 🏁 E0.6 chequered flag
            # group: Unicode 99 Group
            # subgroup: new
            1F9CC ; fully-qualified # 🧌 E14.0 troll

            """.utf8))
        window.emojiPicker = EmojiPicker(catalog: catalog, recents: EmojiRecents(path: nil))
        let tester = try WindowTester(window: window, layout: "us")
        let field = TextField(frame: Rect(x: 10, y: 10, width: 300, height: 40))
        window.addSubview(field)
        _ = field.becomeFirstResponder()
        #expect(window.showEmojiPicker(for: field))
        tester.settle()
        let picker = window.emojiPicker
        #expect(picker.categories.map(\.name) == ["最近使った項目", "スマイリーと感情", "旗", "Unicode 99 Group"])
        let tabs = try #require(picker.accessibilityChildren.first { $0.accessibilityRole == .custom("page tab list") })
        #expect(tabs.accessibilityChildren.compactMap(\.accessibilityLabel).prefix(3) == ["最近使った項目", "スマイリーと感情", "旗"])
        let search = try #require(picker.accessibilityChildren.first { $0.accessibilityRole == .textField })
        #expect(search.accessibilityLabel == "絵文字を検索")
        #expect(tester.render().contains("絵文字を検索"), "the empty search shows its placeholder")
        #expect(picker.accessibilityLabel == "絵文字")
    }

    @Test func theEnvironmentsLanguageIsTheFirstWithACatalog() {
        func language(_ environment: [String: String]) -> String {
            ToolkitStrings.language(among: LanguagePreferences.fromEnvironment(environment).identifiers)
        }
        #expect(language(["LANGUAGE": "sw:fa:de", "LANG": "fr_FR.UTF-8"]) == "fa", "Swahili has no catalog: the next one")
        #expect(language(["LANG": "zh_TW.UTF-8"]) == "zh-Hant")
        #expect(language(["LC_MESSAGES": "zh_CN.UTF-8", "LANG": "de_DE.UTF-8"]) == "zh-Hans")
        #expect(language(["LC_ALL": "pt_BR.UTF-8"]) == "pt")
        #expect(language(["LANG": "iw_IL.UTF-8"]) == "he")
        #expect(language(["LANGUAGE": "ja", "LANG": "C.UTF-8"]) == "en", "gettext ignores LANGUAGE under C")
        #expect(language([:]) == "en")
        #expect(ToolkitStrings.text(.emojiSearch, language: language(["LANGUAGE": "uk"])) == "Шукати емодзі")
    }

    @Test func aPlaceholderTakesItsArgument() {
        #expect(ToolkitString.keyboardNextLayout.localized(for: Locale(identifier: "ru_RU"), "de") == "Следующая раскладка: de")
        #expect(ToolkitString.keyboardNextLayout.localized(for: Locale(identifier: "ja_JP"), "de") == "次の配列: de")
        // An app's replacement without the placeholder still names the layout.
        #expect(ToolkitString.fill("Layout", with: "de") == "Layout de")
    }
}
