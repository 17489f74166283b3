import DatePickerDemo
import Foundation
import KeyInputCairo
import KeyInputKit
import TestSupport
import Testing

/// The demo under a finger on GNOME's compositor: real touches through mutter's own seat
/// (its RemoteDesktop `NotifyTouchDown/Motion/Up`), which mutter sends a client as `wl_touch`
/// and never as pointer events. Points are in the form's coordinates: Name's field is at
/// (144, 64, 300 × 40), Birthday's below it at (144, 120); nothing is at (300, 340).
///
/// Each test fails when the Wayland host ignores `wl_touch.down` (no tap reaches the form);
/// the two-finger test also fails when the host gives every finger the same id. Where a
/// gesture needs a place the form's own coordinates do not give (a column of the date picker,
/// a key of the on-screen keyboard), a headless ``DemoSession`` of the same size finds it: its
/// layout is the window's. Flicks are real: motions ~10 ms apart on the wall clock, so the
/// velocity the demo measures is the one mutter's timestamps give.
@MainActor
@Suite("date-picker-demo under a finger on mutter (wl_touch)", .serialized)
struct DemoTouchOnMutterTests {
    /// Puts a finger down at a point of the form and lifts it there.
    func tap(_ x: Int, _ y: Int, slot: UInt32 = 0, on shown: DemoShownOnMutter) throws {
        let point = (x: Double(shown.form.x + x), y: Double(shown.form.y + y))
        try shown.mutter.touchDown(slot: slot, x: point.x, y: point.y)
        try shown.mutter.touchUp(slot: slot)
    }

    /// Puts a finger down at a point of the form (window coordinates) and lifts it there.
    func tap(at point: Point, on shown: DemoShownOnMutter) throws {
        try shown.mutter.touchDown(x: Double(shown.form.x) + point.x, y: Double(shown.form.y) + point.y)
        try shown.mutter.touchUp()
    }

    /// Drags a finger from one point of the form to another in `steps` motions `interval`
    /// seconds apart on the wall clock, and lifts it at the last one without stopping: a flick,
    /// at about `distance / (steps × interval)` points per second.
    func flick(from start: Point, to end: Point, steps: Int = 10, interval: Double = 0.01, on shown: DemoShownOnMutter)
        throws
    {
        let origin = (x: Double(shown.form.x), y: Double(shown.form.y))
        try shown.mutter.touchDown(x: origin.x + start.x, y: origin.y + start.y)
        for step in 1...steps {
            Thread.sleep(forTimeInterval: interval)
            let done = Double(step) / Double(steps)
            try shown.mutter.touchMotion(
                x: origin.x + start.x + (end.x - start.x) * done, y: origin.y + start.y + (end.y - start.y) * done)
        }
        try shown.mutter.touchUp()
    }

    /// Waits until what `observe` reads from the demo's last state has stayed the same for
    /// `steady` seconds (at most `timeout` seconds), and returns it.
    func waitUntilSteady<T: Equatable>(
        _ what: String, for steady: Double = 1, timeout: Double = 8, on shown: DemoShownOnMutter,
        _ observe: (DemoState) -> T?
    ) throws -> T {
        var seen: T?
        var since = Date()
        let turn = { Thread.sleep(forTimeInterval: 0.02) }
        try waitUntil("\(what) to stay the same for \(steady) s", timeout: timeout, turn: turn) {
            let now = shown.demo.states().last.flatMap(observe)
            if now != seen {
                seen = now
                since = Date()
            }
            return seen != nil && Date().timeIntervalSince(since) >= steady
        }
        return seen!
    }

    /// The vertical place of a control's frame in the window, from a state.
    func top(of id: String, in state: DemoState) -> Double? { state.controls.first { $0.id == id }?.frame[1] }

    /// A keyboard frame as the state writes it.
    func stateFrame(_ rect: Rect) -> [Double] { [rect.minX, rect.minY, rect.width, rect.height] }

    /// The kernel key chords that type `text` (letters and spaces) on a US layout.
    func keys(typing text: String) -> [String] {
        text.map { character in
            if character == " " { return "KEY_SPACE" }
            let key = "KEY_" + character.uppercased()
            return character.isUppercase ? "KEY_LEFTSHIFT+" + key : key
        }
    }

