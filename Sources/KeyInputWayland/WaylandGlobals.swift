import CWayland
import CWaylandProtocols
import Glibc

/// The compositor's globals a window needs, bound from the registry:
/// `wl_compositor`, `wl_shm`, `xdg_wm_base` and (when there is one) `wl_seat`.
package final class WaylandGlobals {
    package let compositor: WaylandProxy
    package let shm: WaylandProxy
    package let wmBase: WaylandProxy
    package let seat: WaylandProxy?
    private let registry: WaylandProxy
    private let announcements = Announcements()
    private let registryListener: ListenerStorage<wl_registry_listener>
    private let wmBaseListener: ListenerStorage<xdg_wm_base_listener>

    /// What the registry announced: interface name → (global name, version).
    private final class Announcements {
        var globals: [String: (name: UInt32, version: UInt32)] = [:]
    }

    /// Lists the registry's globals (one round trip) and binds those needed.
    ///
    /// - Throws: ``WaylandError`` naming a missing global.
    package init(connection: WaylandConnection) throws {
        let registry = try WaylandProxy(
            wl_display_get_registry(connection.pointer), "wl_registry", parent: connection,
            destroy: wl_registry_destroy)
        self.registry = registry
        let announcements = self.announcements
        registryListener = ListenerStorage(
            wl_registry_listener(
                global: { data, _, name, interface, version in
                    guard let data, let interface else { return }
                    Unmanaged<Announcements>.fromOpaque(data).takeUnretainedValue()
                        .globals[String(cString: interface)] = (name, version)
                },
                global_remove: { _, _, _ in }))
        wl_registry_add_listener(
            registry.pointer, registryListener.pointer, Unmanaged.passUnretained(announcements).toOpaque())
        try connection.roundtrip()

        func bind(_ interface: UnsafePointer<wl_interface>, version: UInt32, destroy: @escaping (OpaquePointer) -> Void)
            throws -> WaylandProxy
        {
            let interfaceName = String(cString: interface.pointee.name)
            guard let global = announcements.globals[interfaceName] else {
                throw WaylandError("the Wayland display \(connection.name) offers no \(interfaceName)")
            }
            let raw = wl_registry_bind(registry.pointer, global.name, interface, min(version, global.version))
            return try WaylandProxy(OpaquePointer(raw), interfaceName, parent: registry, destroy: destroy)
        }
        compositor = try bind(wl_compositor_interface_pointer(), version: 4, destroy: wl_compositor_destroy)
        shm = try bind(wl_shm_interface_pointer(), version: 1, destroy: wl_shm_destroy)
        wmBase = try bind(xdg_wm_base_interface_pointer(), version: 2, destroy: xdg_wm_base_destroy)
        // A seat from version 5 on is given back with `release`; older ones are only forgotten.
        seat = try? bind(wl_seat_interface_pointer(), version: 5) { seat in
            if wl_seat_get_version(seat) >= WL_SEAT_RELEASE_SINCE_VERSION {
                wl_seat_release(seat)
            } else {
                wl_seat_destroy(seat)
            }
        }
        // xdg_wm_base pings to see whether the client is alive; a pong answers.
        wmBaseListener = ListenerStorage(
            xdg_wm_base_listener(ping: { _, base, serial in xdg_wm_base_pong(base, serial) }))
        xdg_wm_base_add_listener(wmBase.pointer, wmBaseListener.pointer, nil)
    }
}
