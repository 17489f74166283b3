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

/// Whether the clipboard tests can run: Xvfb, xdotool, xclip and xsel.
let clipboardToolsAvailable = xvfbAvailable && executablePath("xclip") != nil && executablePath("xsel") != nil

extension Pasteboard.Name {
    /// The pasteboard the X11 host serves for this selection.
    @MainActor var pasteboard: Pasteboard { self == .clipboard ? .general : .selection }
    /// xclip's `-selection` argument.
    var xclip: [String] { ["-selection", self == .clipboard ? "clipboard" : "primary"] }
    /// xsel's selection option.
    var xsel: String { self == .clipboard ? "--clipboard" : "--primary" }
}

/// A hosted form whose host serves the pasteboards, and the programs that copy and paste with it.
@MainActor
final class ClipboardHost {
    let form: HostedForm
    var host: X11Host { form.host }
    /// Whether a paste was seen receiving INCR chunks.
    var sawIncrementalRead = false

    init() throws {
        // Text a previous test left would be offered by the new host.
        Pasteboard.general.string = nil
        Pasteboard.selection.string = nil
        form = try HostedForm()
    }

    func stop() { form.stop() }

    /// Runs a program on the display to its end while the host's loop keeps
    /// turning (it may be waiting for the host's answer), and returns what it wrote.
    func runPumping(_ arguments: [String], timeout: Double = 30) throws -> (status: Int32?, output: [UInt8]) {
        let folder = try temporaryFolder()
        let path = folder + "/stdout"
        _ = FileManager.default.createFile(atPath: path, contents: nil)
        let descriptor = open(path, O_WRONLY | O_TRUNC)
        defer { close(descriptor) }
        let child = try ChildProcess(arguments, display: form.server.display, stdoutDescriptor: descriptor)
        let deadline = Date().addingTimeInterval(timeout)
        var status: Int32?
        while status == nil, Date() < deadline {
            status = child.wait(timeout: 0)
            try host.processEvents(timeout: 0.005)
        }
        if status == nil { child.stop(grace: 1) }
        return (status, Array(FileManager.default.contents(atPath: path) ?? Data()))
    }

    /// Starts a program that owns `name` with the bytes of a file (`xclip -i -quiet`, or xsel),
    /// and waits until it does.
    func startOwner(_ tool: String, of name: Pasteboard.Name, bytes: [UInt8], target: String? = nil) throws
        -> ChildProcess
    {
        let path = try temporaryFolder() + "/selection"
        _ = FileManager.default.createFile(atPath: path, contents: Data(bytes))
        let arguments =
            tool == "xclip"
            ? ["xclip", "-i", "-quiet"] + name.xclip + (target.map { ["-t", $0] } ?? []) + [path]
            : ["sh", "-c", "exec xsel --nodetach --input \(name.xsel) < '\(path)'"]
        let child = try ChildProcess(arguments, display: form.server.display)
        let selection = host.selections.atom(for: name)
        try form.pump(for: "\(tool) to own \(name)") {
            let owner = host.selections.owner(of: selection)
            return owner != 0 && owner != host.windowID
        }
        return child
    }

    /// Offers text on a pasteboard and waits until the host owns the selection.
    func copy(_ text: String, to name: Pasteboard.Name) throws {
        name.pasteboard.string = text
        try form.pump(for: "the host to own \(name)") { host.selections.isOwner(of: name) }
    }

    /// Asks a pasteboard for its text and pumps until the answer comes.
    ///
    /// - Returns: The answer (`.some(nil)` for a `nil` answer); fails when none came within `timeout` seconds.
    func paste(from name: Pasteboard.Name, timeout: Double = 60) throws -> String?? {
        var answer: String??
        name.pasteboard.requestString { answer = .some($0) }
        try form.pump(for: "the answer of a paste from \(name)", timeout: timeout) {
            if host.selections.reads[name]?.phase == .incremental { sawIncrementalRead = true }
            return answer != nil
        }
        return answer
    }
}

/// How two large byte strings differ, or `nil` when they are equal.
///
/// `#expect(a == b)` on megabytes would have the test library compute a
/// difference of millions of elements; this names the first difference instead.
func mismatch(_ got: some Collection<UInt8>, _ expected: some Collection<UInt8>) -> String? {
    let got = Array(got)
    let expected = Array(expected)
    guard got != expected else { return nil }
    let first = (0..<min(got.count, expected.count)).first { got[$0] != expected[$0] } ?? min(got.count, expected.count)
    return "got \(got.count) bytes, expected \(expected.count); they differ from byte \(first) on"
}

/// Text of about `megabytes` MB, different on every line, with characters from several scripts.
func largeText(megabytes: Int) -> String {
    var text = ""
    text.reserveCapacity(megabytes << 20 + 100)
    var line = 0
    while text.utf8.count < megabytes << 20 {
        text += "line \(line): Grüße, мир, 日本 🙂\n"
        line += 1
    }
    return text
}

/// A selection owner that takes a selection and then answers no request,
/// or starts an INCR transfer and sends nothing more: an X client that hung.
final class StalledOwner {
    let connection: XCBConnection
    let window: xcb_window_t
    let sendsIncr: Bool
    private(set) var requests = 0

