import Foundation

extension TextEditingControl {
    /// The items a text control puts in its edit menu, in groups drawn
    /// between separators: spelling suggestions for the word at the menu
    /// (first), Undo and Redo, Cut, Copy, Paste and Delete, Select All, Emoji;
    /// their titles in the window's language.
    ///
    /// Each is enabled only when it can act: Undo and Redo by the undo stack;
    /// Cut, Copy and Delete with a selection (Cut and Copy are left out of a
    /// secure field); Paste once the clipboard answers that it holds text —
    /// asked without waiting, so the menu shows at once and Paste turns
    /// enabled when the answer arrives; Select All while there is text.
    func editingMenuElements(for request: EditMenuRequest) -> [MenuElement] {
        let selection = editingEngine.selection
        let hasSelection = !selection.isEmpty
        let secure = textInputTraits.isSecureTextEntry
        let at = request.trigger == .keyboard ? selection.active : position(at: convert(request.location, from: nil))
        let locale = window?.locale
        func action(_ title: ToolkitString, _ id: String, _ key: String, _ modifiers: KeyModifierFlags = .control, enabled: Bool,
            _ body: @escaping (TextEditingControl) -> Void) -> MenuAction
        {
            MenuAction(
                title: title.localized(for: locale), identifier: id, keyboardShortcut: KeyboardShortcut(key, modifiers: modifiers),
                attributes: enabled ? [] : .disabled
            ) { [weak self] _ in if let self { body(self) } }
        }
        let paste = action(.editPaste, "paste", "v", enabled: false) { $0.paste() }
        Pasteboard.general.requestString { [weak paste] text in paste?.isEnabled = !(text ?? "").isEmpty }
        var clipboard: [MenuElement] = []
        if !secure {
            clipboard.append(action(.editCut, "cut", "x", enabled: hasSelection) { $0.cut() })
            clipboard.append(action(.editCopy, "copy", "c", enabled: hasSelection) { $0.copy() })
        }
        clipboard.append(paste)
        clipboard.append(action(.editDelete, "delete", "Delete", [], enabled: hasSelection) { $0.deleteSelection() })
        let groups: [[MenuElement]] = [
            spellingMenuElements(at: at),
            [
                action(.editUndo, "undo", "z", enabled: editingEngine.canUndo) { $0.undo() },
                action(.editRedo, "redo", "z", [.control, .shift], enabled: editingEngine.canRedo) { $0.redo() },
            ],
            clipboard,
            [action(.editSelectAll, "select-all", "a", enabled: hasText) { $0.selectAll() }],
            emojiMenuElements(),
        ]
        return groups.filter { !$0.isEmpty }.map { Menu(options: .displayInline, children: $0) }
    }

    /// Deletes the selected text, as one undo step.
    func deleteSelection() {
        let selection = editingEngine.selection
        guard !selection.isEmpty else { return }
        edit { editingEngine.replace(from: selection.lowerBound, to: selection.upperBound, with: "") }
    }

    /// A right click at a point (window coordinates): the caret goes there, unless the point is inside the selection, as GTK does.
    func placeCaretForSecondaryClick(at location: Point) {
        let position = position(at: convert(location, from: nil))
        let selection = editingEngine.selection
        if !selection.isEmpty, position >= selection.lowerBound, position <= selection.upperBound { return }
        editingEngine.select(TextSelection(anchor: position, active: position))
        setNeedsDisplay()
    }
}
