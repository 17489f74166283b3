import CXCB
import Foundation
import KeyInputKit
import TestSupport
import Testing

@testable import KeyInputX11

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

private let sample = "Grüße, мир, 日本 🙂"

@Suite(
    "X11 clipboard with xclip and xsel", .serialized,
    .enabled(if: clipboardToolsAvailable, "Xvfb, xdotool, xclip or xsel is missing (scripts/install-deps.sh test)"))
@MainActor
struct X11SelectionsTests {
    @Test("text copied here is what xclip and xsel paste", arguments: [Pasteboard.Name.clipboard, .primary])
    func copyToOtherPrograms(name: Pasteboard.Name) throws {
        let clipboard = try ClipboardHost()
        defer { clipboard.stop() }
        try clipboard.copy(sample, to: name)

        let xclip = try clipboard.runPumping(["xclip", "-o"] + name.xclip)
        #expect(xclip.status == 0)
        #expect(String(decoding: xclip.output, as: UTF8.self) == sample)
        let xsel = try clipboard.runPumping(["xsel", "--output", name.xsel])
        #expect(xsel.status == 0)
        #expect(String(decoding: xsel.output, as: UTF8.self) == sample)
    }

    @Test("text xclip and xsel copied is what a paste here gets", arguments: [Pasteboard.Name.clipboard, .primary])
    func pasteFromOtherPrograms(name: Pasteboard.Name) throws {
        let clipboard = try ClipboardHost()
        defer { clipboard.stop() }
        for tool in ["xclip", "xsel"] {
            let owner = try clipboard.startOwner(tool, of: name, bytes: Array("\(tool): \(sample)".utf8))
            defer { owner.stop(grace: 1) }
            #expect(try clipboard.paste(from: name) == .some("\(tool): \(sample)"))
        }
    }

    @Test("TARGETS offers UTF8_STRING and STRING; STRING is Latin-1 with ? for the rest")
    func targets() throws {
        let clipboard = try ClipboardHost()
        defer { clipboard.stop() }
        try clipboard.copy(sample, to: .clipboard)
        let targets = try clipboard.runPumping(["xclip", "-o", "-selection", "clipboard", "-t", "TARGETS"])
        let names = String(decoding: targets.output, as: UTF8.self).split(separator: "\n")
        #expect(Set(names).isSuperset(of: ["TARGETS", "UTF8_STRING", "STRING", "TIMESTAMP", "TEXT"]))

        let latin1 = try clipboard.runPumping(["xclip", "-o", "-selection", "clipboard", "-t", "STRING"])
        #expect(latin1.output == Array("Gr".utf8) + [0xFC, 0xDF] + Array("e, ???, ?? ?".utf8))
        // A target nobody offers is refused: xclip reports it and prints nothing.
        let image = try clipboard.runPumping(["xclip", "-o", "-selection", "clipboard", "-t", "image/png"])
        #expect(image.status != 0)
        #expect(image.output.isEmpty)
    }

