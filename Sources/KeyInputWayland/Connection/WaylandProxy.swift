import KeyInputKit

/// The one owner of a Wayland protocol object (a `wl_proxy` such as a
/// `wl_surface` or `xdg_toplevel`); sends its destructor request when
/// released.
///
/// It keeps its parent (the connection, or the object it came from) alive
/// until after it is destroyed.
package final class WaylandProxy {
    /// The object; valid while this owner lives.
    package let pointer: OpaquePointer
    private let destroy: (OpaquePointer) -> Void
    private let parent: AnyObject

    /// Takes ownership of `pointer`.
    ///
    /// - Parameters:
    ///   - pointer: A new object, or `nil` when the request failed.
    ///   - what: The interface's name, for the error.
    ///   - parent: What must outlive the object.
    ///   - destroy: The object's destructor request, e.g. `wl_surface_destroy`.
    /// - Throws: ``HostError`` when `pointer` is `nil`.
    package init(
        _ pointer: OpaquePointer?, _ what: String, parent: AnyObject, destroy: @escaping (OpaquePointer) -> Void
    ) throws {
        guard let pointer else { throw HostError(.requestFailed, "the compositor did not create a \(what)") }
        self.pointer = pointer
        self.parent = parent
        self.destroy = destroy
    }

    deinit {
        destroy(pointer)
        withExtendedLifetime(parent) {}
    }
}

/// Memory for one listener struct, whose address libwayland keeps for as
/// long as the object it listens to lives.
package final class ListenerStorage<Listener> {
    /// The listener; valid while this owner lives.
    package let pointer: UnsafeMutablePointer<Listener>

    /// Stores `listener` at a stable address.
    package init(_ listener: Listener) {
        pointer = .allocate(capacity: 1)
        pointer.initialize(to: listener)
    }

    deinit {
        pointer.deinitialize(count: 1)
        pointer.deallocate()
    }
}
