import KeyInputKit

/// The example of the article *Editing text* (KeyInputKit's catalog), word for word: a text
/// view, a selection, copy and undo.
///
/// - Returns: The text view and what the pasteboard answered.
@MainActor
package func readmeTextExample() -> (notes: TextView, pasted: String?) {
    var pasted: String?
    let window = Window(size: Size(width: 480, height: 640))
    let notes = TextView(frame: Rect(x: 16, y: 16, width: 320, height: 160))
    notes.placeholder = "Notes"
    window.addSubview(notes)
    notes.becomeFirstResponder()
    notes.insertText("Grüße, мир, مرحبا")   // one undo step: a run of typing
    notes.selectedRange = 0..<7             // UTF-8 offsets, on grapheme boundaries: "Grüße"
    notes.copy()                            // Pasteboard.general: CLIPBOARD under the X11 host
    Pasteboard.general.requestString { text in pasted = text }
    notes.undo()                            // the typing goes, in one step
    return (notes, pasted)
}
