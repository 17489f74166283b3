import Testing
import XKB

@Suite struct KeycodeTests {
    @Test(arguments: [
        (UInt32(30), UInt32(38), "KEY_A"),
        (1, 9, "KEY_ESC"),
        (42, 50, "KEY_LEFTSHIFT"),
        (100, 108, "KEY_RIGHTALT"),
        (96, 104, "KEY_KPENTER"),
    ])
    func evdevCodesAreXKBKeycodesMinusEight(evdev: UInt32, xkb: UInt32, name: String) {
        let keycode = Keycode(evdev: evdev)
        #expect(keycode.rawValue == xkb)
        #expect(keycode == Keycode(rawValue: xkb))
        #expect(keycode.evdev == evdev)
        #expect(keycode.evdevName == name)
        #expect(keycode.description == name)
    }

    @Test func keycodesBelowEightHaveNoEvdevCode() {
        #expect(Keycode(rawValue: 3).evdev == nil)
        #expect(Keycode(rawValue: 3).evdevName == nil)
        #expect(Keycode(rawValue: 3).description == "keycode 3")
        #expect(Keycode(rawValue: 8).evdev == 0)
    }

    @Test func aCodeTheKernelDoesNotNameHasNoName() {
        let unnamed = Keycode(evdev: 0x2ff)
        #expect(unnamed.evdevName == nil)
        #expect(unnamed.description == "keycode \(0x2ff + 8)")
    }

    @Test func keycodesSortByValue() {
        let codes = [Keycode(evdev: 30), Keycode(evdev: 1), Keycode(evdev: 42)]
        #expect(codes.sorted().map(\.evdevName) == ["KEY_ESC", "KEY_A", "KEY_LEFTSHIFT"])
    }
}
