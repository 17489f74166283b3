import KeyInputKit
import CWayland
import CWaylandProtocols

#if canImport(Glibc)
    import Glibc
#endif

/// The text this process offers as a selection: a `wl_data_source` (the
/// clipboard) or a `zwp_primary_selection_source_v1` (the primary
/// selection) announcing the text types, answering each `send` with a pipe
/// to write to.
@MainActor
final class DataSource {
    /// The source.
    let proxy: WaylandProxy
    /// The text offered.
    let text: String
    /// Called with the pipe another program reads the text from.
    var onSend: ((Int32) -> Void)?
    /// Called when another program took the selection.
    var onCancelled: (() -> Void)?
    /// The listener struct, kept alive with the source.
    private var listener: AnyObject?

    private init(_ proxy: WaylandProxy, text: String) {
        self.proxy = proxy
        self.text = text
    }

    /// A `wl_data_source` offering `text` as each of `mimeTypes`.
    ///
    /// - Throws: ``HostError`` when the compositor made no source.
    static func clipboard(manager: WaylandProxy, text: String, mimeTypes: [String]) throws -> DataSource {
        let proxy = try WaylandProxy(
            wl_data_device_manager_create_data_source(manager.pointer), "wl_data_source", parent: manager,
            destroy: wl_data_source_destroy)
        let source = DataSource(proxy, text: text)
        let listener = ListenerStorage(
            wl_data_source_listener(
                target: { _, _, _ in },
                send: { data, _, _, descriptor in DataSource.send(descriptor, from: data) },
                cancelled: { data, _ in DataSource.cancelled(data) },
                dnd_drop_performed: { _, _ in },
                dnd_finished: { _, _ in },
                action: { _, _, _ in }))
        source.listener = listener
        wl_data_source_add_listener(proxy.pointer, listener.pointer, Unmanaged.passUnretained(source).toOpaque())
        for type in mimeTypes { wl_data_source_offer(proxy.pointer, type) }
        return source
    }

    /// A `zwp_primary_selection_source_v1` offering `text` as each of `mimeTypes`.
    ///
    /// - Throws: ``HostError`` when the compositor made no source.
    static func primary(manager: WaylandProxy, text: String, mimeTypes: [String]) throws -> DataSource {
        let proxy = try WaylandProxy(
            zwp_primary_selection_device_manager_v1_create_source(manager.pointer), "zwp_primary_selection_source_v1",
            parent: manager, destroy: zwp_primary_selection_source_v1_destroy)
        let source = DataSource(proxy, text: text)
        let listener = ListenerStorage(
            zwp_primary_selection_source_v1_listener(
                send: { data, _, _, descriptor in DataSource.send(descriptor, from: data) },
                cancelled: { data, _ in DataSource.cancelled(data) }))
        source.listener = listener
        zwp_primary_selection_source_v1_add_listener(
            proxy.pointer, listener.pointer, Unmanaged.passUnretained(source).toOpaque())
        for type in mimeTypes { zwp_primary_selection_source_v1_offer(proxy.pointer, type) }
        return source
    }

    private nonisolated static func send(_ descriptor: Int32, from data: UnsafeMutableRawPointer?) {
        guard let data else {
            close(descriptor)
            return
        }
        let source = Unmanaged<DataSource>.fromOpaque(data).takeUnretainedValue()
        MainActor.assumeIsolated {
            // Nothing to answer with: the reader sees the pipe close.
            if let onSend = source.onSend { onSend(descriptor) } else { close(descriptor) }
        }
    }

    private nonisolated static func cancelled(_ data: UnsafeMutableRawPointer?) {
        guard let data else { return }
        let source = Unmanaged<DataSource>.fromOpaque(data).takeUnretainedValue()
        MainActor.assumeIsolated { source.onCancelled?() }
    }
}
