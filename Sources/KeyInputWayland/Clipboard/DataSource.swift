import CWayland

#if canImport(Glibc)
    import Glibc
#endif

/// The text this process offers as the selection: a `wl_data_source`
/// announcing the text types, answering each `send` with a pipe to write to.
@MainActor
final class DataSource {
    /// The `wl_data_source`.
    let proxy: WaylandProxy
    /// The text offered.
    let text: String
    /// Called with the pipe another program reads the text from.
    var onSend: ((Int32) -> Void)?
    /// Called when another program took the selection.
    var onCancelled: (() -> Void)?
    private let listener: ListenerStorage<wl_data_source_listener>

    /// Creates a source offering `text` as each of `mimeTypes`.
    ///
    /// - Throws: ``WaylandError`` when the compositor made no source.
    init(manager: WaylandProxy, text: String, mimeTypes: [String]) throws {
        proxy = try WaylandProxy(
            wl_data_device_manager_create_data_source(manager.pointer), "wl_data_source", parent: manager,
            destroy: wl_data_source_destroy)
        self.text = text
        listener = ListenerStorage(
            wl_data_source_listener(
                target: { _, _, _ in },
                send: { data, _, _, descriptor in
                    guard let data else { return }
                    let source = Unmanaged<DataSource>.fromOpaque(data).takeUnretainedValue()
                    MainActor.assumeIsolated {
                        // Nothing to answer with: the reader sees the pipe close.
                        if let onSend = source.onSend { onSend(descriptor) } else { close(descriptor) }
                    }
                },
                cancelled: { data, _ in
                    guard let data else { return }
                    let source = Unmanaged<DataSource>.fromOpaque(data).takeUnretainedValue()
                    MainActor.assumeIsolated { source.onCancelled?() }
                },
                dnd_drop_performed: { _, _ in },
                dnd_finished: { _, _ in },
                action: { _, _, _ in }))
        wl_data_source_add_listener(proxy.pointer, listener.pointer, Unmanaged.passUnretained(self).toOpaque())
        for type in mimeTypes { wl_data_source_offer(proxy.pointer, type) }
    }
}
