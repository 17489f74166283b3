import XKB

/// The XKB catalog's *Getting started* article, its examples in order.
///
/// It needs a `keymaps` folder in the current directory, as the article's first line says.
///
/// - Parameter print: Receives what the examples print, one value a call.
/// - Throws: What the article's context, keymap or key names throw.
package func xkbGettingStartedExample(print: (Any) -> Void) throws {
    let context = try Context(includePaths: ["keymaps"])   // your folders first, then the system's
    let keymap = try Keymap(context: context, names: RuleNames(layout: "de", variant: "nodeadkeys"))
    print(keymap.names!)   // rules=evdev model=pc105 layout=de variant=nodeadkeys options=

    do {
        _ = try Keymap(context: context, contentsOfFile: "broken.xkb")
    } catch let error as XKBError {
        print(error)   // broken.xkb:5:2: keymap does not compile
                       //   broken.xkb:5:2: syntax error
    }

    let state = KeyboardState(keymap: keymap)
    let shift = try Keycode(name: "KEY_LEFTSHIFT")
    let y = try Keycode(name: "KEY_Y")      // Z on a German keyboard
    state.updateKey(shift, direction: .down)
    print(state.text(of: y))                // "Z"

    let compose = try? ComposeTable(context: context, locale: "en_US.UTF-8")
    let decoder = KeyEventDecoder(keymap: keymap, composeTable: compose)
    for event in [KeyEvent(try Keycode(name: "KEY_EQUAL"), .down), KeyEvent(try Keycode(name: "KEY_E"), .down)] {
        print(decoder.decode(event).action)
    }
}
