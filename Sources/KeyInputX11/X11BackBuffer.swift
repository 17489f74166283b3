import CCairo
import CXCB
import KeyInputCairo
import KeyInputKit

/// The pixmap views are drawn into, the window's size, and the canvas that
/// draws on it; a frame goes to the window with one CopyArea, where cairo
/// would create a picture, composite and free it.
@MainActor
final class X11BackBuffer {
    /// The canvas views draw into.
    let canvas: CairoCanvas
    private let pixmap: X11Pixmap

    /// A pixmap of `width` × `height` pixels like `window` (its depth and
    /// visual), drawn on by cairo, for a view tree of `size` points.
    ///
    /// - Parameter device: What cairo's surfaces on this connection need
    ///   alive: the window's surface, which holds the device.
    /// - Throws: ``HostError`` (`windowCreationFailed`) when cairo cannot draw on it.
    init(
        connection: XCBConnection, window: xcb_window_t, depth: UInt8, visual: UnsafeMutablePointer<xcb_visualtype_t>,
        width: Int, height: Int, size: Size, device: AnyObject
    ) throws {
        pixmap = X11Pixmap(connection: connection, like: window, depth: depth, width: width, height: height, device: device)
        guard let raw = cairo_xcb_surface_create(connection.pointer, pixmap.id, visual, Int32(width), Int32(height))
        else { throw HostError(.windowCreationFailed, "cairo could not create a back buffer") }
        let surface: CairoSurface
        do {
            surface = try CairoSurface(adopting: raw, keepingAlive: pixmap)
        } catch {
            throw HostError(.windowCreationFailed, "cairo could not draw on the back buffer: \(error)")
        }
        canvas = try CairoCanvas(surface: surface, size: size, scale: 1, pixelWidth: width, pixelHeight: height)
    }

    /// Copies `part` (pixels, whole numbers) to the same place in `window`,
    /// after what cairo still holds of the drawing.
    func copy(_ part: Rect, to window: xcb_window_t, with gc: xcb_gcontext_t, on connection: XCBConnection) {
        cairo_surface_flush(canvas.surface.pointer)
        let x = Int16(clamping: Int(part.minX)), y = Int16(clamping: Int(part.minY))
        _ = xcb_copy_area(
            connection.pointer, pixmap.id, window, gc, x, y, x, y, UInt16(clamping: Int(part.width)),
            UInt16(clamping: Int(part.height)))
    }
}

/// The one owner of a pixmap on the X server; frees it when released,
/// which the cairo surface drawing on it (holding this owner) is first.
final class X11Pixmap {
    let id: xcb_pixmap_t
    private let connection: XCBConnection
    private let device: AnyObject

    init(connection: XCBConnection, like drawable: xcb_drawable_t, depth: UInt8, width: Int, height: Int, device: AnyObject) {
        id = xcb_generate_id(connection.pointer)
        self.connection = connection
        self.device = device
        _ = xcb_create_pixmap(connection.pointer, depth, id, drawable, UInt16(clamping: width), UInt16(clamping: height))
    }

    deinit { _ = xcb_free_pixmap(connection.pointer, id) }
}