    @Test("MULTIPLE converts each pair, refusing what is not offered; TIMESTAMP and property None are answered")
    func rawRequests() throws {
        let clipboard = try ClipboardHost()
        defer { clipboard.stop() }
        try clipboard.copy(sample, to: .clipboard)
        let requestor = try RawRequestor(display: clipboard.form.server.display)
        func answer() throws -> xcb_selection_notify_event_t {
            var notify: xcb_selection_notify_event_t?
            try clipboard.form.pump {
                notify = notify ?? requestor.notification()
                return notify != nil
            }
            return try #require(notify, "the owner sent no SelectionNotify")
        }

        requestor.setPairs(
            [
                (target: "UTF8_STRING", property: "A"), (target: "image/png", property: "B"),
                (target: "STRING", property: "C"),
            ], in: "PAIRS")
        requestor.convert("CLIPBOARD", to: "MULTIPLE", in: "PAIRS")
        let multiple = try answer()
        #expect(requestor.name(of: multiple.property) == "PAIRS")
        let pairs = try #require(requestor.property(multiple.property)).bytes.words
        #expect(pairs.count == 6)
        #expect(pairs[3] == 0, "image/png was not refused")
        #expect(requestor.property(requestor.connection.atom("A"))?.bytes == Array(sample.utf8))
        #expect(requestor.property(requestor.connection.atom("A"))?.type == "UTF8_STRING")
        #expect(requestor.property(requestor.connection.atom("B")) == nil)
        #expect(requestor.property(requestor.connection.atom("C"))?.type == "STRING")

        requestor.convert("CLIPBOARD", to: "TIMESTAMP", in: "WHEN")
        let timestamp = try answer()
        let time = try #require(requestor.property(timestamp.property))
        #expect(time.type == "INTEGER")
        #expect(time.bytes.words == [try #require(clipboard.host.selections.owned[.clipboard]?.since)])

        // An old client names no property: the answer goes into the target's.
        requestor.convert("CLIPBOARD", to: "UTF8_STRING", in: nil)
        let old = try answer()
        #expect(requestor.name(of: old.property) == "UTF8_STRING")
        #expect(requestor.property(old.property)?.bytes == Array(sample.utf8))

        // A target not offered is refused, not ignored.
        requestor.convert("CLIPBOARD", to: "image/png", in: "P")
        let refused = try answer()
        #expect(requestor.name(of: refused.target) == "image/png")
        #expect(refused.property == 0)
    }

    @Test("8 MB copied here reaches xclip byte for byte, in INCR chunks, to two readers at once")
    func largeCopy() throws {
        let clipboard = try ClipboardHost()
        defer { clipboard.stop() }
        let text = largeText(megabytes: 8)
        #expect(text.utf8.count > clipboard.host.selections.maximumChunk)
        try clipboard.copy(text, to: .clipboard)

        let start = Date()
        let first = try clipboard.runPumping(["xclip", "-o", "-selection", "clipboard"])
        print("8 MB copied to xclip -o in \(String(format: "%.2f", Date().timeIntervalSince(start))) s")
        #expect(first.status == 0)
        #expect(mismatch(first.output, text.utf8) == nil)

        // Two readers at once: xclip and xsel each get their own transfer.
        let folder = try temporaryFolder()
        let xselOut = open(folder + "/xsel", O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        defer { close(xselOut) }
        let xsel = try ChildProcess(
            ["xsel", "--output", "--clipboard"], display: clipboard.form.server.display, stdoutDescriptor: xselOut)
        let second = try clipboard.runPumping(["xclip", "-o", "-selection", "clipboard"])
        var xselStatus: Int32?
        try clipboard.form.pump(for: "xsel to finish reading", timeout: 30) {
            xselStatus = xsel.wait(timeout: 0)
            return xselStatus != nil
        }
        #expect(mismatch(second.output, text.utf8) == nil)
        #expect(xselStatus == 0)
        #expect(mismatch(FileManager.default.contents(atPath: folder + "/xsel") ?? Data(), text.utf8) == nil)
        #expect(clipboard.host.selections.outgoing.isEmpty)
    }

    @Test("8 MB that xclip owns arrives here byte for byte")
    func largePaste() throws {
        let clipboard = try ClipboardHost()
        defer { clipboard.stop() }
        let text = largeText(megabytes: 8)
        let owner = try clipboard.startOwner("xclip", of: .clipboard, bytes: Array(text.utf8))
        defer { owner.stop(grace: 1) }
        let start = Date()
        let pasted = try clipboard.paste(from: .clipboard)
        print("8 MB pasted from xclip -i in \(String(format: "%.2f", Date().timeIntervalSince(start))) s")
        #expect(clipboard.sawIncrementalRead, "xclip sent 8 MB without INCR: the test did not cover it")
        let received = try #require(pasted ?? nil)
        #expect(mismatch(received.utf8, text.utf8) == nil)
    }

    @Test("a 10 MB paste with Ctrl+V leaves the window responsive; keys typed during it land after it, once, in order")
    func responsiveDuringLargePaste() throws {
        let clipboard = try ClipboardHost()
        defer { clipboard.stop() }
        // One line: a field leaves line breaks out.
        let text = String(decoding: largeText(megabytes: 10).utf8.map { $0 == 0x0A ? 0x20 : $0 }, as: UTF8.self)
        let owner = try clipboard.startOwner("xclip", of: .clipboard, bytes: Array(text.utf8))
        defer { owner.stop(grace: 1) }
        let field = clipboard.form.name
        // The field's text length each time the host handled a key: a key handled while the
        // paste is on its way shows the window answering (it waits to be typed after the paste).
        var lengthsWhenKeysArrived: [Int] = []
        clipboard.host.afterEvent = { event in
            if case .key = event { lengthsWhenKeysArrived.append(field.editingEngine.utf8Count) }
        }

        let start = Date()
        try clipboard.form.xdotool("key", "ctrl+v")
        // Ctrl+V reaches the field and its request the server; then keys are typed while the
        // loop is not turning: they wait in the queue behind the transfer's first chunks.
        try clipboard.form.pump(for: "the paste to start") { clipboard.host.selections.reads[.clipboard] != nil }
        try clipboard.form.xdotool("key", "a", "b", "c")
        let expected = text.utf8.count + 3
        try clipboard.form.pump(for: "the pasted text and the keys", timeout: 60) {
            field.editingEngine.utf8Count >= expected
        }
        let seconds = Date().timeIntervalSince(start)
        print("10 MB pasted with Ctrl+V from xclip -i in \(String(format: "%.2f", seconds)) s (3 keys typed during it)")
        try clipboard.form.run(turns: 5)

        #expect(
            lengthsWhenKeysArrived.contains { $0 < text.utf8.count },
            "no key was handled before the paste landed: the window did not answer during it")
        let pasted = field.text
        #expect(pasted.utf8.count == expected, "a key was lost or typed twice")
        #expect(pasted.hasSuffix("abc"), "the keys typed during the paste did not land after it, in order")
        #expect(mismatch(pasted.utf8.prefix(text.utf8.count), text.utf8) == nil)
        #expect(!pasted.contains("v"), "Ctrl+V typed a v")
    }

