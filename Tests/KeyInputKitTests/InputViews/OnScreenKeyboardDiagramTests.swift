import KeyInputKit
import TestSupport
import Testing
import XKB

/// The on-screen keyboard as a layout diagram: the whole pc105 keyboard, each cap's four levels.
@MainActor
@Suite struct OnScreenKeyboardDiagramTests {
    func diagram(_ layout: String) throws -> OnScreenKeyboard {
        let keymap = try Keymap(context: try Context(options: .noEnvironmentNames), names: RuleNames(layout: layout))
        let keyboard = OnScreenKeyboard()
        keyboard.style = .layoutDiagram
        keyboard.setKeymap(keymap)
        keyboard.frame = Rect(x: 0, y: 0, width: 960, height: 320)
        return keyboard
    }

    func key(_ keyboard: OnScreenKeyboard, _ evdevName: String) throws -> OnScreenKeyboard.Key {
        let code = Keycode(evdev: try #require(EvdevKeyNames.code(of: evdevName)))
        return try #require(keyboard.keys.first { $0.role == .keycode(code) }, "no \(evdevName)")
    }

    @Test func everyPC105KeyWithoutFunctionKeysIsThere() throws {
        let keyboard = try diagram("us")
        #expect(keyboard.keys.count == 62)  // 14 + 13 + 13 + 13 + 8 in rows, and Enter
        #expect(try key(keyboard, "KEY_102ND").frame.minX < key(keyboard, "KEY_Z").frame.minX)
        // Enter spans the rows of Q and A.
        #expect(try key(keyboard, "KEY_ENTER").frame.height > 1.5 * key(keyboard, "KEY_A").frame.height)
    }

    @Test func capsShowFourLevelsAndDropRepeats() throws {
        let keyboard = try diagram("de")
        let e = try key(keyboard, "KEY_E").levels.map { $0?.text }
        #expect(e == ["e", "E", "€", nil])  // AltGr+Shift types € again
        let s = try key(keyboard, "KEY_A").levels.map { $0?.text }
        #expect(s == ["a", "A", "æ", "Æ"])
        let digit = try key(keyboard, "KEY_2").levels.map { $0?.text }
        #expect(digit == ["2", "\"", "²", "⅛"])
    }

    @Test func deadKeysShowTheirMarkOnADottedCircle() throws {
        let keyboard = try diagram("de")
        let grave = try #require(try key(keyboard, "KEY_GRAVE").levels.first ?? nil)
        #expect(grave.text == "◌\u{302}" && grave.kind == .deadKey)
    }

    @Test func keysThatTypeNoCharacterAreNamed() throws {
        let keyboard = try diagram("us")
        for (name, label) in [("KEY_TAB", "Tab"), ("KEY_CAPSLOCK", "Caps"), ("KEY_LEFTSHIFT", "Shift"), ("KEY_ENTER", "Enter")] {
            let cap = try key(keyboard, name)
            #expect(cap.label == label)
            #expect(cap.levels.first??.kind == .name)
        }
    }
}
