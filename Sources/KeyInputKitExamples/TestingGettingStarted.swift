import KeyInputKit
import KeyInputKitTesting
import Testing

// The article *Testing a custom control*: the PinPad of *Making a custom control first
// responder*, tested as an app would (the README shows the first test's body from the tester
// on). Linked into the examples tests, it runs with them.

@MainActor
@Test func typingDigitsFillsThePinPad() throws {
    let window = Window(size: Size(width: 320, height: 240))
    let pad = PinPad(frame: Rect(x: 20, y: 20, width: 160, height: 32))
    window.addSubview(pad)

    let tester = try WindowTester(window: window, layout: "de")
    try tester.click(pad)
    try tester.type("12a3")            // typed as a person would: 1, 2, A, 3
    try tester.press("KEY_BACKSPACE")

    #expect(tester.firstResponder === pad)
    #expect(pad.digits == "12")
}

@MainActor
@Test func aPinPadTypoIsNamedNotSkipped() throws {
    let window = Window(size: Size(width: 320, height: 240))
    let pad = PinPad(frame: Rect(x: 20, y: 20, width: 160, height: 32))
    window.addSubview(pad)

    let tester = try WindowTester(window: window, layout: "de")
    try tester.click(pad)
    #expect(throws: WindowTesterError.self) { try tester.type("1٢3") }   // no Arabic digits on "de"
    #expect(pad.digits == "")
}
