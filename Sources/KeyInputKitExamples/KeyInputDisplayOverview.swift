import KeyInputDisplay

/// The KeyInputDisplay catalog's overview (and its last three lines, the README's host
/// example): a field in a window on whatever display the environment names, until it is closed.
///
/// - Throws: What opening the display or running the window throws.
@MainActor
package func keyInputDisplayOverviewExample() throws {
    let window = Window(size: Size(width: 400, height: 600))
    let field = TextField(frame: Rect(x: 20, y: 20, width: 360, height: 32))
    window.addSubview(field)
    let host = try DisplayHost.open(for: window, title: "Form")
    field.becomeFirstResponder()
    try host.run()
}
