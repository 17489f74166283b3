import KeyInputKit
import CWayland
import CWaylandProtocols
import Glibc

/// The compositor's globals a window needs, bound from the registry:
/// `wl_compositor`, `wl_shm` and `xdg_wm_base`; others (a seat, the data
/// device manager) are bound on demand with ``bind(_:version:destroy:)``.
package final class WaylandGlobals {
    package let compositor: WaylandProxy
    package let shm: WaylandProxy
    package let wmBase: WaylandProxy
    private let registry: WaylandProxy
    private let connectionName: String
    private let announcements = Announcements()
    private let registryListener: ListenerStorage<wl_registry_listener>
    private let wmBaseListener: ListenerStorage<xdg_wm_base_listener>

    /// What the registry announced: interface name → (global name, version),
    /// in the order announced (a compositor may have several outputs).
    private final class Announcements {
        var globals: [String: [(name: UInt32, version: UInt32)]] = [:]
    }

    /// Lists the registry's globals (one round trip) and binds those needed.
    ///
    /// - Throws: ``HostError`` naming a missing global.
    package init(connection: WaylandConnection) throws {
        let registry = try WaylandProxy(
            wl_display_get_registry(connection.pointer), "wl_registry", parent: connection,
            destroy: wl_registry_destroy)
        self.registry = registry
        self.connectionName = connection.name
        let announcements = self.announcements
        registryListener = ListenerStorage(
            wl_registry_listener(
                global: { data, _, name, interface, version in
                    guard let data, let interface else { return }
                    Unmanaged<Announcements>.fromOpaque(data).takeUnretainedValue()
                        .globals[String(cString: interface), default: []].append((name, version))
                },
                global_remove: { _, _, _ in }))
        wl_registry_add_listener(
            registry.pointer, registryListener.pointer, Unmanaged.passUnretained(announcements).toOpaque())
        try connection.roundtrip()

        func bind(_ interface: UnsafePointer<wl_interface>, version: UInt32, destroy: @escaping (OpaquePointer) -> Void)
            throws -> WaylandProxy
        {
            try Self.bind(
                interface, version: version, destroy: destroy, registry: registry, announcements: announcements,
                displayName: connection.name)
        }
        compositor = try bind(wl_compositor_interface_pointer(), version: 4, destroy: wl_compositor_destroy)
        shm = try bind(wl_shm_interface_pointer(), version: 1, destroy: wl_shm_destroy)
        wmBase = try bind(xdg_wm_base_interface_pointer(), version: 2, destroy: xdg_wm_base_destroy)
        // xdg_wm_base pings to see whether the client is alive; a pong answers.
        wmBaseListener = ListenerStorage(
            xdg_wm_base_listener(ping: { _, base, serial in xdg_wm_base_pong(base, serial) }))
        xdg_wm_base_add_listener(wmBase.pointer, wmBaseListener.pointer, nil)
    }

    /// Binds every global of `interface` the compositor announced (its
    /// outputs), each at `version` or the compositor's own when lower.
    package func bindAll(
        _ interface: UnsafePointer<wl_interface>, version: UInt32, destroy: @escaping (OpaquePointer) -> Void
    ) -> [WaylandProxy] {
        let interfaceName = String(cString: interface.pointee.name)
        return (announcements.globals[interfaceName] ?? []).compactMap { global in
            let raw = wl_registry_bind(registry.pointer, global.name, interface, min(version, global.version))
            return try? WaylandProxy(OpaquePointer(raw), interfaceName, parent: registry, destroy: destroy)
        }
    }

    /// Whether the compositor announced a global with this interface name.
    package func offers(_ interfaceName: String) -> Bool {
        announcements.globals[interfaceName] != nil
    }

    /// Binds the compositor's global of `interface`, at `version` or the
    /// compositor's own version when that is lower.
    ///
    /// Attach the object's listener before the next dispatch: events sent on
    /// binding (a seat's capabilities) are dropped for an object without one.
    ///
    /// - Throws: ``HostError`` naming the display and the interface when
    ///   the compositor does not offer it.
    package func bind(
        _ interface: UnsafePointer<wl_interface>, version: UInt32, destroy: @escaping (OpaquePointer) -> Void
    ) throws -> WaylandProxy {
        try Self.bind(
            interface, version: version, destroy: destroy, registry: registry, announcements: announcements,
            displayName: connectionName)
    }

    private static func bind(
        _ interface: UnsafePointer<wl_interface>, version: UInt32, destroy: @escaping (OpaquePointer) -> Void,
        registry: WaylandProxy, announcements: Announcements, displayName: String
    ) throws -> WaylandProxy {
        let interfaceName = String(cString: interface.pointee.name)
        guard let global = announcements.globals[interfaceName]?.first else {
            throw HostError(.protocolUnavailable, "the Wayland display \(displayName) offers no \(interfaceName)")
        }
        let raw = wl_registry_bind(registry.pointer, global.name, interface, min(version, global.version))
        return try WaylandProxy(OpaquePointer(raw), interfaceName, parent: registry, destroy: destroy)
    }
}
