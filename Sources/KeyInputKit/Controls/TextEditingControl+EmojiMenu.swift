extension TextEditingControl {
    /// The edit menu's "Emoji" item, which shows the emoji picker; none where emoji are turned off.
    ///
    /// - Returns: The items, in order; empty for none.
    func emojiMenuElements() -> [MenuElement] {
        guard textInputTraits.showsEmojiPicker else { return [] }
        // Ctrl+. is shown, the key GTK and this toolkit use for the same picker.
        return [
            MenuAction(
                title: ToolkitString.editEmoji.localized(for: window?.locale), identifier: "emoji",
                keyboardShortcut: KeyboardShortcut(".", modifiers: .control)
            ) {
                [weak self] _ in
                guard let self, let window = self.window else { return }
                window.showEmojiPicker(for: self)
            }
        ]
    }
}
