import Foundation
import TestSupport
import Testing

/// The demo's form read and driven by a real AT-SPI client (libatspi through
/// Python), on a private bus with at-spi2-core's launcher and registry.
@Suite(.serialized, .enabled(if: atspiAvailable, Comment(rawValue: missingATSPI)))
struct DemoOverATSPITests {
    @Test func aClientReadsTheFormAsTheWindowShowsIt() throws {
        let demo = try DemoFormSession()
        let application = try demo.tree()
        #expect(application.role == "application")
        #expect(application.name == "date-picker-demo")
        let window = try #require(application.children.first)
        #expect(window.role == "frame")
        #expect(window.name == "Date picker demo")
        #expect(window.states.contains("active"))

        let name = try #require(application.first("text", "Name"))
        #expect(name.states.isSuperset(of: ["editable", "focusable", "focused", "single-line", "showing"]))
        #expect(name.text == "")
        #expect(name.relations["labelled-by"] == ["Name"])
        #expect(application.first("label", "Name")?.relations["label-for"] == ["Name"])
        let notes = try #require(application.first("text", "Notes"))
        #expect(notes.states.contains("multi-line"))
        #expect(application.first("push button", "Birthday")?.actions == ["press"])
        #expect(application.first("push button", "Save") != nil)
        #expect(application.first("label", "Sign up") != nil)
        // Frames in window coordinates: the field sits right of its label.
        let label = try #require(application.first("label", "Name"))
        #expect(name.frame.count == 4 && label.frame.count == 4)
        #expect(name.frame[0] >= label.frame[0] + label.frame[2])
        #expect(name.frame[1] == label.frame[1])
    }

    @Test func typingSendsTextChangedAndCaretMovedEvents() throws {
        let demo = try DemoFormSession()
        let recording = try demo.session.recordEvents(["object:text-changed", "object:text-caret-moved"])
        try demo.type("Ann")
        try demo.xdotool("key", "BackSpace")
        let events = recording.waitFor { $0.filter { $0.type.hasPrefix("object:text-changed") }.count >= 4 }
        let changes = events.filter { $0.type.hasPrefix("object:text-changed") }
        #expect(changes.map(\.type) == [
            "object:text-changed:insert", "object:text-changed:insert", "object:text-changed:insert",
            "object:text-changed:delete",
        ])
        #expect(changes.map(\.data) == ["A", "n", "n", "n"])
        #expect(changes.map(\.detail1) == [0, 1, 2, 2])
        #expect(changes.allSatisfy { $0.name == "Name" && $0.role == "text" && $0.detail2 == 1 })
        let carets = events.filter { $0.type == "object:text-caret-moved" }.map(\.detail1)
        #expect(carets == [1, 2, 3, 2])
        let name = try #require(try demo.tree().first("text", "Name"))
        #expect(name.text == "An")
        #expect(name.caret == 2)
    }

    @Test func movingFocusSendsFocusedStateEvents() throws {
        let demo = try DemoFormSession()
        let recording = try demo.session.recordEvents(["object:state-changed:focused"])
        try demo.xdotool("key", "Tab")
        let events = recording.waitFor { $0.count >= 2 }
        #expect(events.count == 2)
        #expect(events.first?.name == "Name")
        #expect(events.first?.detail1 == 0)
        // Birthday shows its date picker, whose selected column takes the focus.
        let focused = try #require(events.last)
        #expect(focused.role == "spin button")
        #expect(focused.detail1 == 1)
        let tree = try demo.tree()
        #expect(tree.first("text", "Name")?.states.contains("focused") == false)
        // Birthday stays first responder while its picker's column has the reader's focus.
        #expect(tree.all.filter { $0.states.contains("focused") }.map(\.name) == ["Birthday", focused.name])
    }

    @Test func thePickerAppearingAndGoingSendsChildrenChangedEvents() throws {
        let demo = try DemoFormSession()
        let recording = try demo.session.recordEvents(["object:children-changed"])
        try demo.xdotool("key", "Tab")
        let shown = recording.waitFor { $0.contains { $0.type == "object:children-changed:add" } }
        // The date picker (named for its field) joins the container input views show in.
        let added = try #require(shown.first { $0.type == "object:children-changed:add" })
        #expect(added.data == "Birthday")
        try demo.xdotool("key", "Escape")
        let gone = recording.waitFor(timeout: 10) { $0.count > shown.count }.dropFirst(shown.count)
        let removed = try #require(gone.first { $0.type == "object:children-changed:remove" })
        #expect(removed.role == added.role)
    }

    @Test func theDatePickersValueIsReadableAndFollowsTheArrowKeys() throws {
        let demo = try DemoFormSession()
        try demo.xdotool("key", "Tab")
        let recording = try demo.session.recordEvents(["object:property-change:accessible-value"])
        let before = try demo.tree().all.filter { $0.role == "spin button" }
        #expect(before.count == 3)
        let day = try #require(before.first { $0.states.contains("focused") })
        let start = try #require(day.value)
        // Down: Birthday starts at today, the latest date it takes.
        try demo.xdotool("key", "Down")
        let events = recording.waitFor { !$0.isEmpty }
        #expect(events.first?.name == day.name)
        let changed = try #require(events.first?.value)
        #expect(changed != start)
        let after = try #require(try demo.tree().first("spin button", day.name))
        #expect(after.value == changed)
    }
}

/// A reader driving the form through the bridge, as Orca's commands do:
/// EditableText, Text, Component, Action and Value calls change what the window shows.
@Suite(.serialized, .enabled(if: atspiAvailable, Comment(rawValue: missingATSPI)))
struct ReaderDrivesTheFormTests {
    func act(_ demo: DemoFormSession, _ role: String, _ name: String, _ action: String...) throws -> String {
        let output = try demo.session.runClient("act.py", [DemoFormSession.applicationName, role, name] + action)
        try #require(output.status == 0, "act.py \(action) failed: \(output)")
        return output.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test func editingTheNameFieldsText() throws {
        let demo = try DemoFormSession()
        #expect(try act(demo, "text", "Name", "set-text", "Ann Lee") == "true")
        #expect(try act(demo, "text", "Name", "insert-text", "3", "-Marie") == "true")
        #expect(try act(demo, "text", "Name", "delete-text", "0", "4") == "true")
        #expect(try act(demo, "text", "Name", "set-caret", "2") == "true")
        let name = try #require(try demo.tree().first("text", "Name"))
        #expect(name.text == "Marie Lee")
        #expect(name.caret == 2)
    }

    @Test func focusingPressingAndSettingAValue() throws {
        let demo = try DemoFormSession()
        #expect(try act(demo, "text", "Quantity", "grab-focus") == "true")
        #expect(try demo.tree().first("text", "Quantity")?.states.contains("focused") == true)
        // Pressing Birthday shows its picker: three spin buttons appear.
        #expect(try act(demo, "push button", "Birthday", "do-action", "0") == "true")
        let day = try #require(try demo.tree().first("spin button", "Day")?.value)
        let earlier = day == 1 ? 2 : day - 1
        #expect(try act(demo, "spin button", "Day", "set-value", String(earlier)) == "true")
        #expect(try demo.tree().first("spin button", "Day")?.value == earlier)
        // Out of range: never a 99th day.
        _ = try act(demo, "spin button", "Day", "set-value", "99")
        #expect(try #require(try demo.tree().first("spin button", "Day")?.value) <= 31)
    }
}
