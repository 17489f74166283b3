import Foundation

/// Finds emoji by the words of their names and keywords in one language:
/// each word of a query must begin a word of the emoji's name or keywords,
/// case and accents aside (`coeur` finds `cœur`).
///
/// Best first: a name that is the whole query, then names that begin with
/// it, then a keyword that is the whole query, then the rest, each in
/// Unicode's order.
public struct EmojiSearchIndex: Sendable {
    private struct Entry: Sendable {
        var emoji: Emoji
        /// The folded name, and every folded keyword.
        var name: String
        var keywords: [String]
        /// The words of the name and keywords, folded.
        var words: [String]
    }

    private var entries: [Entry] = []

    /// Indexes the catalog's emoji with the annotations' names and keywords.
    ///
    /// An emoji the annotations do not name is found by nothing: a search
    /// in French does not match English names.
    ///
    /// - Parameters:
    ///   - catalog: The emoji.
    ///   - annotations: Their names and keywords in the user's language.
    public init(catalog: EmojiCatalog, annotations: EmojiAnnotations) {
        for emoji in catalog.allEmoji {
            let keywords = annotations.keywords(for: emoji.character)
            guard let name = annotations.name(for: emoji.character) ?? (keywords.isEmpty ? nil : keywords[0]) else {
                continue
            }
            let foldedName = Self.fold(name)
            let foldedKeywords = keywords.map(Self.fold)
            let words = Set(([foldedName] + foldedKeywords).flatMap(Self.words))
            entries.append(Entry(emoji: emoji, name: foldedName, keywords: foldedKeywords, words: Array(words)))
        }
    }

    /// Whether nothing can be found (no names were read).
    public var isEmpty: Bool { entries.isEmpty }

    /// The emoji whose names or keywords match `query`, best first.
    ///
    /// - Parameter query: Words as typed; an empty query finds nothing.
    /// - Returns: The matches.
    public func search(_ query: String) -> [Emoji] {
        let folded = Self.fold(query).trimmingCharacters(in: .whitespaces)
        let queryWords = Self.words(folded)
        guard !queryWords.isEmpty else { return [] }
        var ranked: [(rank: Int, order: Int, emoji: Emoji)] = []
        for (order, entry) in entries.enumerated() {
            let matches = queryWords.allSatisfy { word in entry.words.contains { $0.hasPrefix(word) } }
            guard matches else { continue }
            let rank =
                entry.name == folded ? 0 : entry.name.hasPrefix(folded) ? 1 : entry.keywords.contains(folded) ? 2 : 3
            ranked.append((rank, order, entry.emoji))
        }
        return ranked.sorted { ($0.rank, $0.order) < ($1.rank, $1.order) }.map(\.emoji)
    }

    /// Lower case, accents dropped, ligatures spelled out: `Cœur` → `coeur`.
    static func fold(_ text: String) -> String {
        // Most names are ASCII: lower case needs no tables.
        if text.utf8.allSatisfy({ $0 < 0x80 }) {
            return String(decoding: text.utf8.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }, as: UTF8.self)
        }
        var folded = String.UnicodeScalarView()
        for scalar in text.lowercased().decomposedStringWithCanonicalMapping.unicodeScalars {
            switch scalar {
            case "œ": folded.append(contentsOf: "oe".unicodeScalars)
            case "æ": folded.append(contentsOf: "ae".unicodeScalars)
            case "ß": folded.append(contentsOf: "ss".unicodeScalars)
            case "ø": folded.append("o")
            case "ł": folded.append("l")
            case "’": folded.append("'")
            default:
                if scalar.properties.generalCategory != .nonspacingMark { folded.append(scalar) }
            }
        }
        return String(folded)
    }

    /// The words of folded text: runs of letters and digits.
    static func words(_ text: String) -> [String] {
        text.split { !($0.isLetter || $0.isNumber) }.map(String.init)
    }
}
