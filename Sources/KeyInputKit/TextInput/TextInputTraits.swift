/// How text typed into a responder behaves and which keyboard it gets
/// (UIKit's `UITextInputTraits`, with the same members and defaults).
///
/// What each member does today:
///
/// | member | effect |
/// |---|---|
/// | ``keyboardType`` | the on-screen keyboard: full, or a number, decimal or phone pad |
/// | ``returnKeyType`` | the Return key's label, and what Return does (``ReturnKeyBehavior``) |
/// | ``enablesReturnKeyAutomatically`` | Return does nothing while the responder has no text |
/// | ``isSecureTextEntry`` | bullets, no copy or cut, no smart punctuation (in ``TextField``) |
/// | ``autocapitalizationType`` | the on-screen keyboard latches Shift for a capital |
/// | ``smartQuotesType``, ``smartDashesType`` | typed `"`, `'` and `--` become “ ” ‘ ’ – — (``TextInputTransformer``) |
/// | ``keyboardAppearance`` | `.dark` draws a dark on-screen keyboard |
/// | ``spellCheckingType`` | misspelt words are underlined in red (``checksSpelling``, ``Application/spellChecker``) |
///
/// The rest are hints, kept for input methods, which this toolkit does not
/// connect yet: ``autocorrectionType`` needs a suggestion bar, which only
/// an input method has;
/// ``textContentType`` needs an autofill source (a password manager, the
/// address book), and otherwise only turns smart punctuation off for
/// addresses and passwords; ``smartInsertDeleteType`` needs word-aware
/// pasting, which no responder here offers. Set them as on iOS, and they
/// will reach an input method unchanged.
public struct TextInputTraits: Hashable, Sendable {
    /// When to capitalize automatically.
    public enum Autocapitalization: Hashable, Sendable { case none, words, sentences, allCharacters }
    /// Whether to autocorrect.
    public enum Autocorrection: Hashable, Sendable { case `default`, no, yes }
    /// Whether to check spelling.
    public enum SpellChecking: Hashable, Sendable { case `default`, no, yes }
    /// Whether to turn straight quotes into typographic ones.
    public enum SmartQuotes: Hashable, Sendable { case `default`, no, yes }
    /// Whether to turn `--` into a dash.
    public enum SmartDashes: Hashable, Sendable { case `default`, no, yes }
    /// Whether to add and remove spaces around pasted words.
    public enum SmartInsertDelete: Hashable, Sendable { case `default`, no, yes }

    /// Which on-screen keyboard to show.
    public enum KeyboardType: Hashable, Sendable, CaseIterable {
        case `default`, asciiCapable, numbersAndPunctuation, url, numberPad, phonePad, namePhonePad
        case emailAddress, decimalPad, twitter, webSearch, asciiCapableNumberPad

        /// Whether the keyboard is a small pad of digits rather than a full keyboard.
        public var isPad: Bool { [.numberPad, .phonePad, .decimalPad, .asciiCapableNumberPad].contains(self) }
    }

    /// Light or dark keys.
    public enum KeyboardAppearance: Hashable, Sendable { case `default`, dark, light }

    /// What the Return key is labelled and does.
    public enum ReturnKeyType: Hashable, Sendable, CaseIterable {
        case `default`, go, google, join, next, route, search, send, yahoo, done, emergencyCall, `continue`

        /// The label of the Return key, in English; ``localizedTitle(for:)`` gives it in a window's language.
        public var title: String {
            switch self {
            case .default: "⏎"
            case .go: "Go"
            case .google, .yahoo, .search: "Search"
            case .join: "Join"
            case .next: "Next"
            case .route: "Route"
            case .send: "Send"
            case .done: "Done"
            case .emergencyCall: "Emergency"
            case .continue: "Continue"
            }
        }

        /// What pressing Return does with this type.
        public var behavior: ReturnKeyBehavior {
            switch self {
            case .default: .insertNewline
            case .next: .focusNext
            case .done: .resign
            default: .performAction
            }
        }
    }

