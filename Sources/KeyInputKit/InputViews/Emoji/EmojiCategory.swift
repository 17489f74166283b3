/// One tab of the emoji picker: Recently used, or one of Unicode's groups.
public struct EmojiCategory: Hashable, Sendable {
    /// What a reader says for the tab (`Smileys & Emotion`).
    public var name: String
    /// The emoji drawn on the tab.
    public var icon: String
    /// The emoji the tab shows.
    public var emoji: [Emoji]
}
