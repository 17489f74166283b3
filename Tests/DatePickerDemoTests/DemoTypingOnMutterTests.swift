import DatePickerDemo
import Foundation
import KeyInputCairo
import KeyInputKit
import TestSupport
import Testing
import XKB

/// The demo's form filled on GNOME's compositor by fingers on its own on-screen keyboard, on a
/// seat with no keyboard at all: mutter's touch screen (RemoteDesktop `NotifyTouch*`) is primed,
/// no key is ever pressed (``HeadlessMutter/init(width:height:xwayland:primeKeyboard:)``).
///
/// The demo runs with `XKB_DEFAULT_LAYOUT=de`: with no hardware keyboard its on-screen keyboard
/// shows the system's layout, German, where Z is where US has Y. Had the seat a keyboard, the
/// on-screen keyboard would follow mutter's US keymap, and the tap where German has Z would type
/// Y: the name typed proves the keyboard's layout came from the system. The compose table is
/// en_US.UTF-8's (`LC_CTYPE`), which gives `e` its accented alternates.
///
/// Where each key is comes from a headless ``DemoSession`` of the same size showing the same
/// layout and compose table, doing the same presses: its layout is the window's. The long press
/// is real: the finger rests 0.8 s on the wall clock, so the demo's Wayland host must wake for
/// the keyboard's deadline by itself.
@MainActor
@Suite("date-picker-demo typed on by fingers on its on-screen keyboard on mutter, no keyboard on the seat", .serialized)
struct DemoTypingOnMutterTests {
    /// Where the fingers go, in window coordinates, found headlessly.
    struct Plan {
        /// The keyboard frame (as the state writes it) once Name's keyboard is up and still.
        var nameKeyboard: [Double]
        /// The keys that type "Zo", with their labels.
        var firstKeys: [(label: String, at: Point)]
        /// The middle of `e`, and the path the finger slides along to é in the alternates row.
        var e: Point
        var slide: [Point]
        /// The part of the alternates row that neither the key nor its preview covers.
        var farAlternates: Rect
        /// The Return key, labelled "Next" for Name.
        var next: Point
        /// The keyboard frame with the date picker up and still.
        var pickerFrame: [Double]
        /// The number pad's frame, and its keys 4 and 2.
        var padFrame: [Double]
        var four: Point, two: Point
        /// The middle of Save.
        var save: Point
    }

    /// The layout the demo is told is the system's.
    static let systemLayout = "de"

    /// A keyboard frame as the state writes it.
    func stateFrame(_ rect: Rect) -> [Double] { [rect.minX, rect.minY, rect.width, rect.height] }

    /// Plays the whole form headlessly with the layout and compose table the demo shows with no
    /// keyboard, checking it types what the test expects, and notes where each finger goes.
    func plan() throws -> Plan {
        let session = try makeSession(layout: Self.systemLayout)
        let keyboard = session.window.onScreenKeyboard
        let context = try Context(options: .noEnvironmentNames)
        let layout = SystemKeyboardLayout(names: RuleNames(layout: Self.systemLayout), source: .environment)
        keyboard.setKeymap(
            try layout.makeKeymap(context: context), composeTable: try ComposeTable(context: context, locale: "en_US.UTF-8"))
        // A key found in either case: the plan goes on when a key headless did not type as expected.
        func centre(_ label: String) throws -> Point {
            let index = try #require(
                keyboard.keyIndex(labelled: label) ?? keyboard.keys.firstIndex { $0.label.lowercased() == label.lowercased() },
                "no key \(label) in \(keyboard.keys.map(\.label))")
            let frame = keyboard.convert(keyboard.keys[index].frame, to: nil)
            return Point(x: frame.midX, y: frame.midY)
        }
        try session.play(.tapControl("name"))
        session.advance(to: session.time + 1)
        let nameKeyboard = stateFrame(session.window.keyboardFrame)
        var firstKeys: [(label: String, at: Point)] = []
        for label in ["Z", "o"] {
            firstKeys.append((label, try centre(label)))
            session.tester.tap(at: firstKeys.last!.at)
        }
        // The German layout, not the US one: Z sits on the top row, where US has Y.
        #expect(firstKeys[0].at.y < (try centre("a")).y, "Z is not on the top row: not the German layout")
        #expect(session.form.name.text == "Zo")

