import DatePickerDemo
import KeyInputKit
import Testing

@Suite("The demo's form in a window too short for it and the keyboard")
@MainActor
struct ShortWindowTests {
    /// A session whose window and form are 480×420.
    private func shortSession() throws -> DemoSession {
        let session = try makeSession()
        session.window.frame = Rect(x: 0, y: 0, width: 480, height: 420)  // the layout pass fits the form to it
        return session
    }

    @Test func nextFromBirthdayToQuantityInAShortWindowBringsQuantityAboveTheKeyboard() throws {
        let session = try shortSession()
        try session.play(script: "click birthday\nclick accessory-next")
        #expect(session.window.firstResponder === session.form.quantity)
        let quantity = session.form.quantity.frameInWindow
        let keyboard = session.window.keyboardFrame
        #expect(session.window.presentedAccessoryView === session.form.accessoryBar)
        #expect(keyboard.minY == 420 - InputAccessoryBar.height - OnScreenKeyboard.padHeight)
        #expect(quantity.maxY + 8 == keyboard.minY, "Quantity is not just above the accessory bar: \(quantity), keyboard \(keyboard)")
        #expect(quantity.minY >= 0)
    }

    @Test func nextFromQuantityToNotesInAShortWindowBringsNotesAboveTheKeyboard() throws {
        let session = try shortSession()
        try session.play(script: "click birthday\nclick accessory-next\nclick accessory-next")
        #expect(session.window.firstResponder === session.form.notes)
        let notes = session.form.notes.frameInWindow
        let keyboard = session.window.keyboardFrame
        #expect(keyboard.minY == 420 - InputAccessoryBar.height - OnScreenKeyboard.fullHeight)
        #expect(notes.maxY + 8 <= keyboard.minY, "Notes is under the keyboard: \(notes), keyboard \(keyboard)")
        #expect(notes.minY >= 0, "Notes went off the top: \(notes)")
    }

    @Test func clickingQuantityWhereTheScrolledFormShowsItKeepsItFocused() throws {
        let session = try shortSession()
        try session.play(script: "click birthday\nclick accessory-next")
        // `click quantity` presses the middle of Quantity where it is drawn, 28 points higher than its frame.
        try session.play(script: "click quantity\ntype 42")
        let state = try session.state()
        #expect(state.firstResponder == "quantity")
        #expect(state.value("quantity") == "42")
        #expect(state.controls.first { $0.id == "quantity" }?.frame == [144, 148, 120, 40])
    }
}
