import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

// `keyinput watch` as a Wayland client of a nested sway: keys xdotool sends to sway's X window
// reach it decoded with the keymap sway's config names, not the X server's.

@Suite(.serialized) struct WatchOnSwayTests {
    @Test(.enabled(if: swayAvailable && xvfbAvailable, "needs sway, grim, Xvfb and xdotool (scripts/install-deps.sh test)"))
    func printsTheCompositorsKeys() throws {
        let xvfb = try XvfbServer()
        let sway = try HeadlessSway(width: 640, height: 480, on: xvfb, keyboardLayout: "de")
        let swayWindow = try sway.xWindow()
        let folder = try TemporaryFolder()
        let outPath = try folder.write("stdout", ""), errPath = try folder.write("stderr", "")
        let out = open(outPath, O_WRONLY | O_TRUNC), err = open(errPath, O_WRONLY | O_TRUNC)
        let watch = try ChildProcess(
            [try builtProduct(named: "keyinput", environmentVariable: "KEYINPUT_BINARY"), "watch", "--compose", "en_US.UTF-8"],
            environment: ["WAYLAND_DISPLAY": sway.socketPath, "DISPLAY": nil, "LANG": "C.UTF-8"],
            stdoutDescriptor: out, stderrDescriptor: err)
        close(out)
        close(err)
        defer { watch.stop(grace: 2) }
        func lines() -> [String] {
            String(decoding: FileManager.default.contents(atPath: outPath) ?? Data(), as: UTF8.self)
                .split(separator: "\n").map(String.init)
        }
        func stderr() -> String { String(decoding: FileManager.default.contents(atPath: errPath) ?? Data(), as: UTF8.self) }
        func wait(for condition: () -> Bool) -> Bool {
            let deadline = Date().addingTimeInterval(20)
            repeat {
                if condition() { return true }
                usleep(20_000)
            } while Date() < deadline
            return false
        }
        try #require(wait { (try? sway.command("[title=\"keyinput watch\"] focus")) != nil }, "no window: \(stderr())")
        #expect(try xvfb.run(["xdotool", "windowfocus", "--sync", swayWindow]) == 0)
        // Shift until the window has keyboard focus and prints.
        try #require(wait { (try? xvfb.run(["xdotool", "key", "shift"])) != nil && !lines().isEmpty }, "\(stderr())")
        let before = lines().count
        // On the X server's us keymap these are the keys Y, = and E: on sway's de, z, the dead acute and e.
        #expect(try xvfb.run(["xdotool", "key", "y", "equal", "e"]) == 0)
        try #require(wait { lines().count >= before + 6 }, "\(lines())")
        kill(watch.pid, SIGINT)
        #expect(watch.wait(timeout: 10) == 0, "\(stderr())")
        let downs = lines().dropFirst(before).filter { $0.hasPrefix("down") }.map {
            $0.split(separator: "  ", omittingEmptySubsequences: true).map { $0.trimmingCharacters(in: .whitespaces) }
        }
        try #require(downs.count == 3, "\(lines())")
        #expect(downs[0] == ["down", "KEY_Y", "z", #"insertText("z")"#, "-", "German"])
        #expect(downs[1] == ["down", "KEY_EQUAL", "dead_acute", "composing(dead_acute)", "-", "German"])
        #expect(downs[2] == ["down", "KEY_E", "e", #"insertText("é")"#, "-", "German"])
    }
}
