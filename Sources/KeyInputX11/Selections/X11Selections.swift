import CXCB
import KeyInputKit
import Logging

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// The X11 host's side of `Pasteboard.general` (CLIPBOARD) and
/// `Pasteboard.selection` (PRIMARY): it owns a selection when text is
/// copied here, answers other programs' requests for it, and reads what
/// other programs own.
///
/// Both directions are asynchronous and run on the host's event loop, so
/// keys and drawing go on during a long transfer. The owner side lives in
/// `X11Selections+Owner.swift`, the reader side in `X11Selections+Reader.swift`.
@MainActor
final class X11Selections: PasteboardBackend {
    static let logger = Logger(label: "KeyInputX11.Selections")

    let connection: XCBConnection
    /// The host's window: it owns the selections and receives converted text.
    let window: xcb_window_t
    let atoms: X11Atoms
    /// The most bytes written into a property at once; larger text goes in INCR chunks.
    var maximumChunk: Int
    /// Seconds without progress after which a transfer is given up.
    var timeout = 2.0

    /// The selections this process owns, or is about to.
    var owned: [Pasteboard.Name: OwnedSelection] = [:]
    /// INCR transfers to other programs under way.
    var outgoing: [OutgoingTransfer] = []
    /// Reads of other programs' selections under way, one per selection.
    var reads: [Pasteboard.Name: SelectionRead] = [:]
    /// What waits for the next server time, in the order the time requests were sent.
    private var timeWaiters: [@MainActor (xcb_timestamp_t) -> Void] = []
    /// The pasteboards this host serves.
    private var pasteboards: [Pasteboard] = []

    init(connection: XCBConnection, window: xcb_window_t, atoms: X11Atoms) {
        self.connection = connection
        self.window = window
        self.atoms = atoms
        // The core request limit, not BIG-REQUESTS': it is what requestors built on Xlib expect
        // (XMaxRequestSize), and it keeps one property below a quarter megabyte.
        let setup = Int(xcb_get_setup(connection.pointer).pointee.maximum_request_length)
        let extended = Int(xcb_get_maximum_request_length(connection.pointer))
        let words = max(min(setup, extended == 0 ? setup : extended), 4096)
        maximumChunk = words * 4 - 1024  // room for the request's header
    }

    // MARK: Attaching

    /// Becomes the backend of `pasteboards` and takes over the text they already hold.
    func attach(to pasteboards: [Pasteboard]) {
        guard atoms.areValid else {
            Self.logger.warning("the X server did not name the selection atoms; copy and paste stay in the process")
            return
        }
        self.pasteboards = pasteboards
        for pasteboard in pasteboards {
            pasteboard.backend = self
            if let text = pasteboard.string { self.pasteboard(pasteboard, didSetString: text) }
        }
    }

    /// Stops serving the pasteboards: pending reads answer `nil`, transfers stop.
    func detach() {
        for pasteboard in pasteboards where pasteboard.backend === self { pasteboard.backend = nil }
        pasteboards = []
        owned = [:]
        for transfer in outgoing { stopWatching(transfer.requestor) }
        outgoing = []
        timeWaiters = []
        let pending = reads
        reads = [:]
        for (name, read) in pending {
            Self.logger.info("reading \(describe(name)) stopped: the window closed")
            for completion in read.completions { completion(nil) }
        }
    }

    /// Whether a pasteboard's backend is this host.
    func serves(_ pasteboard: Pasteboard) -> Bool { pasteboard.backend === self }

    // MARK: Events

    /// Handles the selection events and the property changes transfers wait
    /// for; returns whether the event was one of them.
    func handle(_ raw: UnsafeRawPointer, type: Int32) -> Bool {
        switch type {
        case XCB_SELECTION_REQUEST:
            answer(raw.load(as: xcb_selection_request_event_t.self))
        case XCB_SELECTION_CLEAR:
            selectionCleared(raw.load(as: xcb_selection_clear_event_t.self))
        case XCB_SELECTION_NOTIFY:
            converted(raw.load(as: xcb_selection_notify_event_t.self))
        case XCB_PROPERTY_NOTIFY:
            let notify = raw.load(as: xcb_property_notify_event_t.self)
            if notify.window == window {
                propertyChangedOnWindow(notify)
            } else {
                requestorPropertyChanged(notify)
            }
        default:
            return false
        }
        return true
    }

