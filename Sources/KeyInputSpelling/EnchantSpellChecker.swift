import KeyInputKit
import Logging

/// A ``SpellChecker`` on enchant-2 and the dictionaries installed for it
/// (Debian's `hunspell-en-us`, `hunspell-de-de`, `hunspell-fr`…).
///
/// Enchant starts at the first question, not at creation, so a program
/// that never checks a word pays nothing. Answers are kept per word and
/// dictionary. A language with no dictionary installed gives one notice in
/// the log and no answers — text in it is left unmarked; enchant that
/// cannot start gives one error line and the same.
///
/// ```swift
/// application.spellChecker = EnchantSpellChecker()
/// ```
///
/// Words pass to enchant as Swift strings, always valid UTF-8; words longer
/// than ``longestWord`` bytes or holding control characters are accepted
/// without asking.
@MainActor
public final class EnchantSpellChecker: SpellChecker {
    /// Words longer than this many UTF-8 bytes are not checked (hunspell's own limit is near it).
    public static let longestWord = 100

    /// Where words the person adds are kept, or `nil` for enchant's own
    /// personal dictionaries (`~/.config/enchant/<tag>.dic`).
    public let personalDictionaryFolder: String?

    private let logger: Logger
    private var started = false
    private var broker: EnchantBroker?
    private var installed: [String] = []
    private var chosen: [String: String?] = [:]
    private var answers: [String: [String: Bool]] = [:]
    private var answerCount = 0
    private var ignored: Set<String> = []
    /// The languages a notice said have no dictionary, by ISO code.
    private var reportedMissing: Set<String> = []

    /// Creates a checker; enchant starts at the first question.
    ///
    /// - Parameters:
    ///   - personalDictionaryFolder: A folder for the words the person
    ///     adds, one `<tag>.dic` file per dictionary; `nil` for enchant's own.
    ///   - logger: Where the notices about missing dictionaries go.
    public init(
        personalDictionaryFolder: String? = nil, logger: Logger = Logger(label: "KeyInputSpelling.Enchant")
    ) {
        self.personalDictionaryFolder = personalDictionaryFolder
        self.logger = logger
    }

    /// The tags of the dictionaries installed, such as `["de_DE", "en_US", "fr"]`.
    public var installedDictionaries: [String] {
        start()
        return installed
    }

    /// The installed dictionary for a language (`en` gives `en_US`), or `nil`, said once in the log.
    public func dictionary(forLanguage language: String) -> String? {
        if let known = chosen[language] { return known }
        start()
        let parsed = SpellingLanguage(language)
        let tag = parsed?.bestDictionary(among: installed)
        chosen[language] = tag
        if tag == nil, broker != nil, reportedMissing.insert(parsed?.code ?? language).inserted {
            logger.notice(
                "no spelling dictionary for \"\(language)\": its words are not checked",
                metadata: ["installed": "\(installed.joined(separator: " "))"])
        }
        return tag
    }

    /// Whether the dictionary, the personal word list or this session accepts the word; remembered per word.
    public func isCorrect(_ word: String, dictionary: String) -> Bool {
        if let known = answers[dictionary]?[word] { return known }
        let answer = ask(word, dictionary)
        if answerCount > 100_000 {
            answers = [:]  // a bound on memory: an editor's vocabulary fits many times over
            answerCount = 0
        }
        answers[dictionary, default: [:]][word] = answer
        answerCount += 1
        return answer
    }

    private func ask(_ word: String, _ tag: String) -> Bool {
        guard Self.isCheckable(word), !ignored.contains(word), let broker, let dictionary = broker.dictionary(tag) else {
            return true
        }
        if EnchantDictionary.check(dictionary, word) ?? true { return true }
        if let list = personalList(for: tag), EnchantDictionary.check(list, word) == true { return true }
        return false
    }

    /// Enchant's suggestions for a word, the likeliest first.
    public func suggestions(for word: String, dictionary tag: String) -> [String] {
        guard Self.isCheckable(word), let dictionary = broker?.dictionary(tag) else { return [] }
        return EnchantDictionary.suggest(dictionary, word)
    }

    /// Adds a word to the personal word list (``personalDictionaryFolder``) or enchant's own.
    public func learnWord(_ word: String, dictionary tag: String) {
        guard Self.isCheckable(word), let broker else { return }
        if let list = personalList(for: tag) {
            EnchantDictionary.add(list, word, sessionOnly: false)
        } else if let dictionary = broker.dictionary(tag) {
            EnchantDictionary.add(dictionary, word, sessionOnly: false)
        }
        answers[tag]?[word] = true
    }

    /// Accepts a word in every dictionary until the process ends.
    public func ignoreWord(_ word: String) {
        ignored.insert(word)
        for tag in answers.keys { answers[tag]?[word] = true }
    }

    /// Starts enchant and lists its dictionaries, once.
    private func start() {
        guard !started else { return }
        started = true
        broker = EnchantBroker()
        if let broker {
            installed = broker.installedTags()
        } else {
            logger.error("enchant-2 did not start: no words are checked")
        }
    }

    private func personalList(for tag: String) -> OpaquePointer? {
        guard let folder = personalDictionaryFolder, let broker else { return nil }
        return broker.wordList(at: "\(folder)/\(tag).dic")
    }

    /// Whether a word may go to enchant: not empty, not too long, no control characters.
    static func isCheckable(_ word: String) -> Bool {
        !word.isEmpty && word.utf8.count <= longestWord
            && !word.unicodeScalars.contains { $0.properties.generalCategory == .control || $0.value == 0xFFFD }
    }
}
