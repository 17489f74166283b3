import CWayland
import CWaylandProtocols
import KeyInputKit
import Logging

#if canImport(Glibc)
    import Glibc
#endif

/// The Wayland host's side of `Pasteboard.general` (the seat's data device,
/// `wl_data_device_manager`) and `Pasteboard.selection` (the primary
/// selection, `zwp_primary_selection_device_manager_v1`, when the compositor
/// offers it). Text copied here is offered to other programs; a paste reads
/// the selection another program offers.
///
/// Both directions go through pipes the host's loop waits on, so keys and
/// drawing go on during a large or stalled transfer. Copying lives in
/// `WaylandClipboard+Copy.swift`, pasting in `WaylandClipboard+Paste.swift`.
@MainActor
final class WaylandClipboard: PasteboardBackend {
    static let logger = Logger(label: "KeyInputWayland.Clipboard")
    /// The types text is offered as: the MIME type, then the X11 names
    /// XWayland and older programs ask for.
    static let offeredTypes = ["text/plain;charset=utf-8", "UTF8_STRING", "TEXT", "STRING", "text/plain"]

    /// Seconds without progress after which a transfer is given up.
    var timeout = 2.0
    /// The serial of the last input event, which `set_selection` must name.
    var inputSerial: () -> UInt32 = { 0 }

    let connection: WaylandConnection
    let manager: WaylandProxy
    let device: WaylandProxy
    /// The primary selection's manager and device, when the compositor has them.
    let primaryManager: WaylandProxy?
    let primaryDevice: WaylandProxy?
    private let deviceListener: ListenerStorage<wl_data_device_listener>
    private let primaryDeviceListener: ListenerStorage<zwp_primary_selection_device_v1_listener>
    /// Offers announced (`data_offer`) and not yet named by `selection` or `enter`.
    private var announced: [OpaquePointer: DataOffer] = [:]
    /// The offer of a drag over the window: not taken, destroyed when the drag ends.
    private var dragOffer: DataOffer?
    /// What each selection holds now, from another program or this one.
    var selections: [Pasteboard.Name: DataOffer] = [:]
    /// The sources this process offers selections with, while it owns them.
    var sources: [Pasteboard.Name: DataSource] = [:]
    /// Selections copied before any input event gave a serial to name: set at the first one.
    var waitingForSerial: Set<Pasteboard.Name> = []
    /// Copies to other programs under way.
    var outgoing: [OutgoingTransfer] = []
    /// The pastes under way, one per selection.
    var incoming: [Pasteboard.Name: IncomingTransfer] = [:]
    /// The pasteboards this clipboard serves.
    private var pasteboards: [Pasteboard] = []

    /// Binds the data device manager (and the primary selection's, when
    /// offered) and gets the seat's devices, or returns `nil` when the
    /// compositor offers no data device manager.
    init?(connection: WaylandConnection, globals: WaylandGlobals, seat: WaylandSeat) {
        // Version 3 adds drag-and-drop actions; nothing here needs more.
        guard
            let manager = try? globals.bind(
                wl_data_device_manager_interface_pointer(), version: 3, destroy: wl_data_device_manager_destroy),
            let device = try? WaylandProxy(
                wl_data_device_manager_get_data_device(manager.pointer, seat.seat.pointer), "wl_data_device",
                parent: manager, destroy: Self.release(device:))
        else { return nil }
        self.connection = connection
        self.manager = manager
        self.device = device
        primaryManager = try? globals.bind(
            zwp_primary_selection_device_manager_v1_interface_pointer(), version: 1,
            destroy: zwp_primary_selection_device_manager_v1_destroy)
        primaryDevice = primaryManager.flatMap { manager in
            try? WaylandProxy(
                zwp_primary_selection_device_manager_v1_get_device(manager.pointer, seat.seat.pointer),
                "zwp_primary_selection_device_v1", parent: manager, destroy: zwp_primary_selection_device_v1_destroy)
        }
        deviceListener = ListenerStorage(
            wl_data_device_listener(
                data_offer: { data, _, offer in
                    WaylandClipboard.with(data) { $0.announce(offer, primary: false) }
                },
                enter: { data, _, _, _, _, _, offer in WaylandClipboard.with(data) { $0.dragEntered(offer) } },
                leave: { data, _ in WaylandClipboard.with(data) { $0.dragOffer = nil } },
                motion: { _, _, _, _, _ in },
                drop: { data, _ in WaylandClipboard.with(data) { $0.dragOffer = nil } },
                selection: { data, _, offer in
                    WaylandClipboard.with(data) { $0.selectionChanged(.clipboard, to: offer) }
                }))
        primaryDeviceListener = ListenerStorage(
            zwp_primary_selection_device_v1_listener(
                data_offer: { data, _, offer in
                    WaylandClipboard.with(data) { $0.announce(offer, primary: true) }
                },
                selection: { data, _, offer in
                    WaylandClipboard.with(data) { $0.selectionChanged(.primary, to: offer) }
                }))
        let me = Unmanaged.passUnretained(self).toOpaque()
        wl_data_device_add_listener(device.pointer, deviceListener.pointer, me)
        if let primaryDevice {
            zwp_primary_selection_device_v1_add_listener(primaryDevice.pointer, primaryDeviceListener.pointer, me)
        }
    }