    @Test("A tap on Name focuses it and keys type there; a tap at the text's start puts the caret there",
          .enabled(if: mutterAvailable, mutterReason))
    func tapFocusesNameAndPlacesTheCaret() throws {
        let shown = try DemoShownOnMutter.start()
        try tap(300, 84, on: shown)
        try shown.demo.waitForState("Name focused by a tap") { $0.firstResponder == "name" }
        try shown.mutter.type(keys: ["KEY_H", "KEY_E", "KEY_L", "KEY_L", "KEY_O"])
        try shown.demo.waitForState("Name reading \"hello\"") { $0.value("name") == "hello" }
        // Left of the first letter: the caret goes before it, and what is typed next lands there.
        try tap(146, 84, on: shown)
        try shown.mutter.type(keys: ["KEY_LEFTSHIFT+KEY_X"])
        try shown.demo.waitForState("X typed before \"hello\"") { $0.value("name") == "Xhello" }
    }

    @Test("A tap on Birthday shows the date picker in place of the keyboard, as the headless demo draws it",
          .enabled(if: mutterAvailable, mutterReason))
    func tapShowsTheDatePicker() throws {
        try expectTapShowsTheDatePicker(on: try DemoShownOnMutter.start())
    }

    /// Taps Birthday and checks the date picker comes up, drawn as the headless demo draws it.
    func expectTapShowsTheDatePicker(on shown: DemoShownOnMutter) throws {
        try tap(300, 140, on: shown)
        try shown.demo.waitForState("Birthday focused with the date picker up") {
            $0.firstResponder == "birthday" && $0.inputView == "date-picker" && $0.keyboardFrame.last ?? 0 > 0
        }
        let picked = try headlessFrame(events: "click birthday\nwait 1", named: "picker")
        let onScreen = try waitForForm(picked, on: shown.mutter, named: "picker")
        #expect(onScreen.differing == 0, "\(onScreen.differing) pixels differ from the headless demo's date picker")
    }

    @Test("A tap outside the focused field dismisses it: focus leaves and the date picker goes",
          .enabled(if: mutterAvailable, mutterReason))
    func tapOutsideDismisses() throws {
        let shown = try DemoShownOnMutter.start()
        try tap(300, 140, on: shown)
        try shown.demo.waitForState("Birthday focused with the date picker up") {
            $0.firstResponder == "birthday" && $0.inputView == "date-picker"
        }
        try tap(300, 340, on: shown)
        try shown.demo.waitForState("nothing focused and no input view after a tap outside") {
            $0.firstResponder == nil && $0.inputView == nil && $0.keyboardFrame.last == 0
        }
    }

    @Test("Two fingers down at once are two touches: each focuses the field it lifts from",
          .enabled(if: mutterAvailable, mutterReason))
    func twoFingersAreKeptApart() throws {
        let shown = try DemoShownOnMutter.start()
        let name = (x: Double(shown.form.x + 300), y: Double(shown.form.y + 84))
        let birthday = (x: Double(shown.form.x + 300), y: Double(shown.form.y + 140))
        // A finger rests on Name while another taps Birthday: that tap focuses Birthday.
        try shown.mutter.touchDown(slot: 0, x: name.x, y: name.y)
        try shown.mutter.touchDown(slot: 1, x: birthday.x, y: birthday.y)
        try shown.mutter.touchUp(slot: 1)
        try shown.demo.waitForState("Birthday focused by the second finger's tap, the first still down") {
            $0.firstResponder == "birthday" && $0.inputView == "date-picker"
        }
        // The resting finger lifts where it came down: a tap on Name, not one more on Birthday.
        try shown.mutter.touchUp(slot: 0)
        try shown.demo.waitForState("Name focused when the first finger lifts") {
            $0.firstResponder == "name" && $0.inputView != "date-picker"
        }
    }

    @Test("A flick up on the date picker's month column turns it back more than one month, and it comes to rest on a row",
          .enabled(if: mutterAvailable, mutterReason))
    func flickOnTheMonthColumn() throws {
        // December, the latest date allowed: eleven earlier months lie above it before the column wraps.
        let shown = try DemoShownOnMutter.start(date: "2000-12-15")
        let session = try makeSession(initialDate: noon(2000, 12, 15))
        try session.play(.tapControl("birthday"))
        session.advance(to: session.time + 1)
        let picker = session.form.birthday.picker
        let month = picker.convert(picker.columnFrames[0], to: nil)
        let restingPicker = stateFrame(session.window.keyboardFrame)

        try tap(300, 140, on: shown)
        try shown.demo.waitForState("the date picker up and still") {
            $0.firstResponder == "birthday" && $0.inputView == "date-picker" && $0.keyboardFrame == restingPicker
        }
        #expect(shown.demo.states().last?.value("birthday") == "Dec 15, 2000")
        // 40 points up in 80 ms, about 500 points a second: the rows coast on about 175 points
        // (a row is 40), so the month goes back about five; anything from 2 to 10 passes.
        try flick(
            from: Point(x: month.midX, y: month.midY), to: Point(x: month.midX, y: month.midY - 40), steps: 8,
            on: shown)
        try shown.demo.waitForState("the month turned by the flick", timeout: 5) { $0.value("birthday") != "Dec 15, 2000" }
        let settled = try waitUntilSteady("Birthday's value", on: shown) { $0.value("birthday") }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "MMM d, yyyy"
        let date = try #require(formatter.date(from: settled), "\"\(settled)\" is not a date the picker shows")
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        #expect(parts.year == 2000 && parts.day == 15, "only the month turns: \(settled)")
        #expect((parts.month ?? 12) <= 10, "the flick turned the month back by less than two: \(settled)")
        #expect(shown.demo.states().last?.firstResponder == "birthday")
    }

