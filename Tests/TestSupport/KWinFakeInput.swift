import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// KDE's `org_kde_kwin_fake_input` spoken on a raw Wayland connection:
/// pointer, button and key events that kwin feeds through its own seat and
/// keymap, as from a real device.
///
/// kwin offers the protocol only to a client its `.desktop` file trusts
/// (`X-KDE-Wayland-Interfaces=org_kde_kwin_fake_input`), or to any client
/// when it runs with `KWIN_WAYLAND_NO_PERMISSION_CHECKS=1`, as
/// ``HeadlessKWin`` starts it. The protocol is small and its XML is in no
/// Debian package this project installs (it is in `plasma-wayland-protocols`),
/// so the few messages are written here by hand: each is an object id, then
/// the message's size and opcode, then its arguments in 32-bit words.
/// Every call waits for kwin's answer to a `wl_display.sync`, so the event
/// has been handled when it returns.
public final class KWinFakeInput {
    private let descriptor: Int32
    private var nextID: UInt32 = 2
    private var received: [UInt8] = []
    private var fakeInput: UInt32 = 0

    private static let display: UInt32 = 1
    // org_kde_kwin_fake_input requests, in the protocol's order.
    private static let authenticate: UInt16 = 0, button: UInt16 = 2, pointerMotionAbsolute: UInt16 = 9,
        keyboardKey: UInt16 = 10

    /// Connects to kwin at `socketPath`, binds its fake input (version 4 at
    /// most) and authenticates.
    ///
    /// - Throws: ``KWinFailure`` when kwin cannot be reached, offers no fake
    ///   input of version 4 (absolute motion and keys), or ends the connection with an error.
    public init(socketPath: String) throws {
        descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw KWinFailure("socket() failed") }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { buffer in
            let bytes = Array(socketPath.utf8.prefix(buffer.count - 1))
            buffer.copyBytes(from: bytes)
            buffer[bytes.count] = 0
        }
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        guard connected == 0 else {
            close(descriptor)
            throw KWinFailure("cannot connect to \(socketPath)")
        }
        let registry = nextID
        nextID += 1
        do {
            try send(Self.display, 1, [registry])  // wl_display.get_registry
            var found: (name: UInt32, version: UInt32)?
            for message in try roundtrip() where message.object == registry && message.opcode == 0 {
                // wl_registry.global(name, interface, version)
                let name = message.word(0)
                let (interface, next) = message.string(at: 1)
                if interface == "org_kde_kwin_fake_input" { found = (name, message.word(next)) }
            }
            guard let found, found.version >= 4 else {
                throw KWinFailure("kwin offers no org_kde_kwin_fake_input of version 4 (\(String(describing: found)))")
            }
            let id = nextID
            nextID += 1
            // wl_registry.bind(name, new_id of an interface named on the wire)
            try send(registry, 0, [found.name] + Self.string("org_kde_kwin_fake_input") + [4, id])
            fakeInput = id
            try send(id, Self.authenticate, Self.string("KeyInputKit tests") + Self.string("drive a test window"))
            _ = try roundtrip()
        } catch {
            close(descriptor)
            throw error
        }
    }

    deinit { close(descriptor) }

    /// Moves the pointer to a point of the output, in its pixels.
    public func pointerMove(x: Double, y: Double) throws {
        try send(fakeInput, Self.pointerMotionAbsolute, [Self.fixed(x), Self.fixed(y)])
        _ = try roundtrip()
    }

    /// Presses or releases a pointer button (an evdev code; 272 is the left button).
    public func button(_ code: UInt32 = 272, pressed: Bool) throws {
        try send(fakeInput, Self.button, [code, pressed ? 1 : 0])
        _ = try roundtrip()
    }

    /// Presses or releases a key by its evdev code; kwin decodes it with its keymap.
    public func key(evdevCode: UInt32, pressed: Bool) throws {
        try send(fakeInput, Self.keyboardKey, [evdevCode, pressed ? 1 : 0])
        _ = try roundtrip()
    }

    // MARK: The wire

    private struct Message {
        var object: UInt32
        var opcode: UInt16
        var words: [UInt32]

        func word(_ index: Int) -> UInt32 { index < words.count ? words[index] : 0 }

        /// The string starting at word `index` (its length, then its bytes with a NUL, padded), and the word after it.
        func string(at index: Int) -> (String, Int) {
            let length = Int(word(index))
            let wordCount = (length + 3) / 4
            let bytes = words[min(index + 1, words.count)..<min(index + 1 + wordCount, words.count)]
                .flatMap { withUnsafeBytes(of: $0.littleEndian, Array.init) }
            return (String(decoding: bytes.prefix(max(length - 1, 0)), as: UTF8.self), index + 1 + wordCount)
        }
    }

    private static func string(_ text: String) -> [UInt32] {
        var bytes = Array(text.utf8) + [0]
        let length = UInt32(bytes.count)
        while bytes.count % 4 != 0 { bytes.append(0) }
        return [length] + stride(from: 0, to: bytes.count, by: 4).map {
            UInt32(bytes[$0]) | UInt32(bytes[$0 + 1]) << 8 | UInt32(bytes[$0 + 2]) << 16 | UInt32(bytes[$0 + 3]) << 24
        }
    }

    /// A `wl_fixed_t`: 24.8 fixed point.
    private static func fixed(_ value: Double) -> UInt32 { UInt32(bitPattern: Int32((value * 256).rounded())) }

    private func send(_ object: UInt32, _ opcode: UInt16, _ arguments: [UInt32]) throws {
        let size = UInt32(8 + 4 * arguments.count)
        let words = [object, size << 16 | UInt32(opcode)] + arguments
        let bytes = words.flatMap { withUnsafeBytes(of: $0.littleEndian, Array.init) }
        let written = bytes.withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        guard written == bytes.count else { throw KWinFailure("writing to kwin failed: \(String(cString: strerror(errno)))") }
    }

    /// Sends `wl_display.sync` and reads messages until its callback is done (5 s at most).
    private func roundtrip() throws -> [Message] {
        let callback = nextID
        nextID += 1
        try send(Self.display, 0, [callback])
        var messages: [Message] = []
        let deadline = Date().addingTimeInterval(5)
        while true {
            while received.count >= 8 {
                let header = received.withUnsafeBytes { ($0.load(as: UInt32.self), $0.load(fromByteOffset: 4, as: UInt32.self)) }
                let size = Int(header.1 >> 16)
                guard size >= 8, received.count >= size else { break }
                let words = stride(from: 8, to: size, by: 4).map { offset in
                    received.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset, as: UInt32.self) }
                }
                received.removeFirst(size)
                let message = Message(object: header.0, opcode: UInt16(header.1 & 0xFFFF), words: words)
                if message.object == Self.display && message.opcode == 0 {
                    let (text, _) = message.string(at: 2)
                    throw KWinFailure("kwin refused a fake input request (object \(message.word(0)), code \(message.word(1))): \(text)")
                }
                if message.object == callback { return messages }
                messages.append(message)
            }
            var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let left = Int32(max(0, deadline.timeIntervalSinceNow) * 1000)
            guard left > 0, poll(&poller, 1, left) > 0 else { throw KWinFailure("kwin did not answer a fake input request") }
            var buffer = [UInt8](repeating: 0, count: 4096)
            let count = recv(descriptor, &buffer, buffer.count, 0)
            guard count > 0 else { throw KWinFailure("kwin closed the fake input connection") }
            received += buffer.prefix(count)
        }
    }
}
