extension TextInputTraits {
    /// Whether typed straight quotes become typographic ones.
    ///
    /// On with `.yes`, and with `.default` except where quotes are literal:
    /// URL and e-mail keyboards, number and phone pads, and the URL,
    /// e-mail and password content types. Never for secure entry.
    public var usesSmartQuotes: Bool {
        switch smartQuotesType {
        case .no: false
        case .yes: !isSecureTextEntry
        case .default: !isSecureTextEntry && !typesLiteralText
        }
    }

    /// Whether typed `--` and `---` become an en and an em dash.
    ///
    /// On with `.yes`, and with `.default` except where hyphens are literal:
    /// URL and e-mail keyboards, number and phone pads, and the URL,
    /// e-mail and password content types. Never for secure entry.
    public var usesSmartDashes: Bool {
        switch smartDashesType {
        case .no: false
        case .yes: !isSecureTextEntry
        case .default: !isSecureTextEntry && !typesLiteralText
        }
    }

    /// Whether misspelt words are underlined (``TextEditingControl``).
    ///
    /// On with `.yes`, and with `.default` except where UIKit turns it off:
    /// URL and e-mail keyboards, number and phone pads, and the URL,
    /// e-mail, password and one-time-code content types. Never for secure
    /// entry, whose text is not shown.
    public var checksSpelling: Bool {
        switch spellCheckingType {
        case .no: false
        case .yes: !isSecureTextEntry
        case .default: !isSecureTextEntry && !typesLiteralText
        }
    }

    /// Whether the keyboard type or content type says the text is typed
    /// character for character: addresses, numbers, passwords, codes.
    private var typesLiteralText: Bool {
        if keyboardType.isPad { return true }
        switch keyboardType {
        case .url, .emailAddress, .namePhonePad: return true
        default: break
        }
        guard let textContentType else { return false }
        return [.url, .emailAddress, .password, .newPassword, .oneTimeCode].contains(textContentType)
    }
}

extension TextInputTraits.Autocapitalization {
    /// Whether the on-screen keyboard latches Shift for the next letter
    /// typed after `context`.
    ///
    /// - `none`: never.
    /// - `words`: at the start of the text and after a space or line break.
    /// - `sentences`: at the start of the text, after a line break, and
    ///   after a space that follows `.`, `!` or `?` (closing quotes and
    ///   brackets between them are skipped: `“Stop.” Then`).
    /// - `allCharacters`: always.
    ///
    /// - Parameter context: The text before the caret (its end is enough),
    ///   or `nil` when the responder has text but does not say what.
    /// - Returns: Whether Shift should be latched.
    public func shiftsNextLetter(after context: String?) -> Bool {
        switch self {
        case .none: return false
        case .allCharacters: return true
        case .words:
            guard let context else { return false }
            return context.last.map(\.isWhitespace) ?? true
        case .sentences:
            guard let context else { return false }
            return Self.startsSentence(after: context)
        }
    }

    private static func startsSentence(after context: String) -> Bool {
        var index = context.endIndex
        var sawSpace = false
        while index > context.startIndex {
            let previous = context.index(before: index)
            let character = context[previous]
            guard character.isWhitespace else { break }
            if character.isNewline { return true }
            sawSpace = true
            index = previous
        }
        guard index > context.startIndex else { return true }
        guard sawSpace else { return false }
        while index > context.startIndex {
            let previous = context.index(before: index)
            let character = context[previous]
            if "\"'”’)]}»".contains(character) {
                index = previous
                continue
            }
            return ".!?".contains(character)
        }
        return false
    }
}
