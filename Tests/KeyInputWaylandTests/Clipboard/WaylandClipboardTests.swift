import Foundation
import KeyInputKit
import TestSupport
import Testing

@testable import KeyInputWayland

#if canImport(Glibc)
    import Glibc
#endif

/// Whether wl-clipboard is installed besides sway, Xvfb and xdotool.
let clipboardToolsAvailable =
    nestedSwayAvailable && executablePath("wl-copy") != nil
    && executablePath("wl-paste") != nil

@MainActor
@Suite(
    "The Wayland host's clipboard with wl-copy and wl-paste",
    .enabled(if: clipboardToolsAvailable, "needs sway, Xvfb, xdotool and wl-clipboard (scripts/install-deps.sh test)"),
    .serialized)
struct WaylandClipboardTests {
    /// A nested sway showing two fields, the first clicked (so the window
    /// has keyboard focus and an input serial to copy with).
    static func clickedForm() throws -> (NestedSwayHost, TextField, TextField) {
        // Text an earlier test copied would answer every paste at once.
        Pasteboard.general.string = nil
        Pasteboard.selection.string = nil
        let window = Window(size: Size(width: 640, height: 480))
        let field = TextField(frame: Rect(x: 20, y: 20, width: 360, height: 32))
        let other = TextField(frame: Rect(x: 20, y: 80, width: 360, height: 32))
        window.addSubview(field)
        window.addSubview(other)
        let nested = try NestedSwayHost(window: window, title: "clipboard")
        try nested.move(to: Point(x: 100, y: 36))
        try nested.xdotool("click", "1")
        try pump(nested.host) { field.isFirstResponder }
        return (nested, field, other)
    }

    /// Runs `wl-copy --foreground` with `text` (or the file at `path`) until
    /// the window sees its offer.
    static func wlCopy(
        _ text: String? = nil, file path: String? = nil, primary: Bool = false, in nested: NestedSwayHost
    ) throws -> ChildProcess {
        let options = primary ? "--foreground --primary" : "--foreground"
        let command =
            path.map { ["sh", "-c", "exec wl-copy \(options) < '\($0)'"] }
            ?? ["wl-copy"] + options.split(separator: " ").map(String.init) + [text ?? ""]
        let copier = try nested.sway.startClient(command)
        let name: Pasteboard.Name = primary ? .primary : .clipboard
        try pump(nested.host) { nested.host.clipboard?.selections[name]?.mimeTypes.isEmpty == false }
        return copier
    }

    /// Runs `wl-paste --no-newline` (with more `options`) while the window's
    /// loop runs, and returns what it printed.
    static func wlPaste(_ options: [String] = [], in nested: NestedSwayHost) throws -> String {
        let folder = try TemporaryFolder()
        let output = open(try folder.write("pasted", ""), O_WRONLY | O_TRUNC)
        let paster = try nested.sway.startClient(["wl-paste", "--no-newline"] + options, stdoutDescriptor: output)
        close(output)
        // The window writes while wl-paste reads: the loop must run meanwhile.
        var status: Int32?
        try pump(nested.host) {
            status = paster.wait(timeout: 0)
            return status != nil
        }
        #expect(status == 0)
        return String(decoding: FileManager.default.contents(atPath: folder.path + "/pasted") ?? Data(), as: UTF8.self)
    }

    @Test("Text wl-copy holds pastes into the focused field, UTF-8 intact")
    func pastesFromWlCopy() throws {
        let (nested, field, _) = try Self.clickedForm()
        let copier = try Self.wlCopy("Grüße 🙂", in: nested)
        defer { copier.stop(grace: 1) }
        field.paste()
        try pump(nested.host) { field.text == "Grüße 🙂" }
        #expect(field.text == "Grüße 🙂")
    }

    @Test("Text copied in the window is what wl-paste prints")
    func copiesToWlPaste() throws {
        let (nested, field, _) = try Self.clickedForm()
        field.insertText("naïve café ✓")
        field.selectAll()
        #expect(field.copy())
        try nested.host.processEvents()
        #expect(try Self.wlPaste(in: nested) == "naïve café ✓")
    }

    @Test("Text copied before the window got any input reaches wl-paste once the first click names a serial")
    func copiedAtLaunch() throws {
        Pasteboard.general.string = nil
        let window = Window(size: Size(width: 640, height: 480))
        let nested = try NestedSwayHost(window: window, title: "launch")
        Pasteboard.general.string = "copied at launch"
        try nested.move(to: Point(x: 100, y: 100))
        try nested.xdotool("click", "1")
        try pump(nested.host) { nested.host.lastInputSerial != 0 }
        #expect(try Self.wlPaste(in: nested) == "copied at launch")
    }

    @Test("A middle click pastes the primary selection wl-copy --primary holds")
    func middleClickPastesPrimary() throws {
        let (nested, _, other) = try Self.clickedForm()
        let copier = try Self.wlCopy("mittlere Maustaste ✓", primary: true, in: nested)
        defer { copier.stop(grace: 1) }
        try nested.move(to: Point(x: 100, y: 96))
        try nested.xdotool("click", "2")
        try pump(nested.host) { other.text == "mittlere Maustaste ✓" }
        #expect(other.text == "mittlere Maustaste ✓")
    }

    @Test("Text selected in the window is the primary selection wl-paste --primary prints")
    func selectionIsPrimary() throws {
        let (nested, field, _) = try Self.clickedForm()
        field.insertText("one two three")
        try nested.move(to: Point(x: 30, y: 36))
        try nested.xdotool("click", "--repeat", "2", "--delay", "80", "1")
        try pump(nested.host) { field.selectedText == "one" }
        #expect(try Self.wlPaste(["--primary"], in: nested) == "one")
    }

