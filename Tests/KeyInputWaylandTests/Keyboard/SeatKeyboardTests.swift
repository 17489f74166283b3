import KeyInputKit
import TestSupport
import Testing
import XKB

@testable import KeyInputWayland

/// The host's keyboard counts as a hardware keyboard only while the seat has one: on a seat
/// with only a touch screen (mutter primed with a tap, no key ever pressed) the window has no
/// hardware keyboard and its on-screen keyboard shows the system's layout; the first key
/// pressed gives the seat a keyboard, and the on-screen keyboard follows its keymap.
@MainActor
@Suite("The Wayland host's keyboard and the seat's", .serialized)
struct SeatKeyboardTests {
    /// Whether the on-screen keyboard shows `letter` (in either case) on its top row of letters, beside q.
    func topRow(_ keyboard: OnScreenKeyboard, has letter: String) -> Bool {
        func key(_ label: String) -> OnScreenKeyboard.Key? { keyboard.keys.first { $0.label.lowercased() == label } }
        guard let q = key("q"), let key = key(letter) else { return false }
        return q.frame.minY == key.frame.minY
    }

    @Test("With no keyboard on mutter's seat the window has no hardware keyboard and shows the system's layout; a key pressed attaches one",
          .enabled(if: mutterAvailable, mutterReason))
    func aSeatWithoutAKeyboardHasNoHardwareKeyboard() throws {
        let mutter = try HeadlessMutter(primeKeyboard: false)
        let window = Window(size: Size(width: 400, height: 600))
        window.onScreenKeyboardPolicy = .always
        window.inputViewAnimation = .none
        let application = Application()
        application.addWindow(window)
        // The system's layout, as XKB_DEFAULT_LAYOUT=de would give it: German has z where US has y.
        application.onScreenKeyboardLayout = SystemKeyboardLayout(names: RuleNames(layout: "de"), source: .environment)
        let field = TextField(frame: Rect(x: 10, y: 10, width: 300, height: 40))
        window.addSubview(field)
        field.becomeFirstResponder()
        let host = try WaylandHost(window: window, title: "seat", display: mutter.socketPath, inputMethodChoice: .none)
        for _ in 0..<10 { try host.processEvents(timeout: 0.05) }
        #expect(host.seat?.keyboard == nil, "the seat has a keyboard though no key was pressed")
        #expect(!window.hasHardwareKeyboard)
        let keyboard = window.onScreenKeyboard
        #expect(window.presentedInputView === keyboard)
        #expect(topRow(keyboard, has: "z"), "not the system's German layout: \(keyboard.keys.map(\.label))")

        // A key makes mutter's virtual keyboard: the seat gains one, with mutter's US keymap.
        let shift = try #require(EvdevKeyNames.code(of: "KEY_LEFTSHIFT"))
        try mutter.key(evdevCode: shift, pressed: true)
        try mutter.key(evdevCode: shift, pressed: false)
        try pump(host, for: "a hardware keyboard once the seat has one") { window.hasHardwareKeyboard }
        try pump(host, for: "the on-screen keyboard showing mutter's US keymap") { topRow(keyboard, has: "y") }
    }
}
