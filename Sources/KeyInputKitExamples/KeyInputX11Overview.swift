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

/// The KeyInputX11 catalog's copy and paste: text offered to other programs, and theirs read.
///
/// - Parameter window: The window to show.
/// - Throws: What connecting to the display or running the window throws.
@MainActor
package func keyInputX11ClipboardExample(window: Window) throws {
    let host = try X11Host(window: window, title: "Notes")
    host.selectionTimeout = 5  // wait longer for slow programs

    // Copy: Ctrl+V in another program (or xclip -o) pastes it now.
    Pasteboard.general.string = "Grüße, мир"

    // Paste: what another program copied, once it has sent it all.
    Pasteboard.general.requestString { text in
        print(text ?? "nothing to paste")
    }
    try host.run()
}
