import Foundation
import KeyInputKit
import Testing

/// Golden text renders: what each input view looks like, checked into Tests/KeyInputKitTests/Rendering/Golden.
/// After an intended change, run with UPDATE_GOLDEN=1 to write them again (that run fails on purpose),
/// review the diff, and run again without it.
@MainActor
@Suite struct RenderingTests {
    static let goldenFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")

    func expectGolden(_ name: String, _ window: Window, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let canvas = TextCanvas(size: window.frame.size)
        window.render(to: canvas)
        let url = Self.goldenFolder.appendingPathComponent(name + ".txt")
        if ProcessInfo.processInfo.environment["UPDATE_GOLDEN"] == "1" {
            // A run that writes golden files never passes: only a run without UPDATE_GOLDEN checks them.
            let changed = (try? String(contentsOf: url, encoding: .utf8)) != canvas.rendering
            if changed { try canvas.rendering.write(to: url, atomically: true, encoding: .utf8) }
            let what = changed ? "rewrote golden file \(name).txt: review the diff and" : "golden file \(name).txt already matches:"
            Issue.record("\(what) run again without UPDATE_GOLDEN", sourceLocation: sourceLocation)
            return
        }
        let expected = try String(contentsOf: url, encoding: .utf8)
        #expect(canvas.rendering == expected, "render differs from \(name).txt", sourceLocation: sourceLocation)
    }

    func form() throws -> (Window, TextField, TextField) {
        let window = Window(size: Size(width: 400, height: 480))
        window.inputViewAnimation = .none
        window.onScreenKeyboardPolicy = .always
        window.onScreenKeyboard.setKeymap(try Fixture.keyboard(layout: "us").keymap)
        // No autocapitalization: Shift is up until a test presses it.
        let name = TextField(
            frame: Rect(x: 16, y: 16, width: 240, height: 40), placeholder: "Name",
            traits: TextInputTraits(autocapitalizationType: .none))
        let quantity = TextField(
            frame: Rect(x: 16, y: 72, width: 240, height: 40), placeholder: "Quantity",
            traits: TextInputTraits(keyboardType: .numberPad))
        window.addSubview(name)
        window.addSubview(quantity)
        return (window, name, quantity)
    }

    @Test func aFormWithNothingFocused() throws {
        let (window, name, _) = try form()
        name.text = "Ada"
        try expectGolden("form-unfocused", window)
    }

    @Test func theFullKeyboardUnderAFocusedField() throws {
        let (window, name, _) = try form()
        name.becomeFirstResponder()
        name.insertText("Ada")
        try expectGolden("form-keyboard", window)
    }

    @Test func theKeyboardWithShiftHeldShowsCapitals() throws {
        let (window, name, _) = try form()
        name.becomeFirstResponder()
        let keyboard = window.onScreenKeyboard
        keyboard.pressKey(at: try #require(keyboard.keyIndex(labelled: "⇧")))
        #expect(keyboard.keyIndex(labelled: "Q") != nil)
        try expectGolden("form-keyboard-shift", window)
        // Shift holds across a change of page: the digit row's symbols show.
        keyboard.pressKey(at: try #require(keyboard.keyIndex(labelled: "123")))
        #expect(keyboard.keyIndex(labelled: "!") != nil)
    }

    @Test func aNumberPadWithADoneBar() throws {
        let (window, _, quantity) = try form()
        quantity.inputAccessoryView = InputAccessoryBar()
        quantity.becomeFirstResponder()
        try expectGolden("form-number-pad", window)
    }

    @Test func theKeyboardIsLabelledFromTheGermanKeymapWithShiftHeld() throws {
        let (window, name, _) = try form()
        let keyboard = try Fixture.keyboard(layout: "de")
        window.onScreenKeyboard.setKeymap(keyboard.keymap, composeTable: nil)
        name.becomeFirstResponder()
        let onScreen = window.onScreenKeyboard
        onScreen.pressKey(at: try #require(onScreen.keyIndex(labelled: "⇧")))
        // German capitals and the symbols above the German digits, not the US ones.
        for label in ["Ü", "Ö", "Ä", "Z"] { #expect(onScreen.keyIndex(labelled: label) != nil, "no key labelled \(label)") }
        try expectGolden("form-keyboard-de-shift", window)
        onScreen.pressKey(at: try #require(onScreen.keyIndex(labelled: "123")))
        for label in ["§", "\""] { #expect(onScreen.keyIndex(labelled: label) != nil, "no key labelled \(label)") }
        #expect(onScreen.keyIndex(labelled: "@") == nil)
    }
}
