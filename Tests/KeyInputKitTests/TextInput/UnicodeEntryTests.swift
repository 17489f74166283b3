import KeyInputKit
import Testing
import XKB

/// Ctrl+Shift+U, hex digits, then Space or Return types that code point with
/// no input method running, as GTK's simple input method does.
@MainActor
@Suite struct UnicodeEntryTests {
    let keyboard: HardwareKeyboard
    let application: Application
    let window: Window
    let field = TextField(frame: Rect(x: 10, y: 10, width: 300, height: 30))
    let other = TextField(frame: Rect(x: 10, y: 60, width: 300, height: 30))

    init() throws { try self.init(layout: "us") }

    init(layout: String) throws {
        keyboard = try Fixture.keyboard(layout: layout)
        (application, window) = Fixture.window(keyboard: keyboard)
        window.addSubview(field)
        window.addSubview(other)
        field.becomeFirstResponder()
    }

    private func startEntry() { keyboard.tap("KEY_LEFTCTRL", "KEY_LEFTSHIFT", "KEY_U") }

    @Test func hexDigitsThenSpaceTypeTheEuroSignAndShowAsMarkedTextOnTheWay() {
        keyboard.type(["KEY_A"])
        startEntry()
        #expect(field.markedText == "u")
        keyboard.type(["KEY_2", "KEY_0", "KEY_A", "KEY_C"])
        #expect(field.markedText == "u20ac")
        #expect(field.text == "a")
        keyboard.tap("KEY_SPACE")
        #expect(field.text == "a€")
        #expect(field.markedText == nil)
        // The space that ended the entry typed nothing; the next one types.
        keyboard.tap("KEY_SPACE")
        #expect(field.text == "a€ ")
    }

    @Test func returnEndsAnEntryOutsideTheBasicPlaneAndOneUndoTakesItBack() {
        startEntry()
        keyboard.type(["KEY_1", "KEY_F", "KEY_6", "KEY_4", "KEY_2", "KEY_ENTER"])
        #expect(field.text == "🙂")
        keyboard.tap("KEY_LEFTCTRL", "KEY_Z")
        #expect(field.text == "")
    }

    @Test func digitsTypedWhileCtrlShiftAreStillHeldCount() {
        startEntry()
        keyboard.tap("KEY_LEFTCTRL", "KEY_LEFTSHIFT", "KEY_E")
        keyboard.tap("KEY_LEFTCTRL", "KEY_LEFTSHIFT", "KEY_9")
        #expect(field.markedText == "ue9")
        keyboard.tap("KEY_SPACE")
        #expect(field.text == "é")
    }

    @Test func escapeCancelsAndTheNextKeyTypesAsUsual() {
        startEntry()
        keyboard.type(["KEY_2", "KEY_0"])
        keyboard.tap("KEY_ESC")
        #expect(field.markedText == nil)
        #expect(field.text == "")
        #expect(field.isFirstResponder, "Escape ended the entry, not the editing")
        keyboard.type(["KEY_2"])
        #expect(field.text == "2")
    }

    @Test func backSpaceTakesTheLastDigitBackAndOnAnEmptyEntryCancelsIt() {
        startEntry()
        keyboard.type(["KEY_2", "KEY_0", "KEY_A", "KEY_C", "KEY_C", "KEY_BACKSPACE"])
        #expect(field.markedText == "u20ac")
        keyboard.tap("KEY_SPACE")
        #expect(field.text == "€")
        startEntry()
        keyboard.type(["KEY_BACKSPACE"])
        #expect(field.markedText == nil)
        #expect(field.text == "€", "BackSpace on an empty entry deletes nothing")
    }

    @Test func keysThatAreNotHexDigitsAndASeventhDigitAreIgnored() {
        startEntry()
        keyboard.type(["KEY_G", "KEY_1", "KEY_0", "KEY_F", "KEY_F", "KEY_F", "KEY_F", "KEY_9"])
        #expect(field.markedText == "u10ffff")
        keyboard.tap("KEY_SPACE")
        #expect(field.text == "\u{10FFFF}")
    }

    @Test func digitsNamingNoCharacterStayToBeCorrected() {
        startEntry()
        keyboard.type(["KEY_D", "KEY_8", "KEY_0", "KEY_0", "KEY_SPACE"])
        #expect(field.markedText == "ud800", "a surrogate is no character")
        #expect(field.text == "")
        keyboard.type(["KEY_BACKSPACE", "KEY_BACKSPACE", "KEY_BACKSPACE", "KEY_BACKSPACE", "KEY_4", "KEY_1", "KEY_SPACE"])
        #expect(field.text == "A")
    }

    @Test func movingFocusEndsTheEntryAndTheOtherFieldTypesAsUsual() {
        startEntry()
        keyboard.type(["KEY_2", "KEY_0"])
        other.becomeFirstResponder()
        #expect(field.markedText == nil)
        keyboard.type(["KEY_2"])
        #expect(other.text == "2")
        #expect(field.text == "")
    }

    @Test func theLatinLettersOfACyrillicLayoutTypeTheHexDigits() throws {
        // Russian first, US second: the keymap a Russian user types with; U is г.
        let russian = try UnicodeEntryTests(layout: "ru,us")
        russian.startEntry()
        #expect(russian.field.markedText == "u")
        russian.keyboard.type(["KEY_4", "KEY_3", "KEY_F", "KEY_SPACE"])
        #expect(russian.field.text == "п", "U+043F, with F typed on the key that types а")
    }

    @Test func anInputMethodThatHandlesCtrlShiftUKeepsIt() {
        let method = ScriptedInputMethod()
        window.inputMethod = method
        method.engine = { key in
            guard !key.isRelease, key.modifiers.contains(.control), key.keysym.name.lowercased() == "u" else { return nil }
            return [.preedit("ibus-u", MarkedTextAttributes())]
        }
        startEntry()
        #expect(field.markedText == "ibus-u")
    }
}
