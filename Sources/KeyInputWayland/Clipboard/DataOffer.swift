import CWayland
import CWaylandProtocols

/// What another program (or this one) offers as a selection: a
/// `wl_data_offer` (the clipboard) or a `zwp_primary_selection_offer_v1`
/// (the primary selection), and the MIME types it announced.
@MainActor
final class DataOffer {
    /// The offer.
    let proxy: WaylandProxy
    /// The MIME types announced, in the order they came.
    private(set) var mimeTypes: [String] = []
    private let receiveRequest: (OpaquePointer, String, Int32) -> Void
    /// The listener struct, kept alive with the offer.
    private var listener: AnyObject?

    private init(_ proxy: WaylandProxy, receive: @escaping (OpaquePointer, String, Int32) -> Void) {
        self.proxy = proxy
        self.receiveRequest = receive
    }

    /// Takes ownership of a new `wl_data_offer` and listens to its MIME types.
    convenience init(dataOffer proxy: WaylandProxy) {
        self.init(proxy) { wl_data_offer_receive($0, $1, $2) }
        let listener = ListenerStorage(
            wl_data_offer_listener(
                offer: { data, _, mimeType in DataOffer.announced(mimeType, to: data) },
                source_actions: { _, _, _ in },
                action: { _, _, _ in }))
        self.listener = listener
        wl_data_offer_add_listener(proxy.pointer, listener.pointer, Unmanaged.passUnretained(self).toOpaque())
    }

    /// Takes ownership of a new `zwp_primary_selection_offer_v1` and listens to its MIME types.
    convenience init(primaryOffer proxy: WaylandProxy) {
        self.init(proxy) { zwp_primary_selection_offer_v1_receive($0, $1, $2) }
        let listener = ListenerStorage(
            zwp_primary_selection_offer_v1_listener(offer: { data, _, mimeType in
                DataOffer.announced(mimeType, to: data)
            }))
        self.listener = listener
        zwp_primary_selection_offer_v1_add_listener(
            proxy.pointer, listener.pointer, Unmanaged.passUnretained(self).toOpaque())
    }

    /// Asks the owner to write the selection as `mimeType` into `descriptor`.
    func receive(_ mimeType: String, into descriptor: Int32) {
        receiveRequest(proxy.pointer, mimeType, descriptor)
    }

    /// The text types this process reads, best first: UTF-8 ones, then Latin-1.
    nonisolated static let textTypes = ["text/plain;charset=utf-8", "UTF8_STRING", "text/plain", "TEXT", "STRING"]

    /// The best text type offered, or `nil` when the offer holds no text.
    var bestTextType: String? { Self.bestTextType(among: mimeTypes) }

    /// The first of ``textTypes`` among `mimeTypes`.
    nonisolated static func bestTextType(among mimeTypes: [String]) -> String? {
        textTypes.first { mimeTypes.contains($0) }
    }

    private nonisolated static func announced(_ mimeType: UnsafePointer<CChar>?, to data: UnsafeMutableRawPointer?) {
        guard let data, let mimeType else { return }
        let offer = Unmanaged<DataOffer>.fromOpaque(data).takeUnretainedValue()
        let type = String(cString: mimeType)
        MainActor.assumeIsolated { offer.mimeTypes.append(type) }
    }
}
