/// What a text control's editing keys do: each key command of a
/// ``TextField`` or ``TextView`` performs one of these.
///
/// An app that wants another key for a command replaces the control's key
/// command (override ``Responder/keyCommands`` in a subclass) and calls
/// ``TextEditingControl/perform(_:)`` from its own.
public enum TextEditingCommand: Hashable, Sendable {
    /// Moves the caret (Left, Right, Ctrl+Left, Home, Up, PageDown…).
    case move(TextMotion)
    /// Extends the selection (the same keys with Shift).
    case extend(TextMotion)
    /// Delete: the selection or the grapheme after the caret.
    case deleteForward
    /// Ctrl+BackSpace: back to the start of the word.
    case deleteWordBackward
    /// Ctrl+Delete: on to the end of the word.
    case deleteWordForward
    /// Ctrl+A.
    case selectAll
    /// Ctrl+C: the selection to the clipboard (never from secure entry).
    case copy
    /// Ctrl+X: the selection to the clipboard, and deleted (never from secure entry).
    case cut
    /// Ctrl+V: the clipboard's text at the caret.
    case paste
    /// Ctrl+Z.
    case undo
    /// Ctrl+Shift+Z and Ctrl+Y.
    case redo

    /// One binding: a key with modifiers, and the command it performs.
    struct Binding {
        var input: String
        var modifiers: KeyModifierFlags
        var physicalKey: String?
        var title: String
        var command: TextEditingCommand
        /// Motions and deletions repeat while the key is held; clipboard and undo commands do not.
        var repeats: Bool
    }

    /// The editing keys of a control; `multiline` adds Up, Down, PageUp,
    /// PageDown and Ctrl+Home/End, and makes Home and End go to the line's ends.
    static func bindings(multiline: Bool) -> [Binding] {
        var motions: [(String, KeyModifierFlags, String, TextMotion)] = [
            ("Left", [], "Left", .left), ("Right", [], "Right", .right),
            ("Left", .control, "Word Left", .wordLeft), ("Right", .control, "Word Right", .wordRight),
            ("Home", [], "Line Start", multiline ? .lineStart : .documentStart),
            ("End", [], "Line End", multiline ? .lineEnd : .documentEnd),
        ]
        if multiline {
            motions += [
                ("Up", [], "Up", .up), ("Down", [], "Down", .down),
                ("Page_Up", [], "Page Up", .pageUp), ("Page_Down", [], "Page Down", .pageDown),
                ("Home", .control, "Start", .documentStart), ("End", .control, "End", .documentEnd),
            ]
        }
        var bindings: [Binding] = []
        for (input, modifiers, title, motion) in motions {
            // With Shift first: a command without Shift also matches a key that Shift held (as for "?").
            bindings.append(
                Binding(
                    input: input, modifiers: modifiers.union(.shift), title: "Select " + title,
                    command: .extend(motion),
                    repeats: true))
            bindings.append(
                Binding(input: input, modifiers: modifiers, title: title, command: .move(motion), repeats: true))
        }
        bindings += [
            Binding(input: "Delete", modifiers: [], title: "Delete", command: .deleteForward, repeats: true),
            Binding(
                input: "BackSpace", modifiers: .control, title: "Delete Word Backward", command: .deleteWordBackward,
                repeats: true),
            Binding(
                input: "Delete", modifiers: .control, title: "Delete Word Forward", command: .deleteWordForward,
                repeats: true),
            Binding(
                input: "a", modifiers: .control, physicalKey: "KEY_A", title: "Select All", command: .selectAll,
                repeats: false),
            Binding(
                input: "c", modifiers: .control, physicalKey: "KEY_C", title: "Copy", command: .copy, repeats: false),
            Binding(input: "x", modifiers: .control, physicalKey: "KEY_X", title: "Cut", command: .cut, repeats: false),
            Binding(
                input: "v", modifiers: .control, physicalKey: "KEY_V", title: "Paste", command: .paste, repeats: false),
            Binding(
                input: "z", modifiers: .control, physicalKey: "KEY_Z", title: "Undo", command: .undo, repeats: true),
            Binding(
                input: "z", modifiers: [.control, .shift], physicalKey: "KEY_Z", title: "Redo", command: .redo,
                repeats: true),
            Binding(
                input: "y", modifiers: .control, physicalKey: "KEY_Y", title: "Redo", command: .redo, repeats: true),
        ]
        return bindings
    }
}
