/// Word and grapheme boundaries in UTF-8 offsets, by Swift's grapheme
/// clusters and the letters and digits of each.
///
/// A word is a run of letters, digits, marks and connector punctuation
/// (`_`). Layouts that know better (Pango's word boundaries, with
/// dictionaries for Thai) use their own.
public enum TextBoundaries {
    /// Whether a character belongs to a word.
    public static func isWordCharacter(_ character: Character) -> Bool {
        character.isLetter || character.isNumber || character == "_"
            || character.unicodeScalars.first.map { $0.properties.generalCategory == .nonspacingMark } == true
    }

    /// The offset of the grapheme boundary before `offset` (0 at the start).
    public static func graphemeStart(in text: String, before offset: Int) -> Int {
        guard offset > 0 else { return 0 }
        let index = text.utf8.index(text.utf8.startIndex, offsetBy: min(offset, text.utf8.count))
        // Inside a cluster (a layout may stop there, as Pango does in a conjunct): its start.
        let start = characterIndex(in: text, at: index)
        let before = start < index ? start : text.index(before: start)
        return text.utf8.distance(from: text.utf8.startIndex, to: before)
    }

    /// The offset of the grapheme boundary after `offset` (the length at the end).
    public static func graphemeEnd(in text: String, after offset: Int) -> Int {
        let count = text.utf8.count
        guard offset < count else { return count }
        let index = text.utf8.index(text.utf8.startIndex, offsetBy: max(0, offset))
        let after = text.index(after: characterIndex(in: text, at: index))
        return text.utf8.distance(from: text.utf8.startIndex, to: after)
    }

    /// The start of the word before `offset`: skips what is not a word, then the word.
    public static func wordStart(in text: String, before offset: Int) -> Int {
        let utf8 = text.utf8
        var index = characterIndex(in: text, utf8Offset: offset)
        while index > text.startIndex, !isWordCharacter(text[text.index(before: index)]) { index = text.index(before: index) }
        while index > text.startIndex, isWordCharacter(text[text.index(before: index)]) { index = text.index(before: index) }
        return utf8.distance(from: utf8.startIndex, to: index)
    }

    /// The end of the word after `offset`: skips what is not a word, then the word.
    public static func wordEnd(in text: String, after offset: Int) -> Int {
        let utf8 = text.utf8
        var index = characterIndex(in: text, utf8Offset: offset)
        while index < text.endIndex, !isWordCharacter(text[index]) { index = text.index(after: index) }
        while index < text.endIndex, isWordCharacter(text[index]) { index = text.index(after: index) }
        return utf8.distance(from: utf8.startIndex, to: index)
    }

    /// The character boundary at or before a UTF-8 offset (clamped to the text).
    public static func characterIndex(in text: String, utf8Offset offset: Int) -> String.Index {
        let utf8 = text.utf8
        return characterIndex(in: text, at: utf8.index(utf8.startIndex, offsetBy: min(max(0, offset), utf8.count)))
    }

    /// `index` rounded down to a character boundary.
    static func characterIndex(in text: String, at index: String.Index) -> String.Index {
        var index = index
        let utf8 = text.utf8
        // Inside a scalar's bytes (a continuation byte): back to its first byte.
        while index > utf8.startIndex, index < utf8.endIndex, utf8[index] & 0xC0 == 0x80 { index = utf8.index(before: index) }
        if index == text.endIndex || index.samePosition(in: text) != nil { return index }
        // Inside the first character: its start (there is no character before it to step back to).
        if index < text.index(after: text.startIndex) { return text.startIndex }
        // Off a boundary: one character back (String rounds the index down first), then forward again.
        return text.index(after: text.index(before: index))
    }
}
