/// Checks the spelling of words against the dictionaries of languages:
/// what a ``TextEditingControl`` asks to underline misspelt words and to
/// offer their corrections.
///
/// `KeyInputKit` holds no dictionary; the `KeyInputSpelling` module's
/// `EnchantSpellChecker` answers with enchant-2 and the system's hunspell
/// dictionaries, and the display host gives every application one
/// (``Application/spellChecker``).
///
/// Languages are named as the checker's dictionaries are (`en_US`, `de_DE`);
/// ``dictionary(forLanguage:)`` finds the dictionary for any other name of a
/// language (`en`, `deu`, `de_AT.UTF-8`). Every method is called on the main
/// actor, so a checker owns its dictionaries alone.
@MainActor
public protocol SpellChecker: AnyObject {
    /// The dictionary that checks a language, or `nil` when none is installed.
    ///
    /// A checker without a dictionary for a language says so once, in its log,
    /// and never fails: the text is then left unmarked.
    ///
    /// - Parameter language: An ISO 639-1 code (`de`), a tag (`de_DE`), or a
    ///   locale name (`de_DE.UTF-8`).
    /// - Returns: The dictionary's tag, such as `de_DE`.
    func dictionary(forLanguage language: String) -> String?

    /// Whether a word is spelt correctly: in the dictionary, added to the
    /// personal dictionary, or ignored for this session.
    ///
    /// - Parameters:
    ///   - word: One word, without spaces around it.
    ///   - dictionary: A tag ``dictionary(forLanguage:)`` returned.
    func isCorrect(_ word: String, dictionary: String) -> Bool

    /// Corrections for a misspelt word, the likeliest first.
    ///
    /// - Parameters:
    ///   - word: The misspelt word.
    ///   - dictionary: A tag ``dictionary(forLanguage:)`` returned.
    func suggestions(for word: String, dictionary: String) -> [String]

    /// Adds a word to the person's own dictionary for a language, kept across sessions.
    ///
    /// - Parameters:
    ///   - word: The word to accept from now on.
    ///   - dictionary: A tag ``dictionary(forLanguage:)`` returned.
    func learnWord(_ word: String, dictionary: String)

    /// Accepts a word in every language until the process ends.
    ///
    /// - Parameter word: The word to accept.
    func ignoreWord(_ word: String)
}