        let e = try centre("e")
        let finger = session.tester.touchDown(at: e)
        let preview = try #require(keyboard.subviews.first { $0.identifier == "key-popup" }).frame
        session.advance(to: session.time + 0.8)
        let alternates = try #require(keyboard.shownAlternates, "no alternates after a long press on e")
        let accented = try #require(alternates.firstIndex(of: "é"), "no é among \(alternates)")
        let row = try #require(keyboard.subviews.first { $0.identifier == "key-popup" }).frame
        let cell = row.width / Double(alternates.count)
        let target = keyboard.convert(Point(x: row.minX + cell * (Double(accented) + 0.5), y: row.midY), to: nil)
        // Up first, then across: the finger never leaves the key's column and the row.
        var slide: [Point] = []
        for step in 1...6 { slide.append(Point(x: e.x, y: e.y + (target.y - e.y) * Double(step) / 6)) }
        for step in 1...4 { slide.append(Point(x: e.x + (target.x - e.x) * Double(step) / 4, y: target.y)) }
        for point in slide { session.tester.touchMove(finger, to: point) }
        session.tester.touchUp(finger)
        #expect(session.form.name.text == "Zoé", "headless, the slide onto é typed \(session.form.name.text)")
        // Right of the preview, over cells the preview never covers.
        let farLeft = max(row.minX + cell * 2, preview.maxX + 2)
        let farAlternates = keyboard.convert(
            Rect(x: farLeft, y: row.minY + 2, width: row.maxX - 2 - farLeft, height: row.height - 4), to: nil)
        #expect(farAlternates.width >= cell, "the alternates row is too short to see beside the preview")

