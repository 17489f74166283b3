extension TextEditingControl {
    /// The spelling items the edit menu starts with for the word at `position`:
    /// its suggestions (up to five; "No Guesses Found", disabled, for none),
    /// then "Add to Dictionary" and "Ignore Spelling"; none for a word spelt
    /// right or with spell checking off; words in the window's language. The
    /// edit menu draws a separator after them.
    ///
    /// - Parameter position: Where the menu was opened: the click, the long press, or the caret.
    /// - Returns: The items, in order; empty for none.
    func spellingMenuElements(at position: TextPosition) -> [MenuElement] {
        guard let correction = spellingCorrection(at: editingEngine.utf8Offset(of: position)) else { return [] }
        let locale = window?.locale
        var items: [MenuElement] = correction.suggestions.map { suggestion in
            // Choosing one replaces the word as one step for Undo.
            MenuAction(title: suggestion, identifier: "spelling-suggestion") { [weak self] _ in
                self?.replaceMisspelledWord(correction, with: suggestion)
            }
        }
        if items.isEmpty {
            items.append(
                MenuAction(
                    title: ToolkitString.spellingNoGuesses.localized(for: locale), identifier: "spelling-no-guesses",
                    attributes: .disabled
                ) { _ in })
        }
        items.append(
            MenuAction(title: ToolkitString.spellingLearn.localized(for: locale), identifier: "learn-spelling") { [weak self] _ in
                self?.learnSpelling(correction)
            })
        items.append(
            MenuAction(title: ToolkitString.spellingIgnore.localized(for: locale), identifier: "ignore-spelling") { [weak self] _ in
                self?.ignoreSpelling(correction)
            })
        return items
    }
}
