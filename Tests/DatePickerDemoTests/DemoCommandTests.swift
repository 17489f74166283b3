import Foundation
import KeyInputKit
import TestSupport
import Testing

@Suite("date-picker-demo, headless")
struct DemoCommandTests {
    @Test("without WAYLAND_DISPLAY or DISPLAY it plays the built-in session and writes PNG frames")
    func builtInHeadless() async throws {
        let folder = try TemporaryFolder()
        let frames = folder.path + "/frames"
        let result = try DemoBinary.run(["--output", frames, "--date", "2020-03-01", "--locale", "en_US"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stderr.contains("no WAYLAND_DISPLAY or DISPLAY"))
        #expect(result.stdout == "wrote 8 frames to \(frames)/\n")
        let files = try FileManager.default.contentsOfDirectory(atPath: frames).sorted()
        #expect(files.count == 8 && files.allSatisfy { $0.hasSuffix(".png") })
        let picker = try await Pixels.load(png: frames + "/03-birthday-picker.png")
        #expect(picker.width == 480 && picker.height == 640)
        #expect(picker.pixel(x: 10, y: 600, is: .keyboardBackground), "no picker where the keyboard goes")
    }

    @Test("--events and --state: one JSON object per change, the keymap chosen with --layout")
    func eventsAndState() throws {
        let folder = try TemporaryFolder()
        let events = try folder.write(
            "events.txt",
            """
            click name
            key KEY_Y
            type ö
            click birthday
            key KEY_DOWN
            click 300 340
            wait 0.5
            """)
        let result = try DemoBinary.run([
            "--headless", "--events", events, "--state", "--layout", "de", "--date", "2000-06-15", "--locale",
            "en_US", "--output", folder.path + "/frames",
        ])
        #expect(result.status == 0, "\(result)")
        let states = try DemoState.lines(result.stdout)
        #expect(states.count >= 5)
        #expect(states.contains { $0.firstResponder == "birthday" && $0.inputView == "date-picker" })
        let last = try #require(states.last)
        #expect(last.firstResponder == nil)
        #expect(last.value("name") == "zö")
        #expect(last.value("birthday") == "May 15, 2000")
        #expect(last.keyboardFrame == [0, 640, 480, 0])
        #expect(last.controls.map(\.id) == ["name", "birthday", "quantity", "notes", "save", "status"])
        #expect(last.controls.first?.frame == [144, 64, 300, 40])
        #expect(FileManager.default.fileExists(atPath: folder.path + "/frames/final.png"))
    }

    @Test("--size 480x420: the form scrolls, and Next from Birthday brings Quantity above the number pad")
    func shortWindow() throws {
        let folder = try TemporaryFolder()
        let events = try folder.write("events.txt", "click birthday\nclick accessory-next\nwait 0.5\n")
        let result = try DemoBinary.run([
            "--headless", "--size", "480x420", "--events", events, "--state", "--date", "2000-06-15", "--locale",
            "en_US", "--output", folder.path + "/frames",
        ])
        #expect(result.status == 0, "\(result)")
        let last = try #require(try DemoState.lines(result.stdout).last)
        #expect(last.firstResponder == "quantity")
        let keyboard = last.keyboardFrame
        let quantity = try #require(last.controls.first { $0.id == "quantity" }?.frame)
        #expect(keyboard[1] + keyboard[3] == 420, "the keyboard is not at the bottom of a 420-point window: \(keyboard)")
        #expect(quantity[1] >= 0 && quantity[1] + quantity[3] + 8 <= keyboard[1], "Quantity \(quantity) is under the keyboard and its bar \(keyboard)")
    }

    @Test(
        "--on-screen-keyboard never: a typing field gets no keyboard of the demo's own (always, the default, does; a bad word is a usage error)"
    )
    func onScreenKeyboardOption() throws {
        let folder = try TemporaryFolder()
        let events = try folder.write("events.txt", "click name\nwait 0.5\n")
        func lastState(_ arguments: [String]) throws -> DemoState {
            let result = try DemoBinary.run(
                ["--headless", "--events", events, "--state", "--output", folder.path + "/frames"] + arguments)
            #expect(result.status == 0, "\(result)")
            return try #require(try DemoState.lines(result.stdout).last)
        }
        let never = try lastState(["--on-screen-keyboard", "never"])
        #expect(never.firstResponder == "name")
        #expect(never.inputView == nil)
        // The accessory bar alone: Previous, Next, Done above the bottom edge.
        #expect(never.keyboardFrame[1] + never.keyboardFrame[3] == 640 && never.keyboardFrame[3] < 100)
        let always = try lastState([])
        #expect(always.inputView == "on-screen-keyboard")
        #expect(always.keyboardFrame[3] > 150)
        let bad = try DemoBinary.run(["--headless", "--on-screen-keyboard", "sometimes"])
        #expect(bad.status == 2 && bad.stderr.contains("sometimes"), "\(bad)")
    }

    @Test("--size that is not WxH within 320x300 and 4096x4096 is a usage error", arguments: ["480", "480x", "10x10", "480x420x1", "wide"])
    func badSize(size: String) throws {
        let result = try DemoBinary.run(["--headless", "--size", size])
        #expect(result.status == 2, "\(result)")
        #expect(result.stderr.contains("--size \(size): expected a width and a height"), "\(result)")
    }

    @Test(
        "bad input: a clear message and exit code 2, before anything is drawn",
        arguments: [
            ("click name\njump\n", "events.txt:2: unknown event \"jump\""),
            ("click name\nkey KEY_LSHIFT\n", "events.txt:2: "),
            ("click nmae\n", "events.txt:1: no control \"nmae\"; did you mean \"name\"?"),
            ("type Ω\n", "events.txt:1: \"Ω\" cannot be typed on this keymap"),
        ])
    func badEventsFile(text: String, message: String) throws {
        let folder = try TemporaryFolder()
        let events = try folder.write("events.txt", text)
        let result = try DemoBinary.run(["--events", events, "--output", folder.path + "/frames"])
        #expect(result.status == 2, "\(result)")
        #expect(result.stderr.contains("date-picker-demo: " + (events as NSString).deletingLastPathComponent + "/" + message), "\(result)")
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/frames"))
    }

    @Test(
        "bad options: a clear message and exit code 2",
        arguments: [
            (["--events", "/nonexistent/events.txt"], "--events /nonexistent/events.txt: no such file"),
            (["--events", "/tmp"], "--events /tmp: is a folder, not a file"),
            (["--layout", "dee"], #"unknown layout "dee"; did you mean "#),
            (["--layout", "de", "--variant", "nodeadkey"], #"layout "de" has no variant "nodeadkey"; did you mean "nodeadkeys""#),
            (["--date", "2000-02-30"], "--date 2000-02-30: expected a date such as 1990-06-15"),
            (["--keymap", "x.xkb", "--layout", "de"], "--keymap cannot be combined with"),
            (["--bogus"], "Unknown option '--bogus'"),
        ])
    func badOptions(arguments: [String], message: String) throws {
        let result = try DemoBinary.run(["--headless"] + arguments)
        #expect(result.status == 2, "\(result)")
        #expect(result.stderr.contains(message), "\(result)")
    }

    @Test("an events file that is not UTF-8 is refused")
    func notUTF8() throws {
        let folder = try TemporaryFolder()
        let events = try folder.write("events.txt", bytes: [0x74, 0x79, 0x70, 0x65, 0x20, 0xff, 0x0a])
        let result = try DemoBinary.run(["--headless", "--events", events])
        #expect(result.status == 2)
        #expect(result.stderr.contains("not valid UTF-8"))
    }

    @Test("frames that cannot be written: exit code 1 and the path")
    func unwritableOutput() throws {
        let folder = try TemporaryFolder()
        let file = try folder.write("taken", "")
        let result = try DemoBinary.run(["--headless", "--output", file])
        #expect(result.status == 1, "\(result)")
        #expect(result.stderr.contains(file))
    }

    @Test("--backend wayland without a compositor: exit 1, naming the display it tried")
    func waylandWithoutCompositor() throws {
        let result = try DemoBinary.run(["--backend", "wayland", "--display", "/nonexistent/wayland-7"])
        #expect(result.status == 1, "\(result)")
        #expect(result.stderr.contains("/nonexistent/wayland-7"), "\(result)")
        #expect(result.stderr.contains("WAYLAND_DISPLAY"), "\(result)")
    }

    @Test("--backend x11 without DISPLAY: exit 1 saying so")
    func x11WithoutDisplay() throws {
        let result = try DemoBinary.run(["--backend", "x11"])
        #expect(result.status == 1, "\(result)")
        #expect(result.stderr.contains("DISPLAY"), "\(result)")
    }

    @Test(
        "A backend that does not exist, or --headless with a window backend, is a usage error",
        arguments: [["--backend", "mir"], ["--headless", "--backend", "wayland"]])
    func backendUsage(arguments: [String]) throws {
        let result = try DemoBinary.run(arguments)
        #expect(result.status == 2, "\(result)")
        #expect(result.stderr.contains("backend"), "\(result)")
    }

    @Test("--scale outside 0.25 to 8 is a usage error naming the range", arguments: ["-1", "1e-9", "9"])
    func scaleOutOfRange(_ scale: String) throws {
        let result = try DemoBinary.run(["--headless", "--scale", scale])
        #expect(result.status == 2, "\(result)")
        #expect(result.stderr.contains("from 0.25 to 8"), "\(result)")
    }
}
