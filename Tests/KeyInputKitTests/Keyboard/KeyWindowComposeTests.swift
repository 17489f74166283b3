import KeyInputKit
import Testing
import XKB

/// A compose sequence belongs to the window it started in: making another window
/// key forgets it and ends the first window's marked text.
@MainActor
@Suite struct KeyWindowComposeTests {
    @Test func aDeadKeyInOneWindowDoesNotComposeInTheNextKeyWindow() throws {
        let keyboard = try Fixture.keyboard(layout: "us", variant: "intl", compose: true)
        let application = Application()
        let first = Window(size: Size(width: 400, height: 300))
        let second = Window(size: Size(width: 400, height: 300))
        let firstField = LoggingField(frame: Rect(x: 0, y: 0, width: 300, height: 30))
        let secondField = LoggingField(frame: Rect(x: 0, y: 0, width: 300, height: 30))
        first.addSubview(firstField)
        second.addSubview(secondField)
        application.addWindow(first)
        application.addWindow(second)
        application.attach(keyboard)
        firstField.becomeFirstResponder()
        secondField.becomeFirstResponder()
        #expect(application.keyWindow === first)

        keyboard.tap("KEY_APOSTROPHE")  // dead acute
        #expect(firstField.markedText == "´")

        application.makeKey(second)
        #expect(firstField.markedText == nil)
        keyboard.tap("KEY_E")
        #expect(secondField.text == "e")
        #expect(firstField.text == "")
        #expect(firstField.log == ["marked(´)", "marked(nil)"])

        application.makeKey(first)
        keyboard.tap("KEY_E")
        #expect(firstField.text == "e")
    }
}
