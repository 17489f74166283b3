extension TextInputTraits {
    /// Whether a field offers the emoji picker (GTK's `GTK_INPUT_HINT_NO_EMOJI` turns it off).
    public enum EmojiInput: Hashable, Sendable {
        /// Offered except in secure fields and number, decimal and phone pads.
        case `default`
        /// Never offered: a terminal-like or number field.
        case no
        /// Offered, even where `.default` would not (a secure field never offers it).
        case yes
    }

    /// Whether Ctrl+., Ctrl+; and the edit menu's Emoji item show the emoji
    /// picker for a responder with these traits (``emojiInputType``).
    ///
    /// On with `.yes`, and with `.default` except for number, decimal and
    /// phone pads; never for secure entry, whose text is not shown.
    public var showsEmojiPicker: Bool {
        switch emojiInputType {
        case .no: false
        case .yes: !isSecureTextEntry
        case .default: !isSecureTextEntry && !keyboardType.isPad
        }
    }
}
