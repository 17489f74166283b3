import KeyInputKit

extension WindowHost {
    /// Writes the window as it is now to a PNG file, drawn with a
    /// ``CairoCanvas`` into an image in the host's font.
    ///
    /// - Parameters:
    ///   - path: Where to write; an existing file is replaced.
    ///   - scale: Pixels per point.
    /// - Throws: ``CairoError`` when the file cannot be written.
    public func screenshot(to path: String, scale: Double = 1) throws {
        try renderPNG(window: window, to: path, scale: scale, fontFamily: fontFamily)
    }
}
