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
