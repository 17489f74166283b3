import CCairo

/// The one owner of a `cairo_surface_t`; destroys it when released.
///
/// Not isolated to an actor, so that its `deinit` may free the surface;
/// like every cairo object it is used from one thread at a time, so it is
/// not `Sendable`. Hosts in this package (the X11 host) create their own
/// surfaces and hand them to a ``CairoCanvas``.
package final class CairoSurface {
    /// The surface; valid while this owner lives.
    package let pointer: OpaquePointer
    /// Something the surface needs alive, such as the connection an xcb
    /// surface draws to; released only after the surface is destroyed.
    private let dependency: AnyObject?

    /// Takes ownership of a surface (one reference of it).
    ///
    /// - Throws: `failure` (by default `surfaceCreationFailed`), its message
    ///   followed by cairo's words, when the surface is in an error state
    ///   (cairo returns such a surface rather than `NULL`); it is destroyed first.
    package init(
        adopting pointer: OpaquePointer, keepingAlive dependency: AnyObject? = nil,
        failure: CairoError = CairoError(.surfaceCreationFailed, "cairo could not create a surface")
    ) throws {
        let status = cairo_surface_status(pointer)
        guard status == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(pointer)
            throw CairoError(failure.code, failure.message, status: status)
        }
        self.pointer = pointer
        self.dependency = dependency
    }

    /// A new ARGB32 image surface of `width` × `height` pixels.
    package convenience init(imageWidth width: Int, height: Int) throws {
        guard width > 0, height > 0, width <= 32767, height <= 32767 else {
            throw CairoError(
                .surfaceCreationFailed, "cannot create a \(width)×\(height) pixel image: sizes go from 1 to 32767")
        }
        guard let raw = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height)) else {
            throw CairoError(.surfaceCreationFailed, "cairo could not create a \(width)×\(height) image")
        }
        try self.init(adopting: raw)
    }

    deinit {
        cairo_surface_destroy(pointer)
    }
}

/// The one owner of a `cairo_t`; destroys it when released.
///
/// It keeps the surface it draws on alive.
package final class CairoContext {
    /// The drawing context; valid while this owner lives.
    package let pointer: OpaquePointer
    /// The surface the context draws on.
    package let surface: CairoSurface

    /// Creates a context that draws on `surface` (`cairo_create`).
    ///
    /// - Throws: ``CairoError`` (`surfaceCreationFailed`) when cairo reports an error.
    package init(surface: CairoSurface) throws {
        guard let raw = cairo_create(surface.pointer) else {
            throw CairoError(.surfaceCreationFailed, "cairo could not create a drawing context")
        }
        let status = cairo_status(raw)
        guard status == CAIRO_STATUS_SUCCESS else {
            cairo_destroy(raw)
            throw CairoError(.surfaceCreationFailed, "cairo could not create a drawing context", status: status)
        }
        self.pointer = raw
        self.surface = surface
    }

    deinit {
        cairo_destroy(pointer)
    }
}
