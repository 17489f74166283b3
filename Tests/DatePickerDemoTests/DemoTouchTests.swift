import DatePickerDemo
import KeyInputKit
import TestSupport
import Testing

@Suite("Demo by touch, headless")
@MainActor
struct DemoTouchTests {
    /// Taps the on-screen keyboard's key labelled `label`.
    private func tapKey(_ label: String, in session: DemoSession) throws {
        let keyboard = session.window.onScreenKeyboard
        let index = try #require(keyboard.keyIndex(labelled: label), "no key labelled \(label)")
        let frame = keyboard.convert(keyboard.keys[index].frame, to: nil)
        session.tester.tap(at: Point(x: frame.midX, y: frame.midY))
    }

    @Test("the whole form filled by touch alone: keys tapped on the on-screen keyboard, the picker stepped by a tap on the month below, Save tapped")
    func wholeFormByTouch() throws {
        let session = try makeSession()
        try session.play(.tapControl("name"))
        session.advance(to: session.time + 0.5)
        for label in ["A", "d", "a"] { try tapKey(label, in: session) }
        try session.play(.tapControl("birthday"))
        session.advance(to: session.time + 0.5)
        // The date picker draws the month before below the month's box.
        let picker = session.form.birthday.picker
        let month = picker.convert(picker.columnFrames[0], to: nil)
        session.tester.tap(at: Point(x: month.midX, y: month.maxY + 16))
        try session.play(.tapControl("quantity"))
        session.advance(to: session.time + 0.5)
        try tapKey("3", in: session)
        try session.play(.tapControl("save"))
        session.advance(to: session.time + 1)
        let state = try session.state()
        #expect(state.value("name") == "Ada")
        #expect(state.value("birthday") == "May 15, 2000", "one month back from Jun 15")
        #expect(state.value("quantity") == "3")
        #expect(state.value("status") == "Saved Ada, May 15, 2000, quantity 3")
        #expect(state.firstResponder == nil)
    }

    @Test("a scripted long press in Notes selects the word under the finger and shows the handles")
    func longPressInNotes() throws {
        let session = try makeSession()
        try session.play(script: """
            tap notes
            type Meet at the library
            touch down 262 252
            wait 0.8
            touch up
            """)
        let notes = session.form.notes
        let utf8 = Array(notes.text.utf8)
        #expect(String(decoding: utf8[notes.selectedRange], as: UTF8.self) == "library")
        #expect(notes.showsSelectionHandles)
    }

    @Test("touch lines are read, and a bad one is named")
    func touchLines() throws {
        let events = try DemoScript.parse("tap 10 20\ntap save\ntouch down 1 2\ntouch move 3 4\ntouch up\n")
        #expect(events.map(\.event) == [.tapAt(10, 20), .tapControl("save"), .touch(.down(1, 2)), .touch(.move(3, 4)), .touch(.up)])
        let error = #expect(throws: DemoScriptError.self) { try DemoScript.parse("tap save\ntouch sideways 1 2\n") }
        #expect(error?.description == "line 2: touch takes down X Y, move X Y or up")
        let session = try makeSession()
        #expect(throws: DemoError.self) { try session.play(.touch(.up)) }
    }
}
