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
        func pause() { usleep(20_000) }
        try waitUntil("the window in sway's tree: \(stderr())", timeout: 20, turn: pause) {
            (try? sway.command("[title=\"keyinput watch\"] focus")) != nil
        }
        #expect(try xvfb.run(["xdotool", "windowfocus", "--sync", swayWindow]) == 0)
        // Shift until the window has keyboard focus and prints. Presses sent before the window printed may still
        // be on their way: the right Control key, pressed once, marks the end of them, as keys arrive in order.
        try waitUntil("the window to print a key: \(stderr())", timeout: 20, turn: pause) {
            (try? xvfb.run(["xdotool", "key", "shift"])) != nil && !lines().isEmpty
        }
        #expect(try xvfb.run(["xdotool", "key", "Control_R"]) == 0)
        func markerEnd() -> Int? {
            lines().lastIndex { $0.hasPrefix("up") && $0.contains("KEY_RIGHTCTRL") }.map { $0 + 1 }
        }
        try waitUntil("the right Control key's release: \(lines())", timeout: 20, turn: pause) { markerEnd() != nil }
        let before = try #require(markerEnd())
        // On the X server's us keymap these are the keys Y, = and E: on sway's de, z, the dead acute and e.
        #expect(try xvfb.run(["xdotool", "key", "y", "equal", "e"]) == 0)
        try waitUntil("three keys pressed and released: \(lines())", timeout: 20, turn: pause) {
            lines().count >= before + 6
        }
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
