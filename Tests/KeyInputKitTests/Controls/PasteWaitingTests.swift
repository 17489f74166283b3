import KeyInputKit
import Testing
import XKB

/// A pasteboard whose owner answers later, as another program on X11 or Wayland does.
@MainActor
private final class LateOwner: PasteboardBackend {
    var requests: [@MainActor (String?) -> Void] = []
    func pasteboard(_ pasteboard: Pasteboard, didSetString string: String?) {}
    func pasteboard(_ pasteboard: Pasteboard, requestString completion: @escaping @MainActor (String?) -> Void) {
        requests.append(completion)
    }
    /// Answers the oldest request.
    func answer(_ text: String?) { requests.removeFirst()(text) }
}

/// Ctrl+V while another program owns the clipboard: the text comes later,
/// and what the person types meanwhile belongs after it.
@MainActor
@Suite(.serialized) struct PasteWaitingTests {
    /// A field, first responder, in a window with a US keyboard; the general pasteboard answers late.
    fileprivate func form() throws -> (HardwareKeyboard, Window, TextField, TextField, LateOwner) {
        let keyboard = try Fixture.keyboard(layout: "us")
        let (_, window) = Fixture.window(keyboard: keyboard)
        let field = TextField(frame: Rect(x: 10, y: 10, width: 300, height: 30))
        let other = TextField(frame: Rect(x: 10, y: 60, width: 300, height: 30))
        window.addSubview(field)
        window.addSubview(other)
        _ = field.becomeFirstResponder()
        let owner = LateOwner()
        Pasteboard.general.string = nil
        Pasteboard.general.backend = owner
        return (keyboard, window, field, other, owner)
    }

    @Test("keys typed while a paste is on its way land after the pasted text, once each, in order")
    func keysWaitForThePaste() throws {
        let (keyboard, window, field, _, owner) = try form()
        defer { Pasteboard.general.backend = nil }
        keyboard.type(["KEY_X"])
        keyboard.tap("KEY_LEFTCTRL", "KEY_V")
        #expect(window.isWaitingForPaste)
        keyboard.type(["KEY_A", "KEY_B", "KEY_C"])
        #expect(field.text == "x", "a key went in before the paste landed")
        owner.answer("pasted ")
        #expect(field.text == "xpasted abc")
        #expect(!window.isWaitingForPaste)
        // Undo takes back the typing after the paste, then the paste as a step of its own.
        keyboard.tap("KEY_LEFTCTRL", "KEY_Z")
        #expect(field.text == "xpasted ")
        keyboard.tap("KEY_LEFTCTRL", "KEY_Z")
        #expect(field.text == "x")
    }

    @Test("a paste that brings nothing lets the keys through; Tab typed during a paste moves focus after it lands")
    func nothingPastedAndFocusMoves() throws {
        let (keyboard, window, field, other, owner) = try form()
        defer { Pasteboard.general.backend = nil }
        keyboard.tap("KEY_LEFTCTRL", "KEY_V")
        keyboard.type(["KEY_TAB", "KEY_O"])
        #expect(field.isFirstResponder)
        owner.answer("in the first")
        #expect(field.text == "in the first")
        #expect(other.isFirstResponder)
        #expect(other.text == "o")

        keyboard.tap("KEY_LEFTCTRL", "KEY_V")
        keyboard.type(["KEY_K"])
        owner.answer(nil)
        #expect(other.text == "ok")
        #expect(!window.isWaitingForPaste)
    }
}