    @Test("In a short window a flick scrolls the form on after the finger lifts, and a tap stops it without pressing what it lands on",
          .enabled(if: mutterAvailable, mutterReason))
    func flickScrollsTheFormAndATapStopsIt() throws {
        // 480 × 300: the form (440 points tall) scrolls by up to 140.
        let shown = try DemoShownOnMutter.start(size: "480x300")
        #expect(shown.demo.states().last.flatMap { top(of: "name", in: $0) } == 64)
        // 20 points up in 100 ms beside the labels, about 200 points a second: the content
        // coasts on for about a second, short of the bottom.
        try flick(from: Point(x: 60, y: 250), to: Point(x: 60, y: 230), on: shown)
        Thread.sleep(forTimeInterval: 0.1)
        let lifted = try #require(shown.demo.states().last.flatMap { top(of: "name", in: $0) })
        #expect(lifted < 64, "the form did not follow the finger: Name at \(lifted)")
        try shown.demo.waitForState("the form still moving 0.1 s after the finger lifted", timeout: 1) {
            top(of: "name", in: $0) != lifted
        }
        // A tap on Notes where it is now: the content stops, and Notes is not focused.
        let notes = try #require(shown.demo.states().last?.controls.first { $0.id == "notes" }?.frame)
        try tap(at: Point(x: notes[0] + notes[2] / 2, y: notes[1] + notes[3] / 2), on: shown)
        Thread.sleep(forTimeInterval: 0.2)
        let stopped = try #require(shown.demo.states().last.flatMap { top(of: "name", in: $0) })
        Thread.sleep(forTimeInterval: 0.5)
        let last = try #require(shown.demo.states().last)
        #expect(top(of: "name", in: last) == stopped, "the form went on moving after the tap")
        #expect(stopped < lifted && stopped > 64 - 140, "the form stopped short of its end: Name at \(stopped)")
        #expect(last.firstResponder == nil, "the tap that stopped the form also pressed \(last.firstResponder ?? "")")
        #expect(last.inputView == nil)
    }

