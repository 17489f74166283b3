import CCairo
import CXCB

/// The one owner of a reference to the cairo device of an xcb connection
/// (`cairo_device_t`): it finishes the device — cairo's caches for that
/// connection — before the connection can be closed.
///
/// The surfaces drawn on the connection keep this owner alive, and it keeps
/// the connection alive, so they are released in order: surfaces, device,
/// connection.
final class CairoXCBDevice {
    /// The device, referenced; valid while this owner lives.
    let pointer: OpaquePointer
    private let connection: XCBConnection

    /// References the device of `surface`, an xcb surface on `connection`;
    /// `nil` when the surface has none.
    init?(deviceOf surface: OpaquePointer, connection: XCBConnection) {
        guard let device = cairo_surface_get_device(surface) else { return nil }
        self.pointer = cairo_device_reference(device)
        self.connection = connection
    }

    deinit {
        cairo_device_finish(pointer)
        cairo_device_destroy(pointer)
    }
}
