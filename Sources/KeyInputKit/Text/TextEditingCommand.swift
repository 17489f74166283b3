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
        var word: ToolkitString
        var command: TextEditingCommand
        /// Motions and deletions repeat while the key is held; clipboard and undo commands do not.
        var repeats: Bool

        /// The key command's title, in the environment's language.
        var title: String { word.localized() }
    }

    /// The editing keys of a control; `multiline` adds Up, Down, PageUp,
    /// PageDown and Ctrl+Home/End, and makes Home and End go to the line's ends.
    static func bindings(multiline: Bool) -> [Binding] {
        // The key, its modifiers, the titles of moving and of selecting, the motion.
        var motions: [(String, KeyModifierFlags, ToolkitString, ToolkitString, TextMotion)] = [
            ("Left", [], .textLeft, .textSelectLeft, .left), ("Right", [], .textRight, .textSelectRight, .right),
            ("Left", .control, .textWordLeft, .textSelectWordLeft, .wordLeft),
            ("Right", .control, .textWordRight, .textSelectWordRight, .wordRight),
            ("Home", [], .textLineStart, .textSelectLineStart, multiline ? .lineStart : .documentStart),
            ("End", [], .textLineEnd, .textSelectLineEnd, multiline ? .lineEnd : .documentEnd),
        ]
        if multiline {
            motions += [
                ("Up", [], .textUp, .textSelectUp, .up), ("Down", [], .textDown, .textSelectDown, .down),
                ("Page_Up", [], .textPageUp, .textSelectPageUp, .pageUp),
                ("Page_Down", [], .textPageDown, .textSelectPageDown, .pageDown),
                ("Home", .control, .textDocumentStart, .textSelectDocumentStart, .documentStart),
                ("End", .control, .textDocumentEnd, .textSelectDocumentEnd, .documentEnd),
            ]
        }
        var bindings: [Binding] = []
        for (input, modifiers, move, select, motion) in motions {
            // With Shift first: a command without Shift also matches a key that Shift held (as for "?").
            bindings.append(
                Binding(input: input, modifiers: modifiers.union(.shift), word: select, command: .extend(motion), repeats: true))
            bindings.append(Binding(input: input, modifiers: modifiers, word: move, command: .move(motion), repeats: true))
        }
        bindings += [
            Binding(input: "Delete", modifiers: [], word: .textDeleteForward, command: .deleteForward, repeats: true),
            Binding(
                input: "BackSpace", modifiers: .control, word: .textDeleteWordBackward, command: .deleteWordBackward,
                repeats: true),
            Binding(
                input: "Delete", modifiers: .control, word: .textDeleteWordForward, command: .deleteWordForward,
                repeats: true),
            Binding(
                input: "a", modifiers: .control, physicalKey: "KEY_A", word: .editSelectAll, command: .selectAll,
                repeats: false),
            Binding(input: "c", modifiers: .control, physicalKey: "KEY_C", word: .editCopy, command: .copy, repeats: false),
            Binding(input: "x", modifiers: .control, physicalKey: "KEY_X", word: .editCut, command: .cut, repeats: false),
            Binding(input: "v", modifiers: .control, physicalKey: "KEY_V", word: .editPaste, command: .paste, repeats: false),
            Binding(input: "z", modifiers: .control, physicalKey: "KEY_Z", word: .editUndo, command: .undo, repeats: true),
            Binding(
                input: "z", modifiers: [.control, .shift], physicalKey: "KEY_Z", word: .editRedo, command: .redo,
                repeats: true),
            Binding(input: "y", modifiers: .control, physicalKey: "KEY_Y", word: .editRedo, command: .redo, repeats: true),
        ]
        return bindings
    }
}