    @Test("A long press on a word in Notes selects it and shows the handles, as the headless demo draws them",
          .enabled(if: mutterAvailable, mutterReason))
    func longPressSelectsAWordInNotes() throws {
        // Where the handles' knobs are, from a headless session pressing the same (DemoTouchTests.longPressInNotes).
        // Escape closes the edit menu the long press opened; the selection and its handles stay.
        let script = "tap notes\ntype Meet at the library\ntouch down 262 252\nwait 0.8\ntouch up\nwait 0.3\nkey KEY_ESC"
        let session = try makeSession()
        let frames = try TemporaryFolder()
        _ = DemoPlayer(session: session, frameFolder: frames.path)  // lays text out with Pango, as the demo does
        try session.play(script: script)
        let notes = session.form.notes
        let knobs = try #require(notes.selectionHandleKnobs, "no handles after a long press, headless")
        let knobCentres = [knobs.start, knobs.end].map { notes.convert(Point(x: $0.midX, y: $0.midY), to: nil) }

        let shown = try DemoShownOnMutter.start()
        try tap(294, 276, on: shown)  // the middle of Notes
        try shown.demo.waitForState("Notes focused by a tap") { $0.firstResponder == "notes" }
        try shown.mutter.type(keys: keys(typing: "Meet at the library"))
        try shown.demo.waitForState("Notes reading the line typed") { $0.value("notes") == "Meet at the library" }
        // On "library", as DemoTouchTests.longPressInNotes presses it headless.
        try shown.mutter.touchDown(x: Double(shown.form.x + 262), y: Double(shown.form.y + 252))
        Thread.sleep(forTimeInterval: 0.8)
        try shown.mutter.touchUp()
        Thread.sleep(forTimeInterval: 0.3)
        try shown.mutter.type(keys: ["KEY_ESC"])
        let held = try headlessFrame(events: script + "\nwait 1", named: "long-press")
        let onScreen = try waitForForm(held, on: shown.mutter, named: "long-press")
        #expect(onScreen.differing == 0, "\(onScreen.differing) pixels differ from the headless demo's selection with its handles")
        // The screen shows the knobs where they belong, in the accent colour: the picture is of handles.
        let shot = try CairoCanvas(contentsOfPNG: try shown.mutter.screenshot(named: "handles.png"))
        for centre in knobCentres {
            let pixel = shot.color(atX: shown.form.x + Int(centre.x), y: shown.form.y + Int(centre.y))
            let accent = Color.accent
            #expect(
                pixel.map { abs($0.red - accent.red) + abs($0.green - accent.green) + abs($0.blue - accent.blue) < 0.06 }
                    == true, "no handle's knob at \(centre): \(String(describing: pixel))")
        }
        let state = try #require(shown.demo.states().last)
        #expect(state.value("notes") == "Meet at the library", "the long press changed the text")
        #expect(state.firstResponder == "notes")
    }

    @Test("The whole form filled by touch alone: keys tapped on the on-screen keyboard, the month below tapped, Save tapped",
          .enabled(if: mutterAvailable, mutterReason))
    func wholeFormByTouch() throws {
        // Where to tap, from a headless session doing the same (see DemoTouchTests.wholeFormByTouch).
        let session = try makeSession()
        let keyboard = session.window.onScreenKeyboard
        func keyCentre(_ label: String) throws -> Point {
            let index = try #require(keyboard.keyIndex(labelled: label), "no key labelled \(label)")
            let frame = keyboard.convert(keyboard.keys[index].frame, to: nil)
            return Point(x: frame.midX, y: frame.midY)
        }
        var nameKeys: [(label: String, at: Point)] = []
        try session.play(.tapControl("name"))
        session.advance(to: session.time + 1)
        let nameKeyboard = stateFrame(session.window.keyboardFrame)
        for label in ["A", "d", "a"] {
            nameKeys.append((label, try keyCentre(label)))
            session.tester.tap(at: nameKeys.last!.at)
        }
        try session.play(.tapControl("birthday"))
        session.advance(to: session.time + 1)
        let pickerFrame = stateFrame(session.window.keyboardFrame)
        let picker = session.form.birthday.picker
        let month = picker.convert(picker.columnFrames[0], to: nil)
        let monthBelow = Point(x: month.midX, y: month.maxY + 16)
        try session.play(.tapControl("quantity"))
        session.advance(to: session.time + 1)
        let padFrame = stateFrame(session.window.keyboardFrame)
        let three = try keyCentre("3")
        let save = session.form.save.frameInWindow
        let saveCentre = Point(x: save.midX, y: save.midY)

        let shown = try DemoShownOnMutter.start()
        try tap(300, 84, on: shown)
        try shown.demo.waitForState("Name focused with the keyboard still") {
            $0.firstResponder == "name" && $0.keyboardFrame == nameKeyboard
        }
        var typed = ""
        for key in nameKeys {
            try tap(at: key.at, on: shown)
            typed += key.label
            try shown.demo.waitForState("Name reading \"\(typed)\" after the key \(key.label)") { $0.value("name") == typed }
        }
        try tap(300, 140, on: shown)
        try shown.demo.waitForState("the date picker up and still") {
            $0.firstResponder == "birthday" && $0.inputView == "date-picker" && $0.keyboardFrame == pickerFrame
        }
        try tap(at: monthBelow, on: shown)
        try shown.demo.waitForState("Birthday a month back") { $0.value("birthday") == "May 15, 2000" }
        try tap(200, 196, on: shown)
        try shown.demo.waitForState("Quantity focused with the number pad still") {
            $0.firstResponder == "quantity" && $0.keyboardFrame == padFrame
        }
        try tap(at: three, on: shown)
        try shown.demo.waitForState("Quantity reading 3") { $0.value("quantity") == "3" }
        try tap(at: saveCentre, on: shown)
        let saved = try shown.demo.waitForState("the form saved") { $0.value("status")?.hasPrefix("Saved") ?? false }
        #expect(saved.value("status") == "Saved Ada, May 15, 2000, quantity 3")
        #expect(saved.value("name") == "Ada")
    }
}