    private func propertyChangedOnWindow(_ notify: xcb_property_notify_event_t) {
        let newValue = notify.state == UInt8(XCB_PROPERTY_NEW_VALUE.rawValue)
        if notify.atom == atoms.serverTime, newValue, !timeWaiters.isEmpty {
            timeWaiters.removeFirst()(notify.time)
        } else if newValue {
            chunkArrived(in: notify.atom)
        }
    }

    // MARK: Time

    /// Calls `body` with the server's time as soon as the server tells it:
    /// a zero-length append to a property on the window makes the server
    /// send a `PropertyNotify` stamped with its time (ICCCM §2.1).
    func withServerTime(_ body: @escaping @MainActor (xcb_timestamp_t) -> Void) {
        timeWaiters.append(body)
        _ = xcb_change_property(
            connection.pointer, UInt8(XCB_PROP_MODE_APPEND.rawValue), window, atoms.serverTime, atoms.string, 8, 0,
            nil)
        connection.flush()
    }

    /// The current owner of a selection (`GetSelectionOwner`); `0` for none.
    func owner(of selection: xcb_atom_t) -> xcb_window_t {
        let cookie = xcb_get_selection_owner(connection.pointer, selection)
        guard let reply = xcb_get_selection_owner_reply(connection.pointer, cookie, nil) else { return 0 }
        defer { free(reply) }
        return reply.pointee.owner
    }

    // MARK: Timeouts

    /// Seconds until the next transfer runs out of time, or `nil` when none is under way.
    func secondsUntilNextDeadline(now: Double) -> Double? {
        let deadlines = reads.values.map(\.deadline) + outgoing.map(\.deadline)
        return deadlines.min().map { max(0, $0 - now) }
    }

    /// Gives up the transfers whose time ran out: a read answers `nil`, a send stops.
    func expireTransfers(now: Double) {
        for (name, read) in reads where read.deadline <= now {
            let what =
                read.received.isEmpty
                ? "the owner of \(describe(name)) did not answer within \(timeout) s"
                : "the owner of \(describe(name)) stopped sending after \(read.received.count) bytes"
            finishRead(name, with: nil, reason: what)
        }
        for transfer in outgoing where transfer.deadline <= now {
            Self.logger.warning(
                "window 0x\(String(transfer.requestor, radix: 16)) stopped reading after \(transfer.offset) of \(transfer.data.count) bytes; transfer dropped"
            )
            outgoing.removeAll { $0.requestor == transfer.requestor && $0.property == transfer.property }
            if !outgoing.contains(where: { $0.requestor == transfer.requestor }) { stopWatching(transfer.requestor) }
        }
    }

    static func monotonicSeconds() -> Double { MonotonicClock.now() }

    // MARK: Names

    func atom(for name: Pasteboard.Name) -> xcb_atom_t {
        switch name {
        case .clipboard: atoms.clipboard
        case .primary: atoms.primary
        }
    }

    func name(for selection: xcb_atom_t) -> Pasteboard.Name? {
        switch selection {
        case atoms.clipboard: .clipboard
        case atoms.primary: .primary
        default: nil
        }
    }

    func describe(_ name: Pasteboard.Name) -> String {
        switch name {
        case .clipboard: "CLIPBOARD"
        case .primary: "PRIMARY"
        }
    }
}

/// The loop wakes the selections when a transfer runs out of time; their data arrives as X events.
extension X11Selections: HostLoopSource {
    func pollDescriptors() -> [pollfd] { [] }
    var nextTimeout: Double? { secondsUntilNextDeadline(now: Self.monotonicSeconds()) }
    func dispatch() { expireTransfers(now: Self.monotonicSeconds()) }
}
