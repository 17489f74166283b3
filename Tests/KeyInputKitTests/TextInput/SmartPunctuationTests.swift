import KeyInputKit
import Testing
import XKB

/// Smart quotes and dashes, typed on a US hardware keyboard into a text field.
@MainActor
@Suite struct SmartPunctuationTests {
    private func focusedField(_ traits: TextInputTraits = TextInputTraits()) throws -> (Application, HardwareKeyboard, TextField) {
        let keyboard = try Fixture.keyboard(layout: "us")
        let (application, window) = Fixture.window(keyboard: keyboard)
        let field = TextField(frame: Rect(x: 0, y: 0, width: 300, height: 40), traits: traits)
        window.addSubview(field)
        field.becomeFirstResponder()
        return (application, keyboard, field)
    }

    /// Key names for text typed on a US layout: letters, space, `"`, `'`, `-`.
    private func type(_ text: String, on keyboard: HardwareKeyboard) {
        for character in text {
            switch character {
            case " ": keyboard.tap("KEY_SPACE")
            case "\"": keyboard.tap("KEY_LEFTSHIFT", "KEY_APOSTROPHE")
            case "'": keyboard.tap("KEY_APOSTROPHE")
            case "-": keyboard.tap("KEY_MINUS")
            case ".": keyboard.tap("KEY_DOT")
            default: keyboard.tap("KEY_" + character.uppercased())
            }
        }
    }

    @Test func smartQuotesCurlByContext() throws {
        let (application, keyboard, field) = try focusedField()
        defer { withExtendedLifetime(application) {} }
        type("he said \"hi\" and 'yo'", on: keyboard)
        #expect(field.text == "he said “hi” and ‘yo’")
    }

    @Test func anApostropheInsideAWordIsARightQuote() throws {
        let (application, keyboard, field) = try focusedField()
        defer { withExtendedLifetime(application) {} }
        type("dont", on: keyboard)
        keyboard.tap("KEY_LEFT")
        type("'", on: keyboard)
        #expect(field.text == "don’t")
    }

    @Test func twoHyphensBecomeAnEnDash() throws {
        let (application, keyboard, field) = try focusedField()
        defer { withExtendedLifetime(application) {} }
        type("a--b", on: keyboard)
        #expect(field.text == "a–b")
        type(" c---d e-f", on: keyboard)
        #expect(field.text == "a–b c—d e-f")
    }

    @Test func secureEntryTypesStraightQuotes() throws {
        let (application, keyboard, field) = try focusedField(TextInputTraits(isSecureTextEntry: true))
        defer { withExtendedLifetime(application) {} }
        type("\"it's--x\"", on: keyboard)
        #expect(field.text == "\"it's--x\"")
    }

    @Test(arguments: [
        TextInputTraits(keyboardType: .url), TextInputTraits(keyboardType: .emailAddress),
        TextInputTraits(keyboardType: .numbersAndPunctuation, textContentType: .password),
    ])
    func addressesAndPasswordsKeepStraightQuotesAndHyphens(traits: TextInputTraits) throws {
        let (application, keyboard, field) = try focusedField(traits)
        defer { withExtendedLifetime(application) {} }
        type("a--'b'", on: keyboard)
        #expect(field.text == "a--'b'")
    }

    @Test func smartQuotesAndDashesTurnedOffTypeWhatIsTyped() throws {
        var traits = TextInputTraits()
        traits.smartQuotesType = .no
        traits.smartDashesType = .no
        let (application, keyboard, field) = try focusedField(traits)
        defer { withExtendedLifetime(application) {} }
        type("\"a--b\"", on: keyboard)
        #expect(field.text == "\"a--b\"")
    }
}
