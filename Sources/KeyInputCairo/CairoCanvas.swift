import CCairo
import CPango
import KeyInputKit

/// A `Canvas` that draws pixels with cairo: into an image (for
/// PNG files and tests) or, in the X11 host, into a window's back buffer.
///
/// Coordinates are points; a canvas with a ``scale`` of 2 has twice as many
/// pixels across and down, and draws everything twice as large. Text goes
/// through Pango — shaped, bidirectional, with fallback fonts for what
/// ``fontFamily`` lacks (DejaVu Sans by default, from Debian's
/// `fonts-dejavu-core`) — see ``text(_:in:color:fontSize:alignment:)``.
///
/// ```swift
/// let canvas = try CairoCanvas(size: window.frame.size, scale: 2)
/// window.render(to: canvas)
/// try canvas.writePNG(to: "window.png")
/// ```
@MainActor
public final class CairoCanvas: Canvas {
    /// The size of the drawing area, in points.
    public let size: Size
    /// Pixels per point.
    public let scale: Double
    /// The width of the underlying surface, in pixels.
    public let pixelWidth: Int
    /// The height of the underlying surface, in pixels.
    public let pixelHeight: Int
    /// The font family ``text(_:in:color:fontSize:alignment:)`` draws in;
    /// `"DejaVu Sans"` by default.
    public var fontFamily = "DejaVu Sans"
    /// The Pango engine whose fonts ``text(_:in:color:fontSize:alignment:)``
    /// uses, and whose layouts it keeps between frames.
    ///
    /// `nil` until text is first drawn, when the canvas takes one that all
    /// canvases without an engine share (its ``fontFamily`` still decides
    /// the font). Hosts give the engine their window lays text out with, so
    /// that one font map serves both; ``renderPNG(window:to:scale:fontFamily:)`` does
    /// the same with the window's engine.
    public var textEngine: PangoTextLayoutEngine?

    let context: CairoContext

    /// Creates a transparent ARGB32 image of `size` points.
    ///
    /// - Parameters:
    ///   - size: The drawing area, in points.
    ///   - scale: Pixels per point; the image is `size × scale` pixels,
    ///     rounded up.
    /// - Throws: ``CairoError`` (`surfaceCreationFailed`) when the size or
    ///   scale is not positive, or the image would be larger than cairo's
    ///   32767 pixels a side.
    public convenience init(size: Size, scale: Double = 1) throws {
        guard scale > 0, scale.isFinite, size.width > 0, size.height > 0, size.width.isFinite, size.height.isFinite
        else {
            throw CairoError(.surfaceCreationFailed, "cannot create a canvas of \(size) points at scale \(scale)")
        }
        let width = (size.width * scale).rounded(.up), height = (size.height * scale).rounded(.up)
        guard width <= 32767, height <= 32767 else {
            throw CairoError(
                .surfaceCreationFailed, "a canvas of \(size) points at scale \(scale) exceeds 32767 pixels a side")
        }
        let surface = try CairoSurface(imageWidth: Int(width), height: Int(height))
        try self.init(surface: surface, size: size, scale: scale, pixelWidth: Int(width), pixelHeight: Int(height))
    }

    /// Loads a PNG file into a canvas of the image's size, at scale 1
    /// (`cairo_image_surface_create_from_png`) — to check the pixels of a
    /// screenshot with ``color(atX:y:)``, or to draw over it.
    ///
    /// - Parameter path: The PNG file.
    /// - Throws: ``CairoError`` (`pngReadFailed`) when the file is missing,
    ///   unreadable or not a PNG image.
    public convenience init(contentsOfPNG path: String) throws {
        guard let raw = cairo_image_surface_create_from_png(path) else {
            throw CairoError(.pngReadFailed, "could not read PNG \(path)")
        }
        let surface = try CairoSurface(adopting: raw, failure: CairoError(.pngReadFailed, "could not read PNG \(path)"))
        let width = Int(cairo_image_surface_get_width(raw)), height = Int(cairo_image_surface_get_height(raw))
        try self.init(
            surface: surface, size: Size(width: Double(width), height: Double(height)), scale: 1,
            pixelWidth: width, pixelHeight: height)
    }

    /// Creates a canvas that draws on `surface`, which is `pixelWidth` ×
    /// `pixelHeight` pixels; drawing is scaled by `scale`.
    package init(surface: CairoSurface, size: Size, scale: Double, pixelWidth: Int, pixelHeight: Int) throws {
        self.context = try CairoContext(surface: surface)
        self.size = size
        self.scale = scale
        self.pixelWidth = pixelWidth
        self.pixelHeight = pixelHeight
        if scale != 1 { cairo_scale(context.pointer, scale, scale) }
    }

    /// The surface the canvas draws on.
    package var surface: CairoSurface { context.surface }

    /// Gives `body` the raw `cairo_t *`, which stays valid for the call.
    ///
    /// Leave the context as you found it (`cairo_save` / `cairo_restore`):
    /// the canvas keeps its scale in the context's transformation.
    public func withUnsafeCairoPointer<T>(_ body: (OpaquePointer) throws -> T) rethrows -> T {
        try withExtendedLifetime(context) { try body(context.pointer) }
    }

    // MARK: Canvas

    /// Fills a rectangle with a colour.
    public func fill(_ rect: Rect, color: Color) {
        guard !rect.isEmpty else { return }
        let cr = context.pointer
        setSource(color)
        cairo_rectangle(cr, rect.minX, rect.minY, rect.width, rect.height)
        cairo_fill(cr)
    }

