import CWayland
import KeyInputKit

#if canImport(Glibc)
    import Glibc
#endif

/// The arrow from the cursor theme (libwayland-cursor), on a surface of its
/// own, for `wl_pointer.set_cursor`.
///
/// The theme is `XCURSOR_THEME` (or libwayland-cursor's default) at
/// `XCURSOR_SIZE` (or 24) pixels. It owns the theme and the image's buffer.
package final class WaylandCursor {
    /// The surface showing the arrow; valid while this owner lives.
    package let surface: WaylandProxy
    /// The arrow's tip within the image, in pixels.
    package let hotspot: (x: Int32, y: Int32)
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
        // Themes name the arrow "left_ptr" (X cursor font) or "default" (CSS names).
        guard
            let cursor = wl_cursor_theme_get_cursor(theme, "left_ptr") ?? wl_cursor_theme_get_cursor(theme, "default"),
            cursor.pointee.image_count > 0, let image = cursor.pointee.images[0],
            let buffer = wl_cursor_image_get_buffer(image)
        else {
            wl_cursor_theme_destroy(theme)
            throw HostError(.requestFailed, "the cursor theme has no arrow (left_ptr or default)")
        }
        do {
            surface = try WaylandProxy(
                wl_compositor_create_surface(compositor.pointer), "wl_surface", parent: compositor,
                destroy: wl_surface_destroy)
        } catch {
            wl_cursor_theme_destroy(theme)
            throw error
        }
        self.theme = theme
        hotspot = (Int32(image.pointee.hotspot_x), Int32(image.pointee.hotspot_y))
        wl_surface_attach(surface.pointer, buffer, 0, 0)
        wl_surface_damage_buffer(surface.pointer, 0, 0, Int32(image.pointee.width), Int32(image.pointee.height))
        wl_surface_commit(surface.pointer)
    }

    deinit {
        wl_cursor_theme_destroy(theme)
    }
}
