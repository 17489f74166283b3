import XKB

/// The README's *The `XKB` library* example, word for word: a dead key on US international.
///
/// - Parameter print: Receives what the example prints, one value a call.
/// - Throws: What the example's context or keymap throws.
package func readmeXKBLibraryExample(print: (Any) -> Void) throws {
    let context = try Context()
    let keymap = try Keymap(context: context, names: RuleNames(layout: "us", variant: "intl"))
    let decoder = KeyEventDecoder(keymap: keymap, composeTable: try? ComposeTable(context: context, locale: "en_US.UTF-8"))
    let apostrophe = try Keycode(name: "KEY_APOSTROPHE"), e = try Keycode(name: "KEY_E")
    for event in [KeyEvent(apostrophe, .down), KeyEvent(apostrophe, .up), KeyEvent(e, .down)] {
        print(decoder.decode(event).action)   // composing(dead_acute), none, insertText("é")
    }
}
