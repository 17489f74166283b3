import KeyInputKit
import TestSupport
import Testing
import XKB

@MainActor
@Suite struct KeyRepeatTests {
    private func setUp(_ settings: KeyRepeatSettings = KeyRepeatSettings(delay: 0.5, rate: 10)) throws
        -> (HardwareKeyboard, TextField)
    {
        let keyboard = try Fixture.keyboard(layout: "us", repeatSettings: settings)
        let (_, window) = Fixture.window(keyboard: keyboard)
        let field = TextField(frame: Rect(x: 0, y: 0, width: 300, height: 30))
        window.addSubview(field)
        field.becomeFirstResponder()
        return (keyboard, field)
    }

    @Test func aHeldKeyRepeatsAfterTheDelayAtTheRate() throws {
        let (keyboard, field) = try setUp()
        keyboard.handleKey(key("KEY_A"), direction: .down, at: 0)
        keyboard.advance(to: 0.49)
        #expect(field.text == "a")
        keyboard.advance(to: 0.5)
        #expect(field.text == "aa")
        for step in 1...3 { keyboard.advance(to: 0.5 + Double(step) * 0.1) }
        #expect(field.text == "aaaaa")
        keyboard.handleKey(key("KEY_A"), direction: .up, at: 0.85)
        keyboard.advance(to: 5)
        #expect(field.text == "aaaaa")
    }

    @Test func aStallGivesOneRepeatNotABurst() throws {
        let (keyboard, field) = try setUp()
        keyboard.handleKey(key("KEY_B"), direction: .down, at: 0)
        keyboard.advance(to: 10)  // the app was busy for ten seconds
        #expect(field.text == "bb")
        keyboard.advance(to: 10.1)
        #expect(field.text == "bbb")
    }

    @Test func keysTheKeymapMarksNotRepeatingNeverRepeat() throws {
        let (keyboard, field) = try setUp()
        keyboard.handleKey(key("KEY_LEFTSHIFT"), direction: .down, at: 0)
        keyboard.advance(to: 3)
        #expect(keyboard.repeatingKeycode == nil)
        keyboard.tap("KEY_A", at: 3)
        #expect(field.text == "A")
    }

    @Test func repeatStopsOnlyWhenTheRepeatingKeyIsReleased() throws {
        let (keyboard, field) = try setUp()
        keyboard.handleKey(key("KEY_A"), direction: .down, at: 0)
        keyboard.handleKey(key("KEY_B"), direction: .down, at: 0.2)  // B takes over
        keyboard.handleKey(key("KEY_A"), direction: .up, at: 0.3)  // releasing A does not stop B
        keyboard.advance(to: 0.7)
        #expect(field.text == "abb")
        keyboard.handleKey(key("KEY_B"), direction: .up, at: 0.75)
        keyboard.advance(to: 2)
        #expect(field.text == "abb")
    }

    @Test func repeatedTextFollowsModifiersPressedDuringTheRepeat() throws {
        let (keyboard, field) = try setUp()
        keyboard.handleKey(key("KEY_A"), direction: .down, at: 0)
        keyboard.advance(to: 0.5)
        keyboard.handleKey(key("KEY_LEFTSHIFT"), direction: .down, at: 0.55)
        keyboard.advance(to: 0.6)
        #expect(field.text == "aaA")
    }

    @Test func repeatCanBeTurnedOff() throws {
        let (keyboard, field) = try setUp(KeyRepeatSettings(delay: 0.5, rate: 10, isEnabled: false))
        keyboard.handleKey(key("KEY_A"), direction: .down, at: 0)
        keyboard.advance(to: 5)
        #expect(field.text == "a")
    }

