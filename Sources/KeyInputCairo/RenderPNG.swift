import KeyInputKit

/// Draws a window into a PNG file with a ``CairoCanvas``.
///
/// The file shows the window as it is now: its views, and its input views
/// where they are mid-animation. Writing a file does not draw the screen, so
/// the window's `Window.needsDisplay` stays as it was.
///
/// - Parameters:
///   - window: The window to draw.
///   - path: Where to write the PNG file; an existing file is replaced.
///   - scale: Pixels per point; 2 gives a picture twice as wide and high.
///   - fontFamily: The family one-line text is drawn in (`CairoCanvas.fontFamily`);
///     `nil` keeps the canvas's own.
/// - Throws: ``CairoError`` when the image cannot be created (an empty
///   window, a scale that is not positive) or the file cannot be written.
@MainActor
public func renderPNG(window: Window, to path: String, scale: Double = 1, fontFamily: String? = nil) throws {
    let canvas = try CairoCanvas(size: window.frame.size, scale: scale)
    if let fontFamily { canvas.fontFamily = fontFamily }
    // The window's Pango engine, if it has one, draws labels too: one font map for both.
    canvas.textEngine = window.textLayoutEngine as? PangoTextLayoutEngine
    window.renderSnapshot(to: canvas)
    try canvas.writePNG(to: path)
}