    // MARK: Attaching

    /// Becomes the backend of those of `pasteboards` the compositor serves
    /// and offers the text they already hold.
    func attach(to pasteboards: [Pasteboard]) {
        self.pasteboards = pasteboards.filter { $0.name == .clipboard || primaryDevice != nil }
        for pasteboard in self.pasteboards {
            pasteboard.backend = self
            if let text = pasteboard.string { self.pasteboard(pasteboard, didSetString: text) }
        }
    }

    /// Stops serving the pasteboards: pending pastes answer `nil`, copies stop.
    func detach() {
        for pasteboard in pasteboards where pasteboard.backend === self { pasteboard.backend = nil }
        pasteboards = []
        sources = [:]
        outgoing = []
        let pending = incoming
        incoming = [:]
        for read in pending.values {
            Self.logger.info("pasting stopped: the window closed")
            for completion in read.completions { completion(nil) }
        }
    }

    // MARK: Offers

    private func announce(_ offer: OpaquePointer?, primary: Bool) {
        guard let offer else { return }
        if primary {
            guard
                let proxy = try? WaylandProxy(
                    offer, "zwp_primary_selection_offer_v1", parent: primaryDevice ?? device,
                    destroy: zwp_primary_selection_offer_v1_destroy)
            else { return }
            announced[offer] = DataOffer(primaryOffer: proxy)
        } else {
            guard let proxy = try? WaylandProxy(offer, "wl_data_offer", parent: device, destroy: wl_data_offer_destroy)
            else { return }
            announced[offer] = DataOffer(dataOffer: proxy)
        }
    }

    /// Another program (or this one) set a selection; `nil` when it was cleared.
    private func selectionChanged(_ name: Pasteboard.Name, to offer: OpaquePointer?) {
        selections[name] = offer.flatMap { announced.removeValue(forKey: $0) }
    }

    private func dragEntered(_ offer: OpaquePointer?) {
        dragOffer = offer.flatMap { announced.removeValue(forKey: $0) }
    }

    // MARK: The loop

    /// The pipes transfers wait on, for the host's `poll`.
    func pollDescriptors() -> [pollfd] {
        outgoing.map { pollfd(fd: $0.descriptor, events: Int16(POLLOUT), revents: 0) }
            + incoming.values.map { pollfd(fd: $0.descriptor, events: Int16(POLLIN), revents: 0) }
    }

    /// Seconds until the next transfer runs out of time, or `nil` when none is under way.
    func secondsUntilNextDeadline(now: Double) -> Double? {
        let deadlines = outgoing.map(\.deadline) + incoming.values.map(\.deadline)
        return deadlines.min().map { max(0, $0 - now) }
    }

    /// Moves every transfer on as far as its pipe allows, and gives up
    /// those without progress for ``timeout`` seconds.
    func service(now: Double) {
        serviceOutgoing(now: now)
        for name in Array(incoming.keys) { serviceIncoming(name, now: now) }
    }

    // MARK: Helpers

    /// Gives a data device back: `release` from version 2, else only forgotten.
    private nonisolated static func release(device: OpaquePointer) {
        if wl_data_device_get_version(device) >= WL_DATA_DEVICE_RELEASE_SINCE_VERSION {
            wl_data_device_release(device)
        } else {
            wl_data_device_destroy(device)
        }
    }

    /// Runs `body` with the clipboard a listener's user data points to, on
    /// the main actor (listeners run inside a dispatch on it).
    nonisolated static func with(_ data: UnsafeMutableRawPointer?, _ body: @MainActor (WaylandClipboard) -> Void) {
        guard let data else { return }
        let clipboard = Unmanaged<WaylandClipboard>.fromOpaque(data).takeUnretainedValue()
        MainActor.assumeIsolated { body(clipboard) }
    }

    /// Describes a selection for messages.
    static func describe(_ name: Pasteboard.Name) -> String {
        name == .clipboard ? "the clipboard" : "the primary selection"
    }
}

/// The loop waits on the transfer pipes and wakes when one runs out of time.
extension WaylandClipboard: HostLoopSource {
    var nextTimeout: Double? { secondsUntilNextDeadline(now: MonotonicClock.now()) }
    func dispatch() { service(now: MonotonicClock.now()) }
}
