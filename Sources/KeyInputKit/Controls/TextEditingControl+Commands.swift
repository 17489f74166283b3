extension TextEditingControl {
    /// The key commands for ``TextEditingCommand/bindings(multiline:)``.
    func makeEditingKeyCommands() -> [KeyCommand] {
        TextEditingCommand.bindings(multiline: wrapsLines).map { binding in
            let command = binding.command
            return KeyCommand(
                input: binding.input, modifiers: binding.modifiers, physicalKey: binding.physicalKey,
                title: binding.title,
                repeats: binding.repeats
            ) { [weak self] in self?.perform(command) }
        }
    }

    func performEditing(_ command: TextEditingCommand) {
        switch command {
        case .move(let motion): editingEngine.move(motion)
        case .extend(let motion): editingEngine.move(motion, extending: true)
        case .deleteForward: edit { editingEngine.deleteForward() }
        case .deleteWordBackward: edit { editingEngine.deleteWordBackward() }
        case .deleteWordForward: edit { editingEngine.deleteWordForward() }
        case .selectAll: editingEngine.selectAll()
        case .copy: copy()
        case .cut: cut()
        case .paste: paste()
        case .undo: undo()
        case .redo: redo()
        }
    }

    /// Undoes the last run of typing, run of deletions, or cut or paste.
    public func undo() { edit { editingEngine.undo() } }
    /// Redoes what ``undo()`` undid.
    public func redo() { edit { editingEngine.redo() } }

    /// Selects all text.
    public func selectAll() { editingEngine.selectAll() }

    // MARK: Pasteboard

    /// Copies the selection to the pasteboard — unless the text is secure.
    ///
    /// - Parameter pasteboard: Where the text goes; the general pasteboard by default.
    /// - Returns: Whether anything was copied.
    @discardableResult
    public func copy(to pasteboard: Pasteboard = .general) -> Bool {
        guard !textInputTraits.isSecureTextEntry, let selected = selectedText else { return false }
        pasteboard.string = selected
        return true
    }

    /// Cuts the selection to the pasteboard — unless the text is secure.
    ///
    /// - Parameter pasteboard: Where the text goes; the general pasteboard by default.
    /// - Returns: Whether anything was cut.
    @discardableResult
    public func cut(to pasteboard: Pasteboard = .general) -> Bool {
        guard copy(to: pasteboard) else { return false }
        let selection = editingEngine.selection
        edit { editingEngine.replace(from: selection.lowerBound, to: selection.upperBound, with: "") }
        return true
    }

    /// Pastes the pasteboard's text at the caret, replacing the selection,
    /// as one undo step. The text may come later, when another program
    /// owns the pasteboard (``Pasteboard/requestString(_:)``); until it
    /// lands, the window holds the keys and clicks that follow
    /// (``Window/beginWaitingForPaste()``), so that what is typed meanwhile
    /// goes after it, in order.
    ///
    /// - Parameter pasteboard: Where the text comes from; the general pasteboard by default.
    public func paste(from pasteboard: Pasteboard = .general) {
        weak let window = self.window
        window?.beginWaitingForPaste()
        pasteboard.requestString { [weak self] string in
            if let self, let string, !string.isEmpty {
                self.edit { self.editingEngine.insertText(string, kind: .other) }
            }
            window?.endWaitingForPaste()
        }
    }
}
