import XKB

/// Typing a character by its code point with no input method, as GTK's
/// simple input method does: Ctrl+Shift+U, then hexadecimal digits, then
/// Space or Return. The digits show as marked text, `u20ac`; BackSpace
/// takes the last one back, Escape cancels.
///
/// Pure state: ``Window`` feeds it the key presses that arrive while it runs
/// and does what ``handle(_:)`` answers.
struct UnicodeEntry: Equatable {
    /// The most digits an entry takes: U+10FFFF has six.
    static let maximumDigits = 6

    /// What the window does with a key press during an entry.
    enum Outcome: Equatable {
        /// Show ``UnicodeEntry/preedit`` again: a digit was added or taken back.
        case update
        /// End the entry and insert this character.
        case commit(String)
        /// End the entry and insert nothing.
        case cancel
        /// Swallow the key, keep the entry as it is (GTK beeps here).
        case ignore
    }

    /// The hexadecimal digits typed so far, lowercase.
    private(set) var digits = ""

    /// What the responder shows while the entry runs: `u` and the digits.
    var preedit: String { "u" + digits }

    /// The character the digits name, if they name one a text can hold.
    var character: String? {
        guard !digits.isEmpty, let value = UInt32(digits, radix: 16), let scalar = Unicode.Scalar(value) else { return nil }
        return String(Character(scalar))
    }

    /// Whether a press starts an entry: Ctrl+Shift+U and nothing else held,
    /// on any layout (the key's Latin letter counts on a Cyrillic one).
    static func starts(_ press: KeyPress) -> Bool {
        guard press.phase == .began, press.modifiers.significant == [.control, .shift] else { return false }
        return press.charactersIgnoringModifiers.lowercased() == "u" || press.latinFallback?.lowercased() == "u"
    }

    /// Takes one key press of the entry.
    mutating func handle(_ press: KeyPress) -> Outcome {
        guard press.phase == .began else { return .ignore }
        let keysym = press.keysym
        switch keysym {
        case .escape:
            return .cancel
        case .backSpace:
            guard !digits.isEmpty else { return .cancel }
            digits.removeLast()
            return .update
        case .space, .return, .keypadEnter, Self.keypadSpace:
            guard !digits.isEmpty else { return .cancel }
            // Digits that name no character (a surrogate, past U+10FFFF) stay to be corrected.
            return character.map { .commit($0) } ?? .ignore
        default:
            guard let digit = Self.hexDigit(of: press) else { return .ignore }
            guard digits.count < Self.maximumDigits else { return .ignore }
            digits.append(digit)
            return .update
        }
    }

    private static let keypadSpace = Keysym(0xff80)

    /// The hexadecimal digit a key types, with or without Ctrl+Shift still
    /// held, or its Latin letter on a layout whose letters are not Latin.
    private static func hexDigit(of press: KeyPress) -> Character? {
        let candidates = [press.characters, press.charactersIgnoringModifiers, press.latinFallback ?? ""]
        for text in candidates where text.count == 1 {
            let character = Character(text.lowercased())
            if character.isHexDigit, character.isASCII { return character }
        }
        return nil
    }
}