    /// What the text is, so that autofill can offer the right thing.
    public struct ContentType: RawRepresentable, Hashable, Sendable {
        /// The type's name, in the HTML `autocomplete` attribute's words (`email`, `one-time-code`).
        public let rawValue: String
        /// Creates a content type from its name; types not listed here are welcome.
        public init(rawValue: String) { self.rawValue = rawValue }
        /// A full name.
        public static let name = ContentType(rawValue: "name")
        /// A first (given) name.
        public static let givenName = ContentType(rawValue: "given-name")
        /// A last (family) name.
        public static let familyName = ContentType(rawValue: "family-name")
        /// An e-mail address.
        public static let emailAddress = ContentType(rawValue: "email")
        /// A telephone number.
        public static let telephoneNumber = ContentType(rawValue: "tel")
        /// A user name for signing in.
        public static let username = ContentType(rawValue: "username")
        /// An existing password: secure entry, never suggested or remembered.
        public static let password = ContentType(rawValue: "password")
        /// A password being chosen.
        public static let newPassword = ContentType(rawValue: "new-password")
        /// A one-time code, such as one sent by text message.
        public static let oneTimeCode = ContentType(rawValue: "one-time-code")
        /// A web address.
        public static let url = ContentType(rawValue: "url")
        /// A postal code.
        public static let postalCode = ContentType(rawValue: "postal-code")
        /// A date, a time, or both.
        public static let dateTime = ContentType(rawValue: "date-time")
    }

    /// When the on-screen keyboard latches Shift by itself: at the start of
    /// each sentence (the default), each word, always, or never.
    ///
    /// Shift latched this way releases after one key, as a tapped Shift
    /// does. Hardware keyboards are not affected: their Shift is the user's.
    /// See ``Autocapitalization/shiftsNextLetter(after:)``.
    public var autocapitalizationType: Autocapitalization = .sentences
    /// Whether to autocorrect: a hint for input methods, which alone have
    /// the dictionary and suggestions it needs; nothing here acts on it.
    public var autocorrectionType: Autocorrection = .default
    /// Whether to underline misspelt words: `.default` checks them except in
    /// secure fields, addresses and number pads; `.yes` and `.no` turn it on
    /// and off. See ``checksSpelling``; input methods are told too.
    public var spellCheckingType: SpellChecking = .default
    /// Whether typed `"` and `'` become “ ” and ‘ ’ by context (an apostrophe
    /// inside a word is ’). `.default` is on except for secure entry,
    /// URL and e-mail keyboards, pads, and address or password content.
    /// See ``usesSmartQuotes`` and ``TextInputTransformer``.
    public var smartQuotesType: SmartQuotes = .default
    /// Whether typed `--` becomes – and `---` becomes —, on the same terms
    /// as ``smartQuotesType``. See ``usesSmartDashes``.
    public var smartDashesType: SmartDashes = .default
    /// Whether pasting a word adds or removes the spaces around it: a hint,
    /// since no responder here pastes word by word yet.
    public var smartInsertDeleteType: SmartInsertDelete = .default
    /// Which on-screen keyboard to show: the full keyboard, or a pad.
    public var keyboardType: KeyboardType = .default
    /// Light or dark on-screen keys: `.dark` draws grey keys with white
    /// labels on near-black; `.default` and `.light` draw light keys.
    public var keyboardAppearance: KeyboardAppearance = .default
    /// The Return key's label and what Return does.
    public var returnKeyType: ReturnKeyType = .default
    /// Whether Return is disabled while the responder has no text.
    public var enablesReturnKeyAutomatically = false
    /// Whether the text is hidden as it is typed, and cannot be copied.
    public var isSecureTextEntry = false
    /// What the text is, or `nil`: a hint for autofill, which needs a source
    /// (a password manager, the address book) that input methods bring. The
    /// URL, e-mail and password types turn smart quotes and dashes off.
    public var textContentType: ContentType?
    /// Whether Ctrl+. and the edit menu offer the emoji picker: `.default`
    /// does except for secure fields and number and phone pads. See ``showsEmojiPicker``.
    public var emojiInputType: EmojiInput = .default

    /// Traits with UIKit's defaults.
    public init() {}

    /// Traits with some members set: `TextInputTraits(keyboardType: .numberPad, returnKeyType: .done)`.
    public init(
        keyboardType: KeyboardType = .default, returnKeyType: ReturnKeyType = .default,
        autocapitalizationType: Autocapitalization = .sentences, enablesReturnKeyAutomatically: Bool = false,
        isSecureTextEntry: Bool = false, textContentType: ContentType? = nil
    ) {
        self.keyboardType = keyboardType
        self.returnKeyType = returnKeyType
        self.autocapitalizationType = autocapitalizationType
        self.enablesReturnKeyAutomatically = enablesReturnKeyAutomatically
        self.isSecureTextEntry = isSecureTextEntry
        self.textContentType = textContentType
    }
}

/// What Return does, decided by ``TextInputTraits/ReturnKeyType``.
public enum ReturnKeyBehavior: Hashable, Sendable {
    /// Insert a newline (`insertText("\n")`).
    case insertNewline
    /// Move focus to the next field.
    case focusNext
    /// Resign first responder (the keyboard goes away).
    case resign
    /// Call the responder's ``KeyInput/performReturnKeyAction()`` (go, send, search…).
    case performAction
}
