import DatePickerDemo
import Foundation
import KeyInputKit
import TestSupport
import Testing

@Suite(
    "date-picker-demo's window resized", .serialized,
    .enabled(
        if: xvfbAvailable && executablePath("xwd") != nil,
        "Xvfb, xdotool and xwd are not installed (scripts/install-deps.sh test installs them)"))
struct DemoWindowResizeTests {
    @Test("xdotool windowsize: the keyboard spans the new width at the new bottom edge, the form stretches")
    func resizedWithTheKeyboardUp() throws {
        let demo = try RunningDemo([])
        try demo.focusWindow()
        try demo.click(200, 84)
        try demo.waitForState("the name field with the keyboard up") {
            $0.firstResponder == "name" && $0.keyboardFrame == [0, 380, 480, 260]
        }

        try demo.xdotool("windowsize", "--sync", demo.windowID, "700", "500")
        let resized = try demo.waitForState("the keyboard at the resized window's bottom") {
            // Wide enough for the whole main block: five rows of 48 points under the 44-point bar.
            $0.keyboardFrame == [0, 216, 700, 284]
        }
        let name = resized.controls.first { $0.id == "name" }
        #expect(name?.frame == [144, 64, 520, 40], "the name field did not stretch")
        #expect(resized.firstResponder == "name" && resized.inputView == "on-screen-keyboard")

        // What the X server shows: the keyboard's bottom row inside the window, the field stretched.
        // The state is printed when the window has handled the resize; the drawing follows it,
        // later on a slow (sanitized) build: take pictures until the new frame shows, up to 10 s.
        let shot = demo.folder.path + "/resized.xwd"
        var screen: Pixels
        let deadline = Date().addingTimeInterval(10)
        repeat {
            try #require(try demo.server.run(["xwd", "-silent", "-id", demo.windowID, "-out", shot]) == 0)
            screen = try Pixels(xwd: shot)
            if screen.pixel(x: 690, y: 480, is: .key) && screen.pixel(x: 600, y: 84, is: .white) { break }
            Thread.sleep(forTimeInterval: 0.1)
        } while Date() < deadline
        #expect(screen.width == 700 && screen.height == 500)
        #expect(screen.pixel(x: 690, y: 480, is: .key), "the space bar does not reach the right edge")
        #expect(screen.pixel(x: 350, y: 498, is: .keyboardBackground), "no keyboard at the bottom edge")
        #expect(screen.darkPixelCount(in: Rect(x: 390, y: 466, width: 60, height: 24)) > 10, "no space label")
        #expect(screen.pixel(x: 600, y: 84, is: .white), "the name field did not stretch")
        #expect(demo.terminate() == 0, "\(demo.stderr)")
    }
}
