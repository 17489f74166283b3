/// What kind of text the focused responder takes, from its traits, for an
/// input method to choose its behaviour (GTK's input purpose and hints).
public struct InputMethodContext: Hashable, Sendable {
    /// The kind of text.
    public enum Purpose: Hashable, Sendable {
        /// Any text.
        case freeForm
        /// Digits only (a number pad).
        case digits
        /// A number, with punctuation.
        case number
        /// A phone number.
        case phone
        /// A URL.
        case url
        /// An e-mail address.
        case email
        /// A person's name.
        case name
    }

    /// Hints about the text.
    public struct Hints: OptionSet, Hashable, Sendable {
        public let rawValue: UInt32
        public init(rawValue: UInt32) { self.rawValue = rawValue }
        /// Check spelling.
        public static let spellCheck = Hints(rawValue: 1 << 0)
        /// Do not check spelling.
        public static let noSpellCheck = Hints(rawValue: 1 << 1)
        /// Suggest completions.
        public static let wordCompletion = Hints(rawValue: 1 << 2)
        /// Capitalize every letter.
        public static let uppercaseCharacters = Hints(rawValue: 1 << 4)
        /// Capitalize the first letter of each word.
        public static let uppercaseWords = Hints(rawValue: 1 << 5)
        /// Capitalize the first letter of each sentence.
        public static let uppercaseSentences = Hints(rawValue: 1 << 6)
    }

    /// The kind of text.
    public var purpose: Purpose
    /// Hints about it.
    public var hints: Hints

    /// Creates a context.
    ///
    /// - Parameters:
    ///   - purpose: The kind of text.
    ///   - hints: Hints about it.
    public init(purpose: Purpose = .freeForm, hints: Hints = []) {
        self.purpose = purpose
        self.hints = hints
    }

    /// The context of a responder with these traits: the keyboard type
    /// gives the purpose; autocapitalization, spell checking and
    /// autocorrection give the hints.
    ///
    /// - Parameter traits: The responder's traits (secure entry takes no input method at all).
    public init(traits: TextInputTraits) {
        let purpose: Purpose =
            switch traits.keyboardType {
            case .numberPad, .asciiCapableNumberPad: .digits
            case .decimalPad, .numbersAndPunctuation: .number
            case .phonePad: .phone
            case .url, .webSearch: .url
            case .emailAddress: .email
            case .namePhonePad: .name
            case .default, .asciiCapable, .twitter: .freeForm
            }
        var hints: Hints = []
        switch traits.autocapitalizationType {
        case .none: break
        case .words: hints.insert(.uppercaseWords)
        case .sentences: hints.insert(.uppercaseSentences)
        case .allCharacters: hints.insert(.uppercaseCharacters)
        }
        switch traits.spellCheckingType {
        case .yes: hints.insert(.spellCheck)
        case .no: hints.insert(.noSpellCheck)
        case .default: break
        }
        if traits.autocorrectionType == .yes { hints.insert(.wordCompletion) }
        self.init(purpose: purpose, hints: hints)
    }
}
