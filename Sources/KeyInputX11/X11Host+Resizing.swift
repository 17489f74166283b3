import CCairo
import CXCB
import KeyInputKit

extension X11Host {
    /// Follows the X window's new size in pixels: the cairo surface, a back
    /// buffer of the new size, and the window (``Window/resize(to:)``), which
    /// lays out its views and input views again and is drawn on the next turn.
    func windowDidResize(width: Int, height: Int) {
        surfaceSize = (width, height)
        cairo_xcb_surface_set_size(windowSurface.pointer, Int32(width), Int32(height))
        let size = Size(width: Double(width), height: Double(height))
        if let back = try? X11BackBuffer(
            connection: connection, window: xWindow, depth: depth, visual: visual, width: width, height: height,
            size: size, device: windowSurface)
        {
            back.canvas.fontFamily = backBuffer.canvas.fontFamily
            back.canvas.textEngine = backBuffer.canvas.textEngine
            backBuffer = back
        }
        window.resize(to: size)
        window.needsDisplay = true
        needsPresent = true
    }
}