        let next = try centre("Next")
        session.tester.tap(at: next)
        session.advance(to: session.time + 1)
        #expect((session.window.firstResponder as? View)?.identifier == "birthday")
        let pickerFrame = stateFrame(session.window.keyboardFrame)
        try session.play(.tapControl("quantity"))
        session.advance(to: session.time + 1)
        let padFrame = stateFrame(session.window.keyboardFrame)
        let four = try centre("4"), two = try centre("2")
        session.tester.tap(at: four)
        session.tester.tap(at: two)
        #expect(session.form.quantity.text == "42")
        let save = session.form.save.frameInWindow
        return Plan(
            nameKeyboard: nameKeyboard, firstKeys: firstKeys, e: e, slide: slide, farAlternates: farAlternates,
            next: next, pickerFrame: pickerFrame, padFrame: padFrame, four: four, two: two,
            save: Point(x: save.midX, y: save.midY))
    }

    /// mutter with a touch screen and no keyboard, the demo on it told the system's layout is
    /// German, and where its form shows.
    func start() throws -> DemoShownOnMutter {
        let mutter = try HeadlessMutter(primeKeyboard: false)
        let demo = try DemoOnMutter(
            on: mutter, ["--date", "2000-06-15"],
            environment: ["XKB_DEFAULT_LAYOUT": Self.systemLayout, "LC_CTYPE": "en_US.UTF-8"])
        try demo.waitForState("the first state") { _ in true }
        let first = try headlessFrame(events: "", named: "first")
        let form = try waitForForm(first, on: mutter, named: "first")
        try #require(form.differing == 0, "\(form.differing) pixels of the form differ from the headless frame")
        return DemoShownOnMutter(mutter: mutter, demo: demo, form: (form.x, form.y))
    }

    /// The monitor's point under a point of the window.
    func screen(_ point: Point, on shown: DemoShownOnMutter) -> (x: Double, y: Double) {
        (Double(shown.form.x) + point.x, Double(shown.form.y) + point.y)
    }

    /// Puts a finger down at a point of the window and lifts it there.
    func tap(at point: Point, on shown: DemoShownOnMutter) throws {
        let at = screen(point, on: shown)
        try shown.mutter.touchDown(x: at.x, y: at.y)
        try shown.mutter.touchUp()
    }

    /// How many pixels of `rect` (window points) differ between two screenshots.
    func differingPixels(in rect: Rect, _ a: CairoCanvas, _ b: CairoCanvas, on shown: DemoShownOnMutter) -> Int {
        var count = 0
        for y in Int(rect.minY.rounded(.up))..<Int(rect.maxY) {
            for x in Int(rect.minX.rounded(.up))..<Int(rect.maxX) {
                let p = a.color(atX: shown.form.x + x, y: shown.form.y + y)
                let q = b.color(atX: shown.form.x + x, y: shown.form.y + y)
                guard let p, let q else { continue }
                if abs(p.red - q.red) + abs(p.green - q.green) + abs(p.blue - q.blue) > 0.1 { count += 1 }
            }
        }
        return count
    }

    @Test("Name typed by taps on the on-screen keyboard with no keyboard on the seat, é from a long press; Next goes on to Birthday; Quantity from the number pad; Save",
          .enabled(if: mutterAvailable, mutterReason))
    func formFilledByTapsOnTheOnScreenKeyboard() throws {
        let plan = try plan()
        let shown = try start()

        // A finger on Name: the demo's own keyboard comes up, with the German layout.
        try tap(at: Point(x: 300, y: 84), on: shown)
        try shown.demo.waitForState("Name focused with the on-screen keyboard up and still") {
            $0.firstResponder == "name" && $0.inputView == "on-screen-keyboard" && $0.keyboardFrame == plan.nameKeyboard
        }
        var typed = ""
        for key in plan.firstKeys {
            try tap(at: key.at, on: shown)
            typed += key.label
            try shown.demo.waitForState("Name reading \"\(typed)\" after a tap on \(key.label)", timeout: 10) {
                $0.value("name") == typed
            }
        }

        // A long press on e: the alternates row shows while the finger rests, before it moves.
        let still = try CairoCanvas(contentsOfPNG: try shown.mutter.screenshot(named: "before-long-press.png"))
        let e = screen(plan.e, on: shown)
        try shown.mutter.touchDown(x: e.x, y: e.y)
        Thread.sleep(forTimeInterval: 0.8)
        var held = 0
        try waitUntil("the alternates row over e while the finger rests", timeout: 5, turn: { usleep(50_000) }) {
            let shot = try CairoCanvas(contentsOfPNG: try shown.mutter.screenshot(named: "long-press.png"))
            held = differingPixels(in: plan.farAlternates, still, shot, on: shown)
            return held >= 20
        }
        #expect(shown.demo.states().last?.value("name") == "Zo", "the long press typed before the finger lifted")
        for point in plan.slide {
            let at = screen(point, on: shown)
            try shown.mutter.touchMotion(x: at.x, y: at.y)
            Thread.sleep(forTimeInterval: 0.02)
        }
        try shown.mutter.touchUp()
        try shown.demo.waitForState("Name reading \"Zoé\" after the slide onto é", timeout: 10) {
            $0.value("name") == "Zoé"
        }

        // Next: focus moves on to Birthday, whose date picker takes the keyboard's place.
        try tap(at: plan.next, on: shown)
        try shown.demo.waitForState("Birthday focused by Next, the date picker up and still", timeout: 10) {
            $0.firstResponder == "birthday" && $0.inputView == "date-picker" && $0.keyboardFrame == plan.pickerFrame
        }

        // Quantity on the number pad, then Save.
        try tap(at: Point(x: 200, y: 196), on: shown)
        try shown.demo.waitForState("Quantity focused with the number pad up and still", timeout: 10) {
            $0.firstResponder == "quantity" && $0.inputView == "on-screen-keyboard" && $0.keyboardFrame == plan.padFrame
        }
        try tap(at: plan.four, on: shown)
        try tap(at: plan.two, on: shown)
        try shown.demo.waitForState("Quantity reading 42", timeout: 10) { $0.value("quantity") == "42" }
        try tap(at: plan.save, on: shown)
        let saved = try shown.demo.waitForState("the form saved", timeout: 10) {
            $0.value("status")?.hasPrefix("Saved") ?? false
        }
        #expect(saved.value("status") == "Saved Zoé, Jun 15, 2000, quantity 42")
        #expect(!shown.demo.stderr.contains("does not compile"), "\(shown.demo.stderr)")
    }
}
