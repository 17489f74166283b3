import CWayland
import KeyInputKit

#if canImport(Glibc)
    import Glibc
#endif

/// Pointer images from the cursor theme (libwayland-cursor), on a surface of
/// their own, for `wl_pointer.set_cursor`.
///
/// The theme is `XCURSOR_THEME` (or libwayland-cursor's default) at
/// `XCURSOR_SIZE` (or 24) pixels. It owns the theme and the surface.
package final class WaylandCursor {
    /// The surface showing the image; valid while this owner lives.
    package let surface: WaylandProxy
    /// The shown image's tip, in pixels.
    package private(set) var hotspot: (x: Int32, y: Int32) = (0, 0)
    /// The cursor on the surface.
    package private(set) var shown: Cursor?
    private let theme: OpaquePointer

    /// Loads the theme and puts its arrow on a new surface.
    ///
    /// - Parameters:
    ///   - compositor: The `wl_compositor` that makes the surface.
    ///   - shm: The `wl_shm` the theme's images are shared through.
    /// - Throws: ``HostError`` when no theme or no arrow image can be loaded.
    package init(compositor: WaylandProxy, shm: WaylandProxy) throws {
        let name = getenv("XCURSOR_THEME")
        let size = getenv("XCURSOR_SIZE").flatMap { Int32(String(cString: $0)) }.flatMap { $0 > 0 ? $0 : nil } ?? 24
        guard let theme = wl_cursor_theme_load(name, size, shm.pointer) else {
            throw HostError(.requestFailed, "could not load the cursor theme")
        }
        self.theme = theme
        guard Self.image(of: .arrow, in: theme) != nil else {
            wl_cursor_theme_destroy(theme)
            throw HostError(.requestFailed, "the cursor theme has no arrow (default or left_ptr)")
        }
        do {
            surface = try WaylandProxy(
                wl_compositor_create_surface(compositor.pointer), "wl_surface", parent: compositor,
                destroy: wl_surface_destroy)
        } catch {
            wl_cursor_theme_destroy(theme)
            throw error
        }
        show(.arrow)
    }

    deinit {
        wl_cursor_theme_destroy(theme)
    }

    /// Puts `cursor`'s image on the surface, or the arrow's when the theme
    /// lacks it; the caller sets the cursor again with the new ``hotspot``.
    ///
    /// - Returns: Whether the image changed.
    @discardableResult
    package func show(_ cursor: Cursor) -> Bool {
        guard cursor != shown else { return false }
        guard let image = Self.image(of: cursor, in: theme) ?? Self.image(of: .arrow, in: theme),
            let buffer = wl_cursor_image_get_buffer(image)
        else { return false }
        shown = cursor
        hotspot = (Int32(image.pointee.hotspot_x), Int32(image.pointee.hotspot_y))
        wl_surface_attach(surface.pointer, buffer, 0, 0)
        wl_surface_damage_buffer(surface.pointer, 0, 0, Int32(image.pointee.width), Int32(image.pointee.height))
        wl_surface_commit(surface.pointer)
        return true
    }

    /// The first frame of the theme's image for `cursor`, by its CSS name, then its X name.
    private static func image(of cursor: Cursor, in theme: OpaquePointer) -> UnsafeMutablePointer<wl_cursor_image>? {
        guard
            let found = wl_cursor_theme_get_cursor(theme, cursor.name)
                ?? wl_cursor_theme_get_cursor(theme, cursor.legacyName),
            found.pointee.image_count > 0
        else { return nil }
        return found.pointee.images[0]
    }
}
