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

@Suite struct KeycodeNameTests {
    @Test(arguments: [("KEY_Y", UInt32(21)), ("key_y", 21), ("Y", 21), ("KEY_LEFTSHIFT", 42), ("KEY_HANGUEL", 122)])
    func keysAreNamedAsTheKernelNamesThem(name: String, evdev: UInt32) throws {
        #expect(try Keycode(name: name) == Keycode(evdev: evdev))
    }

    @Test func anUnknownNameThrowsWithTheNearestNames() {
        #expect {
            _ = try Keycode(name: "KEY_LSHIFT")
        } throws: { error in
            let error = error as? XKBError
            return error?.code == .unknownKeyName
                && error?.message == "unknown key name \"KEY_LSHIFT\"; did you mean KEY_LEFTSHIFT, KEY_LEFT, KEY_LIST?"
        }
    }

    @Test func aLongUnknownNameIsShortenedInTheMessage() throws {
        let name = String(repeating: "a", count: 1000)
        let error = try #require(throws: XKBError.self) { try Keycode(name: name) }
        #expect(error.message == "unknown key name \"\(String(repeating: "a", count: 64))… (1000 bytes)\"")
    }
}