    /// Draws a rectangle's outline inside the rectangle, `lineWidth` points wide.
    public func stroke(_ rect: Rect, color: Color, lineWidth: Double) {
        guard !rect.isEmpty, lineWidth > 0 else { return }
        let cr = context.pointer
        let width = min(lineWidth, rect.width / 2, rect.height / 2)
        setSource(color)
        cairo_set_line_width(cr, width)
        cairo_rectangle(
            cr, rect.minX + width / 2, rect.minY + width / 2, rect.width - width, rect.height - width)
        cairo_stroke(cr)
    }

    /// Fills the ellipse inside `rect`.
    public func fillEllipse(in rect: Rect, color: Color) {
        guard rect.width > 0, rect.height > 0 else { return }
        let cr = context.pointer
        setSource(color)
        cairo_save(cr)
        cairo_translate(cr, rect.midX, rect.midY)
        cairo_scale(cr, rect.width / 2, rect.height / 2)
        cairo_arc(cr, 0, 0, 1, 0, 2 * Double.pi)
        cairo_restore(cr)
        cairo_fill(cr)
    }

    /// Draws Pango's error underline, the wave GTK draws under a misspelt
    /// word, filling `rect` (`pango_cairo_show_error_underline`).
    public func errorUnderline(in rect: Rect, color: Color) {
        guard rect.width > 0, rect.height > 0 else { return }
        setSource(color)
        pango_cairo_show_error_underline(context.pointer, rect.minX, rect.minY, rect.width, rect.height)
    }

    /// Draws a straight line; a horizontal or vertical line of an odd width
    /// covers whole pixels below or right of its coordinates.
    public func line(from start: Point, to end: Point, color: Color, lineWidth: Double) {
        guard lineWidth > 0 else { return }
        let cr = context.pointer
        let odd = lineWidth.rounded() == lineWidth && Int(lineWidth) % 2 == 1
        var (a, b) = (start, end)
        if odd, a.y == b.y {
            a.y += 0.5
            b.y += 0.5
        } else if odd, a.x == b.x {
            a.x += 0.5
            b.x += 0.5
        }
        setSource(color)
        cairo_set_line_width(cr, lineWidth)
        cairo_move_to(cr, a.x, a.y)
        cairo_line_to(cr, b.x, b.y)
        cairo_stroke(cr)
    }

    /// Cuts drawing to `rect` inside the current clip (`cairo_save`, then `cairo_clip`).
    public func pushClip(_ rect: Rect) {
        let cr = context.pointer
        cairo_save(cr)
        cairo_rectangle(cr, rect.minX, rect.minY, max(0, rect.width), max(0, rect.height))
        cairo_clip(cr)
    }

    /// Ends the clip the last ``pushClip(_:)`` began (`cairo_restore`).
    public func popClip() {
        cairo_restore(context.pointer)
    }

    /// The smallest rectangle around what drawing may change now (`cairo_clip_extents`), in canvas coordinates.
    public var clipBounds: Rect {
        var x1 = 0.0, y1 = 0.0, x2 = 0.0, y2 = 0.0
        cairo_clip_extents(context.pointer, &x1, &y1, &x2, &y2)
        return Rect(x: x1, y: y1, width: x2 - x1, height: y2 - y1)
    }

    func setSource(_ color: Color) {
        cairo_set_source_rgba(context.pointer, color.red, color.green, color.blue, color.alpha)
    }

    // MARK: Pixels and files

    /// Writes the canvas to a PNG file (`cairo_surface_write_to_png`), at
    /// its pixel size.
    ///
    /// - Parameter path: Where to write; an existing file is replaced.
    /// - Throws: ``CairoError`` (`pngWriteFailed`) when the file cannot be
    ///   written, for example because its folder does not exist.
    public func writePNG(to path: String) throws {
        let surface = context.surface.pointer
        cairo_surface_flush(surface)
        try FileReplacement(path: path) { CairoError(.pngWriteFailed, "could not write PNG \(path): \($0)") }.write { temporary in
            let status = cairo_surface_write_to_png(surface, temporary)
            guard status == CAIRO_STATUS_SUCCESS else {
                throw CairoError(.pngWriteFailed, "could not write PNG \(path)", status: status)
            }
        }
    }

    /// The colour of one pixel, not premultiplied, or `nil` when the pixel is
    /// outside the image or the canvas does not draw into an image.
    ///
    /// - Parameters:
    ///   - x: The pixel column, from 0 at the left.
    ///   - y: The pixel row, from 0 at the top.
    public func color(atX x: Int, y: Int) -> Color? {
        let surface = context.surface.pointer
        guard cairo_surface_get_type(surface) == CAIRO_SURFACE_TYPE_IMAGE,
            x >= 0, y >= 0, x < pixelWidth, y < pixelHeight
        else { return nil }
        cairo_surface_flush(surface)
        let format = cairo_image_surface_get_format(surface)
        guard format == CAIRO_FORMAT_ARGB32 || format == CAIRO_FORMAT_RGB24,
            let data = cairo_image_surface_get_data(surface)
        else { return nil }
        let stride = Int(cairo_image_surface_get_stride(surface))
        // Both formats are one native-endian 32-bit word per pixel: 0xAARRGGBB.
        let word = UnsafeRawPointer(data).load(fromByteOffset: y * stride + x * 4, as: UInt32.self)
        let alpha = format == CAIRO_FORMAT_RGB24 ? 255 : Double((word >> 24) & 0xff)
        guard alpha > 0 else { return .clear }
        func channel(_ shift: UInt32) -> Double { min(1, Double((word >> shift) & 0xff) / alpha) }
        return Color(red: channel(16), green: channel(8), blue: channel(0), alpha: alpha / 255)
    }
}