    @Test("an owner that never answers gives nil after the timeout, and keys go on arriving meanwhile")
    func ownerNeverAnswers() throws {
        let clipboard = try ClipboardHost()
        defer { clipboard.stop() }
        clipboard.host.selectionTimeout = 1
        let owner = try StalledOwner(display: clipboard.form.server.display, selection: "CLIPBOARD", sendsIncr: false)

        var answer: String??
        var typedWhenAnswered = ""
        Pasteboard.general.requestString { text in
            answer = .some(text)
            typedWhenAnswered = clipboard.form.name.text
        }
        let start = Date()
        try clipboard.form.xdotool("type", "--delay", "10", "ok")
        // Turns that would wait 10 s for events: the paste's timeout must wake the loop up sooner.
        for _ in 0..<100 where answer == nil {
            owner.serve()
            try clipboard.host.processEvents(timeout: 10)
        }
        owner.serve()  // the request reached it, and it said nothing
        #expect(owner.requests == 1)
        #expect(answer == .some(nil))
        #expect(Date().timeIntervalSince(start) < 5, "the loop slept through the paste's timeout")
        #expect(typedWhenAnswered == "ok")
        #expect(clipboard.host.selections.reads.isEmpty)
    }

    @Test("an owner that stops in the middle of an INCR transfer gives nil after the timeout")
    func ownerStopsMidTransfer() throws {
        let clipboard = try ClipboardHost()
        defer { clipboard.stop() }
        clipboard.host.selectionTimeout = 0.5
        let owner = try StalledOwner(display: clipboard.form.server.display, selection: "PRIMARY", sendsIncr: true)
        var answer: String??
        var sawIncremental = false
        Pasteboard.selection.requestString { answer = .some($0) }
        for _ in 0..<500 where answer == nil {
            owner.serve()
            try clipboard.host.processEvents(timeout: 0.01)
            if clipboard.host.selections.reads[.primary]?.phase == .incremental { sawIncremental = true }
        }
        #expect(sawIncremental)
        #expect(answer == .some(nil))
    }

