import Foundation
import KeyInputKit
import KeyInputKitExamples
import Testing

@Suite struct ExampleRunTests {
    @Test @MainActor func theReadmeFormTypesZForKeyYOnAGermanKeyboard() throws {
        let name = try readmeCustomControlsExample()
        #expect(name.text == "z")
    }

    @Test @MainActor func theReadmeTextExampleCopiesTheSelectionAndUndoesTheTyping() {
        Pasteboard.general.string = nil
        let (notes, pasted) = readmeTextExample()
        #expect(pasted == "Grüße")
        #expect(notes.text == "")
    }

    @Test @MainActor func theReadmeCalendarExampleCountsInPersianAndLaysOutRightToLeft() {
        let (picker, window) = readmeCalendarsAndLanguagesExample()
        #expect(picker.calendar.identifier == .persian)
        #expect(picker.columnLayoutDirection == .rightToLeft)
        #expect(window.effectiveUserInterfaceLayoutDirection == .rightToLeft)
        #expect(window.language == "fa")
        #expect(ToolkitString.emojiSearch.localized(for: Locale(identifier: "de_DE")) == "Emoji suchen …")
        ToolkitStrings.setOverride(nil, for: .emojiSearch, language: "de")
    }

    @Test func theReadmeXKBExamplePrintsWhatItsCommentSays() throws {
        var printed: [String] = []
        try readmeXKBLibraryExample { printed.append(String(describing: $0)) }
        #expect(printed == ["composing(dead_acute)", "none", "insertText(\"é\")"])
    }

    @Test @MainActor func theAccessibilityArticlesPinPadIsAnnouncedAsWhatItIs() {
        var printed: [String] = []
        let (pad, label) = accessibleControlArticleExample { printed.append($0) }
        #expect(printed == ["2 of 4 digits", "1 of 4 digits"])
        #expect(pad.accessibilityRole == .secureTextField)
        #expect(pad.accessibilityLabel == "PIN")
        #expect(pad.accessibilityValue?.text == "1 of 4 digits")
        #expect(pad.accessibilityStates.contains(.focusable))
        #expect(label.accessibilityRelations.contains { if case .labelFor(let target) = $0 { target === pad } else { false } })
    }

    @Test @MainActor func theArticlesLabelFollowsTheDatePickerInItsLocaleAndTimeZone() throws {
        let (picker, label) = try dateLabelArticleExample()
        #expect(label.text == "29. März 2026")
        let window = Window(size: Size(width: 480, height: 640))
        let birthday = customControlArticlePickerExample()
        birthday.inputView = picker
        window.addSubview(birthday); window.addSubview(label)
        let keyboard = HardwareKeyboard(keymap: try Keymap(context: Context(), names: RuleNames(layout: "us")))
        let app = Application(); app.addWindow(window); app.attach(keyboard)
        #expect(birthday.becomeFirstResponder())
        for key in ["KEY_RIGHT", "KEY_UP"] {
            keyboard.handleKey(try Keycode(name: key), direction: .down, at: 0)
            keyboard.handleKey(try Keycode(name: key), direction: .up, at: 0.05)
        }
        #expect(label.text == "29. Apr. 2026")
    }
}
