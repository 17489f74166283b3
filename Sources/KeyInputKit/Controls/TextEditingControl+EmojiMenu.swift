extension TextEditingControl {
    /// The edit menu's "Emoji" item, which shows the emoji picker; none where emoji are turned off.
    ///
    /// - Returns: The items, in order; empty for none.
    func emojiMenuElements() -> [MenuElement] { [] }
}