    @Test("bytes that are not UTF-8 arrive as U+FFFD")
    func invalidUTF8() throws {
        let clipboard = try ClipboardHost()
        defer { clipboard.stop() }
        let owner = try clipboard.startOwner("xclip", of: .clipboard, bytes: [0x61, 0xFF, 0x62, 0xC3])
        defer { owner.stop(grace: 1) }
        #expect(try clipboard.paste(from: .clipboard) == .some("a\u{FFFD}b\u{FFFD}"))
    }

    @Test("an owner that offers only STRING is read as Latin-1")
    func latin1Owner() throws {
        let clipboard = try ClipboardHost()
        defer { clipboard.stop() }
        // "Grüße" in Latin-1: ü and ß are one byte each, not UTF-8.
        let owner = try clipboard.startOwner(
            "xclip", of: .primary, bytes: [0x47, 0x72, 0xFC, 0xDF, 0x65], target: "STRING")
        defer { owner.stop(grace: 1) }
        #expect(try clipboard.paste(from: .primary) == .some("Grüße"))
    }

    @Test("another program copying takes the pasteboard: its text is what a paste gets")
    func ownershipLost() throws {
        let clipboard = try ClipboardHost()
        defer { clipboard.stop() }
        try clipboard.copy("mine", to: .clipboard)
        #expect(Pasteboard.general.string == "mine")
        let owner = try clipboard.startOwner("xclip", of: .clipboard, bytes: Array("theirs".utf8))
        defer { owner.stop(grace: 1) }
        try clipboard.form.pump { Pasteboard.general.string == nil }
        #expect(Pasteboard.general.string == nil)
        #expect(!clipboard.host.selections.isOwner(of: .clipboard))
        #expect(try clipboard.paste(from: .clipboard) == .some("theirs"))
    }

    @Test("a reader that goes away mid-transfer is dropped after the timeout; the next one is served")
    func readerVanishes() throws {
        let clipboard = try ClipboardHost()
        defer { clipboard.stop() }
        clipboard.host.selectionTimeout = 0.5
        let text = largeText(megabytes: 4)
        try clipboard.copy(text, to: .clipboard)
        let reader = try ChildProcess(
            ["xclip", "-o", "-selection", "clipboard"], display: clipboard.form.server.display)
        try clipboard.form.pump(for: "a transfer to start") { !clipboard.host.selections.outgoing.isEmpty }
        try #require(!clipboard.host.selections.outgoing.isEmpty, "xclip never started reading")
        kill(reader.pid, SIGKILL)
        _ = reader.wait(timeout: 5)
        try clipboard.form.pump(for: "the stalled transfer to be dropped", timeout: 4) { clipboard.host.selections.outgoing.isEmpty }
        #expect(clipboard.host.selections.outgoing.isEmpty)

        let next = try clipboard.runPumping(["xclip", "-o", "-selection", "clipboard"])
        #expect(mismatch(next.output, text.utf8) == nil)
    }

    @Test("no owner answers nil at once; a closed host stops serving the pasteboards")
    func noOwnerAndClosing() throws {
        let clipboard = try ClipboardHost()
        defer { clipboard.stop() }
        #expect(Pasteboard.general.backend === clipboard.host.selections)
        var answer: String??
        Pasteboard.general.requestString { answer = .some($0) }
        #expect(answer == .some(nil))

        clipboard.host.close()
        #expect(Pasteboard.general.backend == nil)
        #expect(Pasteboard.selection.backend == nil)
        Pasteboard.general.string = "kept in the process"
        #expect(Pasteboard.general.string == "kept in the process")
        Pasteboard.general.string = nil
    }

    @Test("a host that goes away without closing leaves the pasteboards in the process")
    func hostReleased() throws {
        let server = try XvfbServer()
        defer { server.stop() }
        weak var released: X11Host?
        do {
            let host = try X11Host(window: Window(size: Size(width: 100, height: 100)), display: server.display)
            released = host
            #expect(Pasteboard.general.backend === host.selections)
        }
        #expect(released == nil)
        #expect(Pasteboard.general.backend == nil)
        #expect(Pasteboard.selection.backend == nil)
    }
}
