import CCairo
import Foundation
import KeyInputKit

/// Draws a window into an SVG file through cairo's SVG surface: the same
/// drawing ``renderPNG(window:to:scale:fontFamily:)`` puts in pixels, as
/// vector shapes one point to the unit.
///
/// Text becomes glyph outlines, so the file looks the same without the
/// fonts; what it says can go in the file's `<title>` and `<desc>`, where
/// screen readers and searches find it.
///
/// - Parameters:
///   - window: The window to draw.
///   - path: Where to write the SVG file; an existing file is replaced.
///   - title: The picture's `<title>`, or `nil` for none.
///   - description: The picture's `<desc>`, or `nil` for none.
///   - fontFamily: The family one-line text is drawn in (`CairoCanvas.fontFamily`);
///     `nil` keeps the canvas's own.
/// - Throws: ``CairoError`` (`svgWriteFailed`) when the file cannot be
///   written, (`surfaceCreationFailed`) for an empty window.
@MainActor
public func renderSVG(
    window: Window, to path: String, title: String? = nil, description: String? = nil, fontFamily: String? = nil
) throws {
    let size = window.frame.size
    guard size.width > 0, size.height > 0, size.width.isFinite, size.height.isFinite else {
        throw CairoError(.surfaceCreationFailed, "cannot draw a window of \(size) points")
    }
    let replacement = FileReplacement(path: path) { CairoError(.svgWriteFailed, "could not write SVG \(path): \($0)") }
    try replacement.write { temporary in
        guard let raw = cairo_svg_surface_create(temporary, size.width, size.height) else {
            throw CairoError(.svgWriteFailed, "could not write SVG \(path)")
        }
        let surface = try CairoSurface(adopting: raw, failure: CairoError(.svgWriteFailed, "could not write SVG \(path)"))
        let canvas = try CairoCanvas(
            surface: surface, size: size, scale: 1, pixelWidth: Int(size.width.rounded(.up)),
            pixelHeight: Int(size.height.rounded(.up)))
        if let fontFamily { canvas.fontFamily = fontFamily }
        canvas.textEngine = window.textLayoutEngine as? PangoTextLayoutEngine
        window.renderSnapshot(to: canvas)
        // Finishing writes the file; write errors show only now.
        cairo_surface_finish(surface.pointer)
        let finished = cairo_surface_status(surface.pointer)
        guard finished == CAIRO_STATUS_SUCCESS else {
            throw CairoError(.svgWriteFailed, "could not write SVG \(path)", status: finished)
        }
        let text = [title.map { "<title>\(xmlEscaped($0))</title>" }, description.map { "<desc>\(xmlEscaped($0))</desc>" }]
        try insertAfterSVGTag(text.compactMap { $0 }.joined(separator: "\n"), in: temporary, naming: path)
    }
}

/// Puts `elements` straight after the opening `<svg …>` tag of the file cairo wrote.
private func insertAfterSVGTag(_ elements: String, in path: String, naming destination: String) throws {
    guard !elements.isEmpty else { return }
    guard let data = FileManager.default.contents(atPath: path), var svg = String(data: data, encoding: .utf8),
        let start = svg.range(of: "<svg"), let end = svg[start.upperBound...].firstIndex(of: ">")
    else { throw CairoError(.svgWriteFailed, "could not add a title to SVG \(destination)") }
    svg.insert(contentsOf: "\n" + elements, at: svg.index(after: end))
    do {
        try Data(svg.utf8).write(to: URL(fileURLWithPath: path))
    } catch {
        throw CairoError(.svgWriteFailed, "could not write SVG \(destination)")
    }
}

/// `text` with `&`, `<` and `>` written as entities.
private func xmlEscaped(_ text: String) -> String {
    text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
        .replacingOccurrences(of: ">", with: "&gt;")
}
