import CWayland

/// What another program (or this one) offers: a `wl_data_offer` and the
/// MIME types it announced with `offer` events.
@MainActor
final class DataOffer {
    /// The `wl_data_offer`.
    let proxy: WaylandProxy
    /// The MIME types announced, in the order they came.
    private(set) var mimeTypes: [String] = []
    private let listener: ListenerStorage<wl_data_offer_listener>

    /// Takes ownership of a new offer and listens to its MIME types.
    init(_ proxy: WaylandProxy) {
        self.proxy = proxy
        listener = ListenerStorage(
            wl_data_offer_listener(
                offer: { data, _, mimeType in
                    guard let data, let mimeType else { return }
                    let offer = Unmanaged<DataOffer>.fromOpaque(data).takeUnretainedValue()
                    let type = String(cString: mimeType)
                    MainActor.assumeIsolated { offer.mimeTypes.append(type) }
                },
                source_actions: { _, _, _ in },
                action: { _, _, _ in }))
        wl_data_offer_add_listener(proxy.pointer, listener.pointer, Unmanaged.passUnretained(self).toOpaque())
    }

    /// The text types this process reads, best first: UTF-8 ones, then Latin-1.
    nonisolated static let textTypes = ["text/plain;charset=utf-8", "UTF8_STRING", "text/plain", "TEXT", "STRING"]

    /// The best text type offered, or `nil` when the offer holds no text.
    var bestTextType: String? { Self.bestTextType(among: mimeTypes) }

    /// The first of ``textTypes`` among `mimeTypes`.
    nonisolated static func bestTextType(among mimeTypes: [String]) -> String? {
        textTypes.first { mimeTypes.contains($0) }
    }
}
