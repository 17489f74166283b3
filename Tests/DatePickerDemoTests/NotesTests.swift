import DatePickerDemo
import Foundation
import KeyInputKit
import TestSupport
import Testing

@Suite("The demo's Notes view: several lines of text")
@MainActor
struct NotesTests {
    @Test("Return in Notes starts a new line rather than moving on, and --state holds both lines")
    func returnStartsANewLine() throws {
        let folder = try TemporaryFolder()
        let events = try folder.write(
            "events.txt",
            """
            click notes
            type Window seat
            key KEY_ENTER
            type No peanuts
            """)
        let result = try DemoBinary.run([
            "--headless", "--events", events, "--state", "--date", "2000-06-15", "--locale", "en_US", "--output",
            folder.path + "/frames",
        ])
        #expect(result.status == 0, "\(result)")
        let states = try DemoState.lines(result.stdout)
        let typed = try #require(states.last { $0.value("notes") == "Window seat\nNo peanuts" }, "\(result.stdout)")
        #expect(typed.firstResponder == "notes")
        #expect(typed.value("name") == "", "Return reached another field")
    }

    @Test("Tab from Quantity goes to Notes, Tab in Notes moves on instead of typing, Shift+Tab comes back")
    func tabMovesOn() throws {
        let session = try makeSession()
        try session.play(script: "click quantity\nkey KEY_TAB")
        #expect(try session.state().firstResponder == "notes")
        try session.play(script: "type Hi\nkey KEY_TAB")
        #expect(session.form.notes.text == "Hi")
        #expect(try session.state().firstResponder != "notes")
        try session.play(script: "click notes\nkey KEY_LEFTSHIFT+KEY_TAB")
        #expect(try session.state().firstResponder == "quantity")
    }

    @Test("the accessory bar: Next from Quantity goes to Notes, titled Notes; Previous goes back")
    func accessoryBar() throws {
        let session = try makeSession()
        try session.play(script: "click quantity\nclick accessory-next")
        #expect(try session.state().firstResponder == "notes")
        #expect(session.form.accessoryBar.titleLabel.text == "Notes")
        #expect(session.window.presentedAccessoryView === session.form.accessoryBar)
        try session.play(script: "click accessory-previous")
        #expect(try session.state().firstResponder == "quantity")
    }
}