    @Test("Ctrl+V typed on sway's keyboard pastes what wl-copy holds; Ctrl+A, Ctrl+C copy it for wl-paste")
    func keyboardShortcuts() throws {
        let (nested, field, _) = try Self.clickedForm()
        let copier = try Self.wlCopy("from wl-copy", in: nested)
        try nested.xdotool("key", "ctrl+v")
        try pump(nested.host) { field.text == "from wl-copy" }
        #expect(field.text == "from wl-copy")
        copier.stop(grace: 1)
        try nested.xdotool("type", "--delay", "20", " & back")
        try nested.xdotool("key", "ctrl+a", "ctrl+c")
        try pump(nested.host) { field.text == "from wl-copy & back" && Pasteboard.general.string == field.text }
        #expect(try Self.wlPaste(in: nested) == "from wl-copy & back")
    }

    @Test("Keys typed while a paste of 4 MB arrives are all typed, and the paste arrives whole")
    func keysDuringLargePaste() throws {
        let (nested, field, _) = try Self.clickedForm()
        let text = String(repeating: "0123456789abcdef", count: 4 * 1_048_576 / 16)
        let path = try write(text, named: "large.txt", in: nested.sway)
        let copier = try Self.wlCopy(file: path, in: nested)
        defer { copier.stop(grace: 1) }
        try nested.xdotool("key", "ctrl+v", "x", "y", "z")
        // The paste is inserted at the caret when it arrives, as on X11 and in GTK: the keys may come first.
        try pump(nested.host) { field.text.utf8.count == text.utf8.count + 3 }
        #expect(field.text.utf8.count == text.utf8.count + 3)
        #expect(field.text.replacingOccurrences(of: "xyz", with: "") == text)
    }

    @Test("A paste of 4 MB arrives whole, and a click made during it is not lost")
    func largePaste() throws {
        let (nested, field, other) = try Self.clickedForm()
        let line = String(repeating: "0123456789abcdef", count: 4) + "ü\n"
        let text = String(repeating: line, count: 4 * 1_048_576 / line.utf8.count)
        let path = try write(text, named: "large.txt", in: nested.sway)
        let copier = try Self.wlCopy(file: path, in: nested)
        defer { copier.stop(grace: 1) }
        var pasted: String??
        Pasteboard.general.requestString { pasted = .some($0) }
        try nested.move(to: Point(x: 100, y: 96))
        try nested.xdotool("click", "1")
        try pump(nested.host) { pasted != nil && other.isFirstResponder }
        #expect(pasted??.utf8.count == text.utf8.count)
        #expect(pasted??.hasSuffix(line) == true)
        #expect(pasted == .some(text), "the paste differs from the text copied")
        #expect(other.isFirstResponder && !field.isFirstResponder)
    }

    @Test("A paste from an owner that never writes gives up after the timeout; the window keeps working meanwhile")
    func stalledOwnerTimesOut() throws {
        let (nested, field, other) = try Self.clickedForm()
        nested.host.selectionTimeout = 1
        let copier = try Self.wlCopy("never sent", in: nested)
        defer {
            kill(copier.pid, SIGCONT)
            copier.stop(grace: 1)
        }
        kill(copier.pid, SIGSTOP)
        var pasted: String??
        Pasteboard.general.requestString { pasted = .some($0) }
        try nested.move(to: Point(x: 100, y: 96))
        try nested.xdotool("click", "1")
        try pump(nested.host) { other.isFirstResponder }
        #expect(pasted == nil, "the paste ended before the click was handled")
        #expect(!field.isFirstResponder)
        try pump(nested.host) { pasted != nil }
        #expect(pasted == .some(nil))
    }

    /// Writes `text` to a file wl-copy (run as sway's user) can read.
    private func write(_ text: String, named name: String, in sway: HeadlessSway) throws -> String {
        let path = sway.home + "/" + name
        guard FileManager.default.createFile(atPath: path, contents: Data(text.utf8)) else {
            throw SwayFailure("cannot write \(path)")
        }
        chmod(path, 0o644)
        return path
    }
}

@MainActor
@Suite("Pasted bytes as text")
struct PastedTextDecodingTests {
    @Test("UTF-8 arrives intact; each invalid sequence becomes U+FFFD and the rest is kept")
    func utf8() {
        #expect(WaylandClipboard.decode(Array("Grüße 🙂".utf8), mimeType: "text/plain;charset=utf-8") == "Grüße 🙂")
        let invalid: [UInt8] = [0x61, 0xFF, 0x62, 0xC3, 0x28, 0x63]
        #expect(WaylandClipboard.decode(invalid, mimeType: "UTF8_STRING") == "a\u{FFFD}b\u{FFFD}(c")
    }

    @Test("STRING is Latin-1")
    func latin1() {
        #expect(WaylandClipboard.decode([0x47, 0x72, 0xFC, 0xDF, 0x65], mimeType: "STRING") == "Grüße")
    }

    @Test("The best text type offered is chosen: UTF-8 before Latin-1, nothing for images")
    func bestType() {
        #expect(DataOffer.bestTextType(among: ["STRING", "image/png", "UTF8_STRING"]) == "UTF8_STRING")
        #expect(DataOffer.bestTextType(among: ["TEXT", "text/plain;charset=utf-8"]) == "text/plain;charset=utf-8")
        #expect(DataOffer.bestTextType(among: ["image/png"]) == nil)
    }
}