    init(display: String, selection name: String, sendsIncr: Bool) throws {
        connection = try XCBConnection(display: display)
        self.sendsIncr = sendsIncr
        let c = connection.pointer
        let screen = connection.screen!
        window = xcb_generate_id(c)
        let mask = [XCB_EVENT_MASK_PROPERTY_CHANGE.rawValue]
        xcb_create_window(
            c, 0, window, screen.pointee.root, 0, 0, 1, 1, 0, UInt16(XCB_WINDOW_CLASS_INPUT_OUTPUT.rawValue),
            screen.pointee.root_visual, XCB_CW_EVENT_MASK.rawValue, mask)
        // A real server time, from a zero-length append.
        let property = connection.atom("STALLED_OWNER_TIME")
        xcb_change_property(
            c, UInt8(XCB_PROP_MODE_APPEND.rawValue), window, property, XCB_ATOM_STRING.rawValue, 8, 0, nil)
        connection.flush()
        var time: xcb_timestamp_t = 0
        while let event = xcb_wait_for_event(c) {
            defer { free(event) }
            if Int32(event.pointee.response_type & 0x7f) == XCB_PROPERTY_NOTIFY {
                time = UnsafeRawPointer(event).load(as: xcb_property_notify_event_t.self).time
                break
            }
        }
        let selection = connection.atom(name)
        xcb_set_selection_owner(c, window, selection, time)
        // A round trip: the server took the selection before anyone asks for it.
        let reply = xcb_get_selection_owner_reply(c, xcb_get_selection_owner(c, selection), nil)
        defer { free(reply) }
        guard reply?.pointee.owner == window else {
            throw HostError(.connectionFailed, "the stalled owner could not take \(name)")
        }
    }

    /// Reads the requests that arrived; an INCR owner announces a transfer to each and stops there.
    func serve() {
        while let event = xcb_poll_for_event(connection.pointer) {
            defer { free(event) }
            guard Int32(event.pointee.response_type & 0x7f) == XCB_SELECTION_REQUEST else { continue }
            requests += 1
            guard sendsIncr else { continue }
            let request = UnsafeRawPointer(event).load(as: xcb_selection_request_event_t.self)
            connection.setProperty(request.requestor, request.property, type: connection.atom("INCR"), words: [1 << 20])
            var notify = xcb_selection_notify_event_t()
            notify.response_type = UInt8(XCB_SELECTION_NOTIFY)
            notify.time = request.time
            notify.requestor = request.requestor
            notify.selection = request.selection
            notify.target = request.target
            notify.property = request.property
            var bytes = [CChar](repeating: 0, count: 32)
            withUnsafeBytes(of: &notify) { source in bytes.withUnsafeMutableBytes { $0.copyMemory(from: source) } }
            xcb_send_event(connection.pointer, 0, request.requestor, 0, bytes)
        }
        connection.flush()
    }
}

/// A requestor that speaks to a selection owner in raw requests, for what
/// xclip and xsel never ask: MULTIPLE, TIMESTAMP, and property None from an old client.
final class RawRequestor {
    let connection: XCBConnection
    let window: xcb_window_t

    init(display: String) throws {
        connection = try XCBConnection(display: display)
        let c = connection.pointer
        let screen = connection.screen!
        window = xcb_generate_id(c)
        xcb_create_window(
            c, 0, window, screen.pointee.root, 0, 0, 1, 1, 0, UInt16(XCB_WINDOW_CLASS_INPUT_OUTPUT.rawValue),
            screen.pointee.root_visual, 0, nil)
        connection.flush()
    }

    /// Sends `ConvertSelection` (with a server time of 0, CurrentTime, as such clients do).
    func convert(_ selection: String, to target: String, in property: String?) {
        let propertyAtom = property.map { connection.atom($0) } ?? 0
        xcb_convert_selection(
            connection.pointer, window, connection.atom(selection), connection.atom(target), propertyAtom, 0)
        connection.flush()
    }

    /// The `SelectionNotify` that arrived, if one did.
    func notification() -> xcb_selection_notify_event_t? {
        while let event = xcb_poll_for_event(connection.pointer) {
            defer { free(event) }
            if Int32(event.pointee.response_type & 0x7f) == XCB_SELECTION_NOTIFY {
                return UnsafeRawPointer(event).load(as: xcb_selection_notify_event_t.self)
            }
        }
        return nil
    }

    /// A property of the window: its type's name and its bytes.
    func property(_ atom: xcb_atom_t) -> (type: String, bytes: [UInt8])? {
        let cookie = xcb_get_property(connection.pointer, 0, window, atom, 0, 0, 1 << 20)
        guard let reply = xcb_get_property_reply(connection.pointer, cookie, nil) else { return nil }
        defer { free(reply) }
        guard reply.pointee.type != 0 else { return nil }
        let count = Int(xcb_get_property_value_length(reply))
        let bytes = Array(
            UnsafeBufferPointer(start: xcb_get_property_value(reply).assumingMemoryBound(to: UInt8.self), count: count))
        return (name(of: reply.pointee.type), bytes)
    }

    /// The name of an atom.
    func name(of atom: xcb_atom_t) -> String {
        let cookie = xcb_get_atom_name(connection.pointer, atom)
        guard let reply = xcb_get_atom_name_reply(connection.pointer, cookie, nil) else { return "" }
        defer { free(reply) }
        let length = Int(xcb_get_atom_name_name_length(reply))
        return String(
            decoding: UnsafeRawBufferPointer(start: xcb_get_atom_name_name(reply), count: length), as: UTF8.self)
    }

    /// Sets the (target, property) pairs of a MULTIPLE request.
    func setPairs(_ pairs: [(target: String, property: String)], in property: String) {
        let words = pairs.flatMap { [connection.atom($0.target), connection.atom($0.property)] }
        connection.setProperty(window, connection.atom(property), type: connection.atom("ATOM_PAIR"), words: words)
        connection.flush()
    }
}

extension [UInt8] {
    /// The bytes read as 32-bit words, as format-32 properties hold them.
    var words: [UInt32] {
        stride(from: 0, to: count - count % 4, by: 4).map { index in
            self[index..<index + 4].withUnsafeBytes { $0.loadUnaligned(as: UInt32.self) }
        }
    }
}
