import KeyInputKit
import TestSupport
import Testing
import XKB

/// What a keyboard does with the setup a new app starts from: the locale's
/// compose table unless told otherwise, and an on-screen keyboard that shows
/// the attached keyboard's layout.
@MainActor
@Suite struct DefaultKeyboardTests {
    private func keymap(_ layout: String) throws -> Keymap {
        try Keymap(context: try Context(options: .noEnvironmentNames), names: RuleNames(layout: layout))
    }

    /// A window in an application with `keyboard` attached and a focused field.
    private func focusedField(_ keyboard: HardwareKeyboard?, policy: OnScreenKeyboardPolicy = .whenNoHardwareKeyboard)
        -> (Application, Window, TextField)
    {
        let (application, window) = Fixture.window(keyboard: keyboard)
        window.inputViewAnimation = .none
        window.onScreenKeyboardPolicy = policy
        // No autocapitalization: the keys show the keymap's first level.
        let field = TextField(frame: Rect(x: 0, y: 0, width: 300, height: 40), traits: TextInputTraits(autocapitalizationType: .none))
        window.addSubview(field)
        field.becomeFirstResponder()
        return (application, window, field)
    }

    private func label(of name: String, on keyboard: OnScreenKeyboard) -> String? {
        keyboard.keys.first { $0.role == .keycode(key(name)) }?.label
    }

    @Test func deadAcuteThenEOnGermanTypesEAcuteWithTheDefaultKeyboard() throws {
        let keyboard = HardwareKeyboard(keymap: try keymap("de"))
        let (application, _, field) = focusedField(keyboard)
        defer { withExtendedLifetime(application) {} }
        keyboard.tap("KEY_EQUAL")  // dead_acute on a German keymap
        #expect(field.markedText == "´")
        keyboard.tap("KEY_E")
        #expect(field.text == "é")
    }

    @Test func withComposeOffADeadKeyShowsItsAccentThenTypesItBeforeTheLetter() throws {
        let keyboard = HardwareKeyboard(keymap: try keymap("de"), compose: .none)
        #expect(keyboard.composeTable == nil)
        let (application, _, field) = focusedField(keyboard)
        defer { withExtendedLifetime(application) {} }
        keyboard.tap("KEY_EQUAL")
        #expect(field.markedText == "´")
        keyboard.tap("KEY_E")
        #expect(field.text == "´e")
        #expect(field.markedText == nil)
        keyboard.tap("KEY_EQUAL")
        keyboard.tap("KEY_SPACE")
        #expect(field.text == "´e´")
    }

    @Test func aLocaleWithoutAComposeTableFallsBackToEnUSAndDeadKeysStillCompose() throws {
        let keyboard = HardwareKeyboard(keymap: try keymap("de"), compose: .locale("xx_YY.UTF-8"))
        #expect(keyboard.composeTable?.locale == "en_US.UTF-8")
        let (application, _, field) = focusedField(keyboard)
        defer { withExtendedLifetime(application) {} }
        keyboard.tap("KEY_EQUAL")
        keyboard.tap("KEY_E")
        #expect(field.text == "é")
    }

    @Test func theOnScreenKeyboardShowsTheAttachedGermanLayout() throws {
        let keyboard = HardwareKeyboard(keymap: try keymap("de"))
        let (application, window, field) = focusedField(keyboard, policy: .always)
        defer { withExtendedLifetime(application) {} }
        let onScreen = window.onScreenKeyboard
        #expect(label(of: "KEY_Y", on: onScreen) == "z")
        onScreen.pressKey(at: try #require(onScreen.keyIndex(labelled: "ö")))
        #expect(field.text == "ö")
    }

    @Test func theOnScreenKeyboardFollowsTheAttachedKeyboardsNewKeymap() throws {
        let keyboard = HardwareKeyboard(keymap: try keymap("de"))
        let (application, window, _) = focusedField(keyboard, policy: .always)
        defer { withExtendedLifetime(application) {} }
        keyboard.setKeymap(try keymap("us"))  // a layout change on the display server
        #expect(label(of: "KEY_Y", on: window.onScreenKeyboard) == "y")
    }

    @Test func aKeyboardAttachedWhileTheOnScreenKeyboardIsShownRelabelsIt() throws {
        let (application, window, _) = focusedField(nil, policy: .always)
        defer { withExtendedLifetime(application) {} }
        application.onScreenKeyboardLayout = SystemKeyboardLayout(names: RuleNames(layout: "fr"), source: .fallback)
        #expect(label(of: "KEY_Q", on: window.onScreenKeyboard) == "a", "the app's layout shows until a keyboard comes")
        application.attach(HardwareKeyboard(keymap: try keymap("de"), compose: .none))
        #expect(label(of: "KEY_Y", on: window.onScreenKeyboard) == "z")
    }

    @Test func aKeymapSetOnTheOnScreenKeyboardStaysUntilItFollowsAgain() throws {
        let keyboard = HardwareKeyboard(keymap: try keymap("de"))
        let (application, window, _) = focusedField(keyboard, policy: .always)
        defer { withExtendedLifetime(application) {} }
        window.onScreenKeyboard.setKeymap(try keymap("fr"))
        keyboard.setKeymap(try keymap("us"))
        #expect(label(of: "KEY_Q", on: window.onScreenKeyboard) == "a")  // French AZERTY
        window.onScreenKeyboard.followAttachedKeyboard()
        #expect(label(of: "KEY_Q", on: window.onScreenKeyboard) == "q")
    }
}
