import KeyInputCairo
import KeyInputKit

/// The KeyInputCairo catalog's overview: a window with a text field, written to `form.png`.
///
/// - Throws: What writing the picture throws.
@MainActor
package func keyInputCairoOverviewExample() throws {
    let window = Window(size: Size(width: 400, height: 300))
    window.addSubview(TextField(frame: Rect(x: 20, y: 20, width: 360, height: 32), placeholder: "Name"))
    try renderPNG(window: window, to: "form.png", scale: 2)
}

/// The KeyInputCairo catalog's text layout example: the caret of Arabic text.
///
/// - Returns: The caret's rectangle at the start of the word.
/// - Throws: What creating the engine or the layout throws.
@MainActor
package func keyInputCairoTextLayoutExample() throws -> Rect {
    let engine = try PangoTextLayoutEngine()
    let layout = try engine.layout(for: "مرحبا", style: TextStyle(fontSize: 20))
    let caret = layout.caretRect(at: 0)  // at the right edge: Arabic runs right to left
    return caret
}
