import KeyInputKit
import KeyInputX11

/// The KeyInputX11 catalog's overview: a form in an X11 window, until the window is closed.
///
/// - Throws: What connecting to the display or running the window throws.
@MainActor
package func keyInputX11OverviewExample() throws {
    let window = Window(size: Size(width: 400, height: 300))
    let name = TextField(frame: Rect(x: 20, y: 20, width: 360, height: 32), placeholder: "Name")
    window.addSubview(name)

    let host = try X11Host(window: window, title: "Form")
    name.becomeFirstResponder()
    host.afterEvent = { _ in print(name.text) }
    try host.run()
}
