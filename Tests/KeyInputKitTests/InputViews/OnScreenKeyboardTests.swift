import KeyInputKit
import Testing
import XKB

@MainActor
@Suite struct OnScreenKeyboardTests {
    /// Traits without autocapitalization: the keys show the keymap's first level.
    private static let lowercase = TextInputTraits(autocapitalizationType: .none)

    private func setUp(layout: String, variant: String? = nil, compose: Bool = false, traits: TextInputTraits = lowercase)
        throws -> (Window, TextField, OnScreenKeyboard)
    {
        // Wide enough for the full arrangement: the digit row, AltGr and every key of the main block.
        let window = Window(size: Size(width: 800, height: 600))
        window.inputViewAnimation = .none
        window.onScreenKeyboardPolicy = .always
        let context = try Context(options: .noEnvironmentNames)
        let keymap = try Keymap(context: context, names: RuleNames(layout: layout, variant: variant))
        window.onScreenKeyboard.setKeymap(keymap, composeTable: compose ? try ComposeTable(context: context, locale: "en_US.UTF-8") : nil)
        let field = TextField(frame: Rect(x: 0, y: 0, width: 300, height: 40), traits: traits)
        window.addSubview(field)
        field.becomeFirstResponder()
        return (window, field, window.onScreenKeyboard)
    }

    private func tap(_ keyboard: OnScreenKeyboard, _ labels: String...) throws {
        for label in labels { keyboard.pressKey(at: try #require(keyboard.keyIndex(labelled: label), "no key \(label)")) }
    }

    @Test func keysAreLabelledFromTheKeymapAndTypeThroughThePipeline() throws {
        let (window, field, keyboard) = try setUp(layout: "de")
        defer { withExtendedLifetime(window) {} }
        // German: z where US has y, and ö, ü, ß have keys of their own.
        #expect(keyboard.keyIndex(labelled: "ß") != nil)
        try tap(keyboard, "z", "ö")
        try tap(keyboard, "⇧", "Z")
        try tap(keyboard, "⌫")
        #expect(field.text == "zö")
    }

    @Test func aDeadKeyOnScreenComposesLikeAHardwareOne() throws {
        let (window, field, keyboard) = try setUp(layout: "de", compose: true)
        defer { withExtendedLifetime(window) {} }
        // The key right of ß is dead_acute on a German keymap.
        try tap(keyboard, "´")
        #expect(field.markedText == "´")
        try tap(keyboard, "e")
        #expect(field.text == "é")
    }

    @Test func altGrShowsTheThirdLevel() throws {
        let (window, field, keyboard) = try setUp(layout: "de")
        defer { withExtendedLifetime(window) {} }
        try tap(keyboard, "AltGr")
        #expect(keyboard.keyIndex(labelled: "@") != nil)  // AltGr+Q
        try tap(keyboard, "@")
        #expect(field.text == "@")
        #expect(keyboard.keyIndex(labelled: "q") != nil)  // released after one key
    }

    @Test func aNumberPadTypesDigitsOnAFrenchKeymapToo() throws {
        // On French AZERTY the digit row needs Shift; the pad must still give digits.
        let (window, field, keyboard) = try setUp(layout: "fr", traits: TextInputTraits(keyboardType: .numberPad))
        defer { withExtendedLifetime(window) {} }
        #expect(keyboard.keyboardType == .numberPad)
        try tap(keyboard, "4", "2")
        #expect(field.text == "42")
    }

    @Test func theReturnKeyIsDisabledWhileTheFieldIsEmpty() throws {
        let traits = TextInputTraits(returnKeyType: .go, autocapitalizationType: .none, enablesReturnKeyAutomatically: true)
        let (window, field, keyboard) = try setUp(layout: "us", traits: traits)
        defer { withExtendedLifetime(window) {} }
        var went = 0
        field.addAction(for: .primaryActionTriggered) { _ in went += 1 }
        try tap(keyboard, "Go")
        #expect(went == 0)
        try tap(keyboard, "h", "Go")
        #expect(went == 1)
    }
}
