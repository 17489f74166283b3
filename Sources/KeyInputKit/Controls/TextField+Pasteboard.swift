extension TextField {
    /// Copies the selection to the pasteboard — unless the field is secure.
    ///
    /// - Parameter pasteboard: Where the text goes; the general pasteboard by default.
    /// - Returns: Whether anything was copied.
    @discardableResult
    public func copy(to pasteboard: Pasteboard = .general) -> Bool {
        guard !textInputTraits.isSecureTextEntry, let selected = selectedText else { return false }
        pasteboard.string = selected
        return true
    }

    /// Cuts the selection to the pasteboard — unless the field is secure.
    ///
    /// - Parameter pasteboard: Where the text goes; the general pasteboard by default.
    /// - Returns: Whether anything was cut.
    @discardableResult
    public func cut(to pasteboard: Pasteboard = .general) -> Bool {
        guard copy(to: pasteboard), let selection else { return false }
        replace(selection, with: "")
        return true
    }

    /// Pastes the pasteboard's text at the caret, replacing the selection.
    ///
    /// - Parameter pasteboard: Where the text comes from; the general pasteboard by default.
    public func paste(from pasteboard: Pasteboard = .general) {
        guard let string = pasteboard.string else { return }
        insertText(string)
    }
}
