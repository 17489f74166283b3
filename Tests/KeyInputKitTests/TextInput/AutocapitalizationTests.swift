import KeyInputKit
import Testing
import XKB

/// The on-screen keyboard's Shift, latched by the field's autocapitalization.
@MainActor
@Suite struct AutocapitalizationTests {
    private func setUp(_ autocapitalization: TextInputTraits.Autocapitalization) throws -> (Window, TextField, OnScreenKeyboard) {
        let window = Window(size: Size(width: 480, height: 600))
        window.inputViewAnimation = .none
        window.onScreenKeyboardPolicy = .always
        window.onScreenKeyboard.setKeymap(try Fixture.keyboard(layout: "us").keymap)
        let field = TextField(
            frame: Rect(x: 0, y: 0, width: 300, height: 40), traits: TextInputTraits(autocapitalizationType: autocapitalization))
        window.addSubview(field)
        field.becomeFirstResponder()
        return (window, field, window.onScreenKeyboard)
    }

    /// Taps keys by the labels they show now.
    private func tap(_ keyboard: OnScreenKeyboard, _ labels: String...) throws {
        for label in labels { keyboard.pressKey(at: try #require(keyboard.keyIndex(labelled: label), "no key \(label)")) }
    }

    @Test func theOnScreenKeyboardStartsASentenceWithShift() throws {
        let (window, field, keyboard) = try setUp(.sentences)
        defer { withExtendedLifetime(window) {} }
        #expect(keyboard.isShiftHeld)
        #expect(keyboard.keyIndex(labelled: "H") != nil)
        try tap(keyboard, "H", "i", "123", ".", "space")
        // After ". " a new sentence starts: Shift again, on the letters page.
        #expect(keyboard.page == .letters)
        #expect(keyboard.isShiftHeld)
        try tap(keyboard, "O", "k", "space")
        #expect(!keyboard.isShiftHeld)
        try tap(keyboard, "s", "o")
        #expect(field.text == "Hi. Ok so")
    }

    @Test func wordsCapitalizationShiftsEveryWord() throws {
        let (window, field, keyboard) = try setUp(.words)
        defer { withExtendedLifetime(window) {} }
        try tap(keyboard, "A", "d", "a", "space", "L", "o", "v", "e", "l", "a", "c", "e")
        #expect(field.text == "Ada Lovelace")
    }

    @Test func shiftReleasesAfterOneLetter() throws {
        let (window, field, keyboard) = try setUp(.sentences)
        defer { withExtendedLifetime(window) {} }
        try tap(keyboard, "W")
        #expect(!keyboard.isShiftHeld)
        #expect(keyboard.keyIndex(labelled: "e") != nil)
        // Shift pressed by hand mid-word also lasts one letter.
        try tap(keyboard, "e", "⇧", "B", "b")
        #expect(field.text == "WeBb")
    }

    @Test func allCharactersKeepsShiftAndNoneNeverShifts() throws {
        let (window, field, keyboard) = try setUp(.allCharacters)
        defer { withExtendedLifetime(window) {} }
        try tap(keyboard, "N", "A", "S", "A")
        #expect(field.text == "NASA")
        let (plainWindow, plain, plainKeyboard) = try setUp(.none)
        defer { withExtendedLifetime(plainWindow) {} }
        #expect(!plainKeyboard.isShiftHeld)
        try tap(plainKeyboard, "x")
        #expect(plain.text == "x")
    }
}
