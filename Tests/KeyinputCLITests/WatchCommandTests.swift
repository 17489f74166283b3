import Foundation
import TestSupport
import Testing

// `keyinput watch` on a private Xvfb: real keys from xdotool, decoded with the server's keymap.

/// A `keyinput watch` running on a display, its standard output in a file.
final class WatchSession {
    let xvfb: XvfbServer
    let child: ChildProcess
    let folder: TemporaryFolder
    let window: String

    /// Starts Xvfb and `keyinput watch` with `arguments`, sets `layout` on the server
    /// (setxkbmap: only once a client stays connected, or Xvfb's reset undoes it), and focuses the window.
    init(layout: String, _ arguments: [String]) throws {
        xvfb = try XvfbServer()
        folder = try TemporaryFolder()
        let out = open(folder.file("stdout"), O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        let err = open(folder.file("stderr"), O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        defer {
            close(out)
            close(err)
        }
        child = try ChildProcess(
            [try Keyinput.path(), "watch"] + arguments, display: xvfb.display,
            environment: ["WAYLAND_DISPLAY": nil, "LANG": "C.UTF-8"], stdoutDescriptor: out, stderrDescriptor: err)
        let found = try xvfb.output(["xdotool", "search", "--sync", "--name", "^keyinput watch$"], timeout: 20)
        window = found.stdout.split(separator: "\n").first.map(String.init) ?? ""
        if window.isEmpty {
            child.stop(grace: 1)
            throw WatchFailure(description: "no keyinput watch window appeared: \(found)\n\(stderr)")
        }
        #expect(try xvfb.run(["setxkbmap", "-layout", layout]) == 0)
        try xvfb.run(["xdotool", "windowfocus", "--sync", window])
    }

    deinit {
        child.stop(grace: 1)
        xvfb.stop()
    }

    var stdout: String { String(decoding: FileManager.default.contents(atPath: folder.file("stdout")) ?? Data(), as: UTF8.self) }
    var stderr: String { String(decoding: FileManager.default.contents(atPath: folder.file("stderr")) ?? Data(), as: UTF8.self) }

    /// Presses keys with xdotool (keysym names, `shift+a`), then waits until `lines` lines were printed.
    func type(_ keys: [String], untilLines lines: Int) throws -> [String] {
        try xvfb.run(["xdotool", "key", "--window", window] + keys)
        let deadline = Date().addingTimeInterval(20)
        var printed: [String] = []
        repeat {
            printed = stdout.split(separator: "\n").map(String.init)
            if printed.count >= lines { break }
            usleep(20_000)
        } while Date() < deadline
        return printed
    }

    /// Sends SIGINT, as Ctrl+C in the terminal does, and returns the exit status.
    func interrupt() -> Int32? {
        kill(child.pid, SIGINT)
        return child.wait(timeout: 10)
    }
}

struct WatchFailure: Error, CustomStringConvertible {
    var description: String
}

@Suite(.serialized) struct WatchCommandTests {
    /// The columns of a table line: kind, key, keysyms, action, modifiers, layout.
    static func columns(_ line: String) -> [String] {
        line.split(separator: "  ", omittingEmptySubsequences: true).map { $0.trimmingCharacters(in: .whitespaces) }
    }

    @Test(.enabled(if: xvfbAvailable, "needs Xvfb and xdotool"))
    func printsTheServersKeysAsTypeDoes() throws {
        let session = try WatchSession(layout: "de", ["--compose", "en_US.UTF-8"])
        let lines = try session.type(["a", "shift+a", "dead_acute", "e"], untilLines: 10)
        #expect(session.interrupt() == 0, "\(session.stderr)")
        let downs = lines.filter { $0.hasPrefix("down") }.map(Self.columns)
        try #require(downs.count == 5, "\(lines)")
        #expect(downs[0] == ["down", "KEY_A", "a", #"insertText("a")"#, "-", "German"])
        #expect(downs[1] == ["down", "KEY_LEFTSHIFT", "Shift_L", "none", "-", "German"])
        #expect(downs[2] == ["down", "KEY_A", "A", #"insertText("A")"#, "Shift", "German"])
        #expect(downs[3] == ["down", "KEY_EQUAL", "dead_acute", "composing(dead_acute)", "-", "German"])
        #expect(downs[4] == ["down", "KEY_E", "e", #"insertText("é")"#, "-", "German"])
    }

    @Test(.enabled(if: xvfbAvailable, "needs Xvfb and xdotool"))
    func followsALayoutChangeOnTheServer() throws {
        let session = try WatchSession(layout: "us", ["--compose", "en_US.UTF-8"])
        _ = try session.type(["y"], untilLines: 2)
        #expect(try session.xvfb.run(["setxkbmap", "-layout", "fr"]) == 0)
        // On fr, <AD01> types a and the key right of P is the dead circumflex.
        let lines = try session.type(["a", "dead_circumflex", "e"], untilLines: 8)
        #expect(session.interrupt() == 0, "\(session.stderr)")
        let downs = lines.filter { $0.hasPrefix("down") }.map(Self.columns)
        #expect(downs.first == ["down", "KEY_Y", "y", #"insertText("y")"#, "-", "English (US)"], "\(lines)")
        #expect(downs.dropFirst().first == ["down", "KEY_Q", "a", #"insertText("a")"#, "-", "French"], "\(lines)")
        #expect(downs.last == ["down", "KEY_E", "e", #"insertText("ê")"#, "-", "French"], "\(lines)")
    }

    @Test(.enabled(if: xvfbAvailable, "needs Xvfb and xdotool"))
    func jsonLinesParse() throws {
        let session = try WatchSession(layout: "de", ["--json", "--compose", "en_US.UTF-8"])
        let lines = try session.type(["dead_acute", "o"], untilLines: 4)
        #expect(session.interrupt() == 0, "\(session.stderr)")
        let events = try lines.map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "\(line)")
        }
        let downs = events.filter { $0["direction"] as? String == "down" }
        try #require(downs.count == 2, "\(lines)")
        #expect(downs[0]["key"] as? String == "KEY_EQUAL")
        #expect(downs[0]["action"] as? String == "composing")
        #expect(downs[0]["keysymNames"] as? [String] == ["dead_acute"])
        #expect(downs[1]["text"] as? String == "ó")
        #expect(downs[1]["layout"] as? Int == 0)
        #expect(events.allSatisfy { $0["modifiers"] is [String] && $0["keycode"] is NSNumber })
    }

    @Test(.enabled(if: xvfbAvailable, "needs Xvfb and xdotool"))
    func closingTheWindowEndsWithZero() throws {
        let session = try WatchSession(layout: "us", [])
        try session.xvfb.run(["xdotool", "windowclose", session.window])
        #expect(session.child.wait(timeout: 10) == 0, "\(session.stderr)")
    }

    @Test func noDisplayIsAFailureWithAMessage() throws {
        let result = try ChildProcess.run(
            [try Keyinput.path(), "watch"], environment: ["DISPLAY": nil, "WAYLAND_DISPLAY": nil], timeout: 20)
        #expect(result.status == 1, "\(result)")
        #expect(result.stderr.contains("no display"), "\(result)")
    }

    @Test func anUnknownBackendIsAUsageError() throws {
        let result = try Keyinput.run("watch", "--backend", "x12")
        #expect(result.status == 2, "\(result)")
    }
}
