extension Window {
    /// Starts, continues or ends a Ctrl+Shift+U code point entry
    /// (``UnicodeEntry``) for a typing first responder.
    ///
    /// Runs after the input method had its say: IBus answers Ctrl+Shift+U
    /// itself, so with it this never starts.
    ///
    /// - Returns: Whether the entry took the press.
    func routeUnicodeEntry(_ press: KeyPress) -> Bool {
        if var entry = unicodeEntry {
            // Focus moved, or the marked text was ended by a click: the entry went with it.
            guard let owner = unicodeEntryOwner, owner === firstResponder, showsUnicodeEntry(entry, in: owner) else {
                unicodeEntry = nil
                unicodeEntryOwner = nil
                return routeUnicodeEntry(press)
            }
            switch entry.handle(press) {
            case .ignore: break
            case .update:
                unicodeEntry = entry
                showUnicodeEntry(entry, in: owner)
            case .cancel:
                finishUnicodeEntry(inserting: nil)
            case .commit(let text):
                finishUnicodeEntry(inserting: text)
            }
            return true
        }
        guard UnicodeEntry.starts(press), firstResponderInput != nil, let responder = firstResponder else { return false }
        endMarkedText(in: responder)
        let entry = UnicodeEntry()
        unicodeEntry = entry
        unicodeEntryOwner = responder
        showUnicodeEntry(entry, in: responder)
        return true
    }

    /// Whether `responder` still shows the entry's marked text (always, for one that shows none).
    private func showsUnicodeEntry(_ entry: UnicodeEntry, in responder: Responder) -> Bool {
        guard let marked = responder as? MarkedTextInput else { return true }
        return markedTextOwner === marked && marked.markedText == entry.preedit
    }

    private func showUnicodeEntry(_ entry: UnicodeEntry, in responder: Responder) {
        guard let marked = responder as? MarkedTextInput else { return }
        markedTextOwner = marked
        marked.setMarkedText(entry.preedit, attributes: MarkedTextAttributes(segments: []))
    }

    /// Ends the entry: its marked text goes, and `text` is typed in its place.
    private func finishUnicodeEntry(inserting text: String?) {
        let owner = unicodeEntryOwner
        unicodeEntry = nil
        unicodeEntryOwner = nil
        endMarkedText(in: owner)
        if let text, let input = owner as? KeyInput { input.insertText(text) }
    }
}
