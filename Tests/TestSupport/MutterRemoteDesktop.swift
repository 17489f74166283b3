import CGio
import KeyInputGLib

/// A remote-desktop session on mutter with a screen cast of one monitor:
/// real pointer, keyboard and touch events through mutter's own seat, and
/// the PipeWire node that shows the monitor.
///
/// mutter ends the session when the D-Bus connection that made it closes,
/// so one connection, made here, is kept for the session's whole life and
/// every event goes through it. Each call waits for mutter's answer.
@MainActor
public final class MutterRemoteDesktop {
    private static let remoteDesktop = "org.gnome.Mutter.RemoteDesktop"
    private static let screenCast = "org.gnome.Mutter.ScreenCast"
    private static let sessionInterface = "org.gnome.Mutter.RemoteDesktop.Session"

    private let context = MainContext()
    private let connection: DBusConnection
    /// The remote-desktop session's object path.
    public let sessionPath: String
    /// The screen cast stream's object path, which absolute pointer and touch positions refer to.
    public let streamPath: String
    /// The PipeWire node that carries the monitor's pictures.
    public let pipeWireNode: UInt32
    private var stopped = false

    /// Connects to the bus at `busAddress`, creates a remote-desktop session
    /// and a screen cast of `monitor` tied to it, and starts them.
    ///
    /// - Parameters:
    ///   - busAddress: The session bus mutter owns `org.gnome.Mutter.RemoteDesktop` on.
    ///   - monitor: The connector to record; `Meta-0` is mutter's first virtual monitor.
    ///   - timeout: How long to wait for mutter's names and for the stream's node, in seconds.
    /// - Throws: ``MutterFailure`` when mutter does not answer or refuses (`Start` fails when
    ///   PipeWire is not running: "Couldn't connect pipewire context").
    public init(busAddress: String, monitor: String = "Meta-0", timeout: Double = 15) throws {
        connection = try DBusConnection(address: busAddress, context: context)
        // mutter owns its names a moment after its display socket appears.
        var created: DBusValue?
        var lastError: (any Error)?
        let deadline = ContinuousClock.now + .seconds(timeout)
        while created == nil, ContinuousClock.now < deadline {
            do {
                created = try connection.callSync(
                    Self.remoteDesktop, "/org/gnome/Mutter/RemoteDesktop", Self.remoteDesktop, "CreateSession", nil,
                    timeout: 10)
            } catch {
                lastError = error
                context.run(until: { false }, timeout: 0.05)
            }
        }
        guard let session = created?[0]?.string else {
            throw MutterFailure("mutter offered no remote-desktop session: \(lastError.map { "\($0)" } ?? "no answer")")
        }
        sessionPath = session
        let sessionID = try connection.callSync(
            Self.remoteDesktop, session, "org.freedesktop.DBus.Properties", "Get",
            VariantBuilder.tuple([VariantBuilder.string(Self.sessionInterface), VariantBuilder.string("SessionId")]),
            timeout: 10)[0]?.string
        guard let sessionID else { throw MutterFailure("the remote-desktop session \(session) has no SessionId") }
        let options = VariantBuilder.array(
            of: "{sv}",
            [g_variant_new_dict_entry(
                VariantBuilder.string("remote-desktop-session-id"),
                VariantBuilder.boxed(VariantBuilder.string(sessionID)))])
        guard
            let castPath = try connection.callSync(
                Self.screenCast, "/org/gnome/Mutter/ScreenCast", Self.screenCast, "CreateSession",
                VariantBuilder.tuple([options]), timeout: 10)[0]?.string
        else { throw MutterFailure("mutter made no screen cast session") }
        guard
            let stream = try connection.callSync(
                Self.screenCast, castPath, Self.screenCast + ".Session", "RecordMonitor",
                VariantBuilder.tuple([VariantBuilder.string(monitor), VariantBuilder.emptyArray(of: "{sv}")]),
                timeout: 10)[0]?.string
        else { throw MutterFailure("mutter cannot record the monitor \(monitor)") }
        streamPath = stream
        // The stream names its PipeWire node in a signal once the session starts.
        let added = NodeAnnouncement()
        connection.subscribe(
            sender: nil, interface: Self.screenCast + ".Stream", member: "PipeWireStreamAdded", path: stream
        ) { _, parameters in
            added.node = parameters[0]?.uint32
        }
        _ = try connection.callSync(Self.remoteDesktop, session, Self.sessionInterface, "Start", nil, timeout: 10)
        context.run(until: { added.node != nil }, timeout: timeout)
        guard let node = added.node else {
            throw MutterFailure("the screen cast of \(monitor) never named its PipeWire node")
        }
        pipeWireNode = node
    }

    isolated deinit { stop() }

    /// Ends the session (mutter removes its virtual devices); later events fail.
    public func stop() {
        guard !stopped else { return }
        stopped = true
        _ = try? connection.callSync(Self.remoteDesktop, sessionPath, Self.sessionInterface, "Stop", nil, timeout: 2)
    }

    private func notify(_ method: String, _ arguments: [OpaquePointer]) throws {
        do {
            _ = try connection.callSync(
                Self.remoteDesktop, sessionPath, Self.sessionInterface, method, VariantBuilder.tuple(arguments),
                timeout: 10)
        } catch {
            throw MutterFailure("\(method) failed: \(error)")
        }
    }

    /// Moves the pointer to a point of the monitor, in its pixels (`NotifyPointerMotionAbsolute`).
    public func pointerMove(x: Double, y: Double) throws {
        try notify(
            "NotifyPointerMotionAbsolute",
            [VariantBuilder.string(streamPath), VariantBuilder.double(x), VariantBuilder.double(y)])
    }

    /// Presses or releases a pointer button, an evdev code such as 272 (`BTN_LEFT`).
    public func pointerButton(_ button: Int32, pressed: Bool) throws {
        try notify("NotifyPointerButton", [VariantBuilder.int32(button), VariantBuilder.bool(pressed)])
    }

    /// Presses or releases a key by its evdev code (`NotifyKeyboardKeycode`): mutter decodes it with its own keymap.
    public func key(evdevCode: UInt32, pressed: Bool) throws {
        try notify("NotifyKeyboardKeycode", [VariantBuilder.uint32(evdevCode), VariantBuilder.bool(pressed)])
    }

    /// Puts a finger down at a point of the monitor.
    public func touchDown(slot: UInt32, x: Double, y: Double) throws {
        try notify(
            "NotifyTouchDown",
            [VariantBuilder.string(streamPath), VariantBuilder.uint32(slot), VariantBuilder.double(x),
             VariantBuilder.double(y)])
    }

    /// Moves a finger that is down.
    public func touchMotion(slot: UInt32, x: Double, y: Double) throws {
        try notify(
            "NotifyTouchMotion",
            [VariantBuilder.string(streamPath), VariantBuilder.uint32(slot), VariantBuilder.double(x),
             VariantBuilder.double(y)])
    }

    /// Lifts a finger.
    public func touchUp(slot: UInt32) throws {
        try notify("NotifyTouchUp", [VariantBuilder.uint32(slot)])
    }
}

/// Where the stream's `PipeWireStreamAdded` signal leaves its node.
@MainActor
private final class NodeAnnouncement {
    var node: UInt32?
}

/// mutter, PipeWire or a screenshot did not do what a test needed.
public struct MutterFailure: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
