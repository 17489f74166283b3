import KeyInputKit
import KeyInputWayland

/// The KeyInputWayland catalog's overview: a field in a Wayland window, until the window is closed.
///
/// - Throws: What connecting to the compositor or running the window throws.
@MainActor
package func keyInputWaylandOverviewExample() throws {
    let window = Window(size: Size(width: 400, height: 600))
    let field = TextField(frame: Rect(x: 20, y: 20, width: 360, height: 32))
    window.addSubview(field)
    let host = try WaylandHost(window: window, title: "Form")
    field.becomeFirstResponder()
    try host.run()
}