    @Test func aSecondPressWithoutAReleaseIsARepeatAndKeepsTheRepeatTiming() throws {
        @MainActor final class PressLog: TextField {
            var repeats: [Bool] = []
            override func pressesBegan(_ press: KeyPress) {
                repeats.append(press.isRepeat)
                super.pressesBegan(press)
            }
        }
        let keyboard = try Fixture.keyboard(layout: "us", repeatSettings: KeyRepeatSettings(delay: 0.5, rate: 10))
        let (_, window) = Fixture.window(keyboard: keyboard)
        let field = PressLog(frame: Rect(x: 0, y: 0, width: 300, height: 30))
        window.addSubview(field)
        field.becomeFirstResponder()
        keyboard.handleKey(key("KEY_A"), direction: .down, at: 0)
        keyboard.handleKey(key("KEY_A"), direction: .down, at: 0.3)  // the release was lost
        #expect(field.repeats == [false, true])
        #expect(keyboard.isKeyDown(key("KEY_A")))
        // The first repeat comes 0.5 s after the first press, not after the second.
        keyboard.advance(to: 0.5)
        #expect(field.text == "aaa")
        #expect(field.repeats == [false, true, true])
    }

    @Test func releasingAllKeysStopsTheRepeatAndLetsGoOfModifiers() throws {
        let (keyboard, field) = try setUp()
        keyboard.handleKey(key("KEY_LEFTSHIFT"), direction: .down, at: 0)
        keyboard.handleKey(key("KEY_A"), direction: .down, at: 0.1)
        #expect(keyboard.releaseAllKeys(at: 0.2) == [key("KEY_A"), key("KEY_LEFTSHIFT")].sorted())
        #expect(!keyboard.isKeyDown(key("KEY_A")) && !keyboard.isKeyDown(key("KEY_LEFTSHIFT")))
        keyboard.advance(to: 2)
        #expect(field.text == "A")
        keyboard.tap("KEY_B", at: 2)
        #expect(field.text == "Ab")
    }

    @Test func nextRepeatTimeSaysWhenTheHostMustWakeUp() throws {
        let (keyboard, field) = try setUp()
        #expect(keyboard.nextRepeatTime == nil)
        keyboard.handleKey(key("KEY_A"), direction: .down, at: 1)
        #expect(keyboard.nextRepeatTime == 1.5)
        keyboard.advance(to: 1.5)
        #expect(field.text == "aa")
        #expect(abs((keyboard.nextRepeatTime ?? 0) - 1.6) < 1e-9)
        keyboard.handleKey(key("KEY_A"), direction: .up, at: 1.55)
        #expect(keyboard.nextRepeatTime == nil)
        keyboard.handleKey(key("KEY_B"), direction: .down, at: 2)
        #expect(keyboard.nextRepeatTime == 2.5)
        // Repeat turned off while B is held: nothing is due.
        keyboard.repeatSettings.isEnabled = false
        #expect(keyboard.nextRepeatTime == nil)
    }

    @Test func keysHeldOnFocusAreDownButTypeAndRepeatNothing() throws {
        let (keyboard, field) = try setUp()
        keyboard.markKeysHeld([key("KEY_A"), key("KEY_LEFTSHIFT")])
        #expect(keyboard.isKeyDown(key("KEY_A")) && keyboard.isKeyDown(key("KEY_LEFTSHIFT")))
        #expect(keyboard.repeatingKeycode == nil)
        keyboard.advance(to: 5)
        #expect(field.text == "")
        // Held Shift was not applied to the state: the display server sends modifiers itself.
        keyboard.tap("KEY_B", at: 5)
        #expect(field.text == "b")
        #expect(keyboard.releaseAllKeys(at: 6) == [key("KEY_A"), key("KEY_LEFTSHIFT")].sorted())
    }

    @Test func withoutStateFromKeysOnlyTheMasksSetModifiers() throws {
        let (keyboard, field) = try setUp()
        keyboard.stateFollowsKeys = false
        // Caps Lock pressed: the compositor's modifiers event, not the key, locks it.
        keyboard.tap("KEY_CAPSLOCK", at: 0)
        keyboard.tap("KEY_A", at: 0.1)
        #expect(field.text == "a")
        keyboard.updateMask(KeyboardState.Masks(lockedModifiers: .lock))
        keyboard.tap("KEY_B", at: 0.2)
        #expect(field.text == "aB")
        // A new keymap keeps the setting.
        keyboard.setKeymap(keyboard.keymap)
        keyboard.tap("KEY_CAPSLOCK", at: 0.3)
        keyboard.tap("KEY_C", at: 0.4)
        #expect(field.text == "aBc")
    }
}
