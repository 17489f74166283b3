import DatePickerDemo
import Foundation
import KeyInputCairo
import KeyInputKit
import TestSupport
import Testing
import XKB

@Suite("Demo session, headless")
@MainActor
struct DemoSessionTests {
    @Test("the built-in session fills in the form: name, a birthday typed into the picker, a quantity on the number pad, two lines of notes, Save")
    func builtInSession() throws {
        let session = try makeSession()
        let folder = try TemporaryFolder()
        let player = DemoPlayer(session: session, frameFolder: folder.path + "/frames")
        var lines: [String] = []
        player.stateHandler = { lines.append($0) }
        try player.playHeadless(try DemoScript.parse(DemoScript.builtIn), source: "built-in session")

        let final = try session.state()
        #expect(final.firstResponder == nil)
        #expect(final.value("name") == "Ada Lovelace")
        #expect(final.value("birthday") == "Dec 10, 1815")
        #expect(final.value("quantity") == "3")
        #expect(final.value("notes") == "Window seat, please.\nNo peanuts")
        #expect(final.value("status") == "Saved Ada Lovelace, Dec 10, 1815, quantity 3")
        #expect(final.keyboardFrame == [0, 640, 480, 0])

        // One state line per change, the first before anything happened.
        let states = try DemoState.lines(lines.joined(separator: "\n"))
        #expect(states.first?.firstResponder == nil && states.first?.value("name") == "")
        #expect(states.contains { $0.firstResponder == "birthday" && $0.inputView == "date-picker" })
        #expect(states.contains { $0.firstResponder == "quantity" && $0.inputView == "on-screen-keyboard" })
        #expect(Set(lines).count == lines.count)

        // Frames: one per screenshot, and the last one.
        let names = player.framesWritten.map { ($0 as NSString).lastPathComponent }
        #expect(names == [
            "01-form.png", "02-name-keyboard.png", "03-birthday-picker.png", "04-birthday-typed.png",
            "05-quantity-number-pad.png", "06-notes-selection.png", "07-saved.png", "final.png",
        ])
        let pad = try Pixels(png: folder.path + "/frames/05-quantity-number-pad.png")
        #expect(pad.pixel(x: 180, y: 480, is: .key), "no number pad key where the pad goes (its 2)")
        #expect(pad.pixel(x: 146, y: 196, is: .accent) || pad.pixel(x: 144, y: 196, is: .accent), "Quantity has no focus ring")
        // Notes: "peanuts" selected with Shift+Left, on the second line, and the first line not.
        let notes = try Pixels(png: folder.path + "/frames/06-notes-selection.png")
        let secondLine = notes.count(of: .selection, in: Rect(x: 146, y: 254, width: 200, height: 16))
        #expect(secondLine > 300, "no selection behind the second line's last word")
        #expect(notes.count(of: .selection, in: Rect(x: 146, y: 238, width: 200, height: 14)) == 0, "the first line is selected")
        let empty = try Pixels(png: folder.path + "/frames/01-form.png")
        #expect(empty.pixel(x: 240, y: 600, is: .background), "an input view shows before anything was focused")
    }

    @Test(
        "the built-in session types the birthday in the locale's field order: 10 December 1815 everywhere",
        arguments: ["en_US", "ja_JP", "ar_EG", "de_DE"])
    func builtInSessionInLocale(locale: String) throws {
        let session = try makeSession(locale: locale)
        let folder = try TemporaryFolder()
        let player = DemoPlayer(session: session, frameFolder: folder.path + "/frames")
        let script = DemoScript.builtIn(for: Locale(identifier: locale))
        try player.playHeadless(try DemoScript.parse(script), source: "built-in session")
        let picker = session.form.birthday.picker
        let day = picker.calendar.dateComponents([.year, .month, .day], from: picker.date)
        #expect([day.year, day.month, day.day] == [1815, 12, 10], "\(locale): \(session.form.birthday.valueText)")
        // Frames are drawn with Pango: the window's text is laid out as it looks.
        #expect(session.window.textLayoutEngine is PangoTextLayoutEngine)
    }

    @Test("the Birthday field shows the date picker instead of a keyboard, and its label follows the picker")
    func birthdayShowsPicker() throws {
        let session = try makeSession()
        try session.play(script: "click birthday")
        #expect(session.window.presentedInputView === session.form.birthday.picker)
        #expect(session.form.birthday.valueText == "Jun 15, 2000")
        try session.play(script: "key KEY_DOWN\nkey KEY_RIGHT\nkey KEY_DOWN")
        #expect(try session.state().value("birthday") == "May 14, 2000")
    }

    @Test("Escape in the picker restores the date it had when the field was focused")
    func escapeRestores() throws {
        let session = try makeSession()
        try session.play(script: "click birthday\nkey KEY_DOWN\nkey KEY_DOWN\nkey KEY_ESC")
        let state = try session.state()
        #expect(state.value("birthday") == "Jun 15, 2000")
        #expect(state.firstResponder == nil)
    }

    @Test("a press outside dismisses the keyboard, and Save still gets its press")
    func pressOutside() throws {
        let session = try makeSession()
        try session.play(script: "click name\ntype Grace")
        #expect(try session.state().inputView == "on-screen-keyboard")
        try session.play(script: "click save")
        let state = try session.state()
        #expect(state.firstResponder == nil)
        #expect(state.inputView == nil)
        #expect(state.value("status")?.hasPrefix("Saved Grace,") == true)
    }

    @Test("the accessory bar: titled with the field, Next from Name goes to Birthday, Done ends editing")
    func accessoryBar() throws {
        let session = try makeSession()
        try session.play(script: "click name")
        #expect(session.form.accessoryBar.titleLabel.text == "Name")
        try session.play(script: "click accessory-next")
        #expect(try session.state().firstResponder == "birthday")
        #expect(session.form.accessoryBar.titleLabel.text == "Birthday")
        try session.play(script: "click accessory-done")
        #expect(try session.state().firstResponder == nil)
    }

    @Test("Quantity shows a number pad and takes digits from the hardware keyboard")
    func quantityNumberPad() throws {
        let session = try makeSession()
        try session.play(script: "click quantity\nkey KEY_1\nkey KEY_2")
        #expect(session.window.onScreenKeyboard.keyboardType == .numberPad)
        #expect(try session.state().value("quantity") == "12")
    }

    @Test("on a German keymap, the key in the place of Y types z")
    func germanKeymap() throws {
        let session = try makeSession(layout: "de")
        try session.play(script: "click name\nkey KEY_Y\nkey KEY_LEFTSHIFT+KEY_Z\ntype ß")
        #expect(try session.state().value("name") == "zYß")
    }

    @Test("events that cannot play say what is wrong, with suggestions")
    func badEvents() throws {
        let session = try makeSession()
        let control = #expect(throws: DemoError.self) { try session.validate(.clickControl("birthdy")) }
        #expect(control?.message == #"no control "birthdy"; did you mean "birthday"?"#)
        let key = #expect(throws: DemoError.self) { try session.validate(.key("KEY_LSHIFT")) }
        #expect(key?.message.contains("KEY_LEFTSHIFT") == true)
        let text = #expect(throws: DemoError.self) { try session.validate(.type("Ω")) }
        #expect(text?.message == #""Ω" cannot be typed on this keymap"#)
        // Known, but not on screen until the keyboard shows.
        try session.validate(.clickControl("accessory-done"))
        let hidden = #expect(throws: DemoError.self) { try session.play(.clickControl("accessory-done")) }
        #expect(hidden?.message == #"control "accessory-done" is not on screen now"#)
        #expect(hidden?.code == .usage)
    }

    @Test("the state is reported only when it changed")
    func stateOnlyOnChange() throws {
        let session = try makeSession()
        #expect(session.stateIfChanged() != nil)
        session.advance(to: 5)
        #expect(session.stateIfChanged() == nil)
        try session.play(script: "click name")
        #expect(session.stateIfChanged() != nil)
    }

    @Test("a frame that cannot be written is a failure naming the path")
    func unwritableFrame() throws {
        let folder = try TemporaryFolder()
        let file = try folder.write("taken", "a file where the frame folder should be")
        let player = DemoPlayer(session: try makeSession(), frameFolder: file)
        let error = #expect(throws: DemoError.self) { try player.writeFrame(named: "x") }
        #expect(error?.code == .failure)
        #expect(error?.message.contains(file) == true)
    }
}
