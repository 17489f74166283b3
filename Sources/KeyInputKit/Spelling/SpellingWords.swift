/// The words of a text that spell checking looks at, as UTF-8 ranges.
///
/// A word is a run of letters and marks, with apostrophes inside it
/// (`don't`, `l’homme` is one word for the dictionary to judge); hyphens
/// split words. Left out: words with digits or `_` in them (`mp3`,
/// `x_max`), words in anything that looks like an address (holding `@`,
/// `://` or starting `www.`), words of two or more capitals alone
/// (acronyms: `NASA`, `HTTP`), and runs of Thai, Chinese, Japanese and
/// other scripts written without spaces (no word breaks to check by).
public enum SpellingWords {
    /// The words to check in `text`, as UTF-8 offset ranges.
    ///
    /// - Parameters:
    ///   - text: A paragraph.
    ///   - range: The UTF-8 offsets to look in; the chunks of text between
    ///     spaces that touch it are taken whole. The whole text by default.
    /// - Returns: The words, and the part of the text looked at (`range`
    ///   widened to the chunks it touches).
    public static func ranges(in text: String, within range: Range<Int>? = nil) -> (
        words: [Range<Int>], covered: Range<Int>
    ) {
        var result: [Range<Int>] = []
        let utf8 = text.utf8
        let bounds = range.map { min($0.lowerBound, utf8.count)..<min($0.upperBound, utf8.count) } ?? 0..<utf8.count
        // Back to whitespace, so that a chunk (an address, a word) is seen whole.
        var index = TextBoundaries.characterIndex(in: text, utf8Offset: bounds.lowerBound)
        while index > text.startIndex, !text[text.index(before: index)].isWhitespace { index = text.index(before: index) }
        var offset = utf8.distance(from: utf8.startIndex, to: index)
        let first = offset
        while index < text.endIndex {
            let chunkStart = index, chunkOffset = offset
            while index < text.endIndex, !text[index].isWhitespace {
                offset += text[index].utf8.count
                index = text.index(after: index)
            }
            if chunkOffset > bounds.upperBound {
                return (result, first..<chunkOffset)
            }
            words(in: text[chunkStart..<index], at: chunkOffset, into: &result)
            while index < text.endIndex, text[index].isWhitespace {
                offset += text[index].utf8.count
                index = text.index(after: index)
            }
        }
        return (result, first..<utf8.count)
    }

    /// The words of one chunk (no whitespace in it).
    private static func words(in chunk: Substring, at base: Int, into result: inout [Range<Int>]) {
        if chunk.contains("@") || chunk.contains("://") || chunk.lowercased().hasPrefix("www.") { return }
        var offset = base
        var wordStart: Int?
        var skip = false
        var capitals = 0, letters = 0
        var previous: Character?
        var index = chunk.startIndex
        func end(at end: Int) {
            // An apostrophe at the word's end is not part of it.
            if let start = wordStart, !skip, letters > 0, !(letters > 1 && capitals == letters) {
                result.append(start..<end)
            }
            wordStart = nil
            skip = false
            capitals = 0
            letters = 0
        }
        while index < chunk.endIndex {
            let character = chunk[index]
            let next = chunk.index(after: index)
            if character.isLetter || isMark(character) {
                if wordStart == nil { wordStart = offset }
                if isUnspacedScript(character) { skip = true }
                if character.isLetter {
                    letters += 1
                    if character.isUppercase { capitals += 1 }
                }
            } else if character.isNumber || character == "_" {
                if wordStart == nil { wordStart = offset }
                skip = true
            } else if (character == "'" || character == "’"), wordStart != nil, previous?.isLetter == true,
                next < chunk.endIndex, chunk[next].isLetter
            {
                // Inside a word: don't, l’homme.
            } else if wordStart != nil {
                end(at: offset)
            }
            previous = character
            offset += character.utf8.count
            index = next
        }
        if wordStart != nil { end(at: offset) }
    }

    /// Letters of scripts written without spaces between words (Thai, Lao,
    /// Khmer, Myanmar, Chinese, Japanese): their runs are not words, so they are left alone.
    private static func isUnspacedScript(_ character: Character) -> Bool {
        guard let value = character.unicodeScalars.first?.value, value >= 0x0E00 else { return false }
        return (0x0E00...0x0EFF).contains(value) || (0x1000...0x109F).contains(value) || (0x1780...0x17FF).contains(value)
            || (0x2E80...0x9FFF).contains(value) || (0xF900...0xFAFF).contains(value) || (0x20000...0x3FFFF).contains(value)
    }

    private static func isMark(_ character: Character) -> Bool {
        switch character.unicodeScalars.first?.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: true
        default: false
        }
    }
}
