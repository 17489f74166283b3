/// What spell checking knows of one control's text: the misspelt words of
/// each paragraph checked, and what waits to be checked.
///
/// Checking runs after a frame is on screen, a slice at a time, for the
/// paragraphs drawn; an edit marks only the part of its paragraph it touched.
@MainActor
final class SpellingState {
    /// One paragraph's misspelt words, as UTF-8 ranges, and the part still to check.
    struct Paragraph {
        var misspelt: [Range<Int>] = []
        /// Bytes still to check; `nil` when the paragraph is checked.
        var unchecked: Range<Int>?
        /// The paragraph's length in UTF-8 bytes when these ranges were found.
        var length: Int
    }

    /// Per paragraph; `nil` for one never checked.
    var paragraphs: [Paragraph?]
    /// The dictionaries checked with, by tag.
    var dictionaries: [String] = []
    /// Paragraphs drawn with something left to check.
    var pending: Set<Int> = []
    /// Whether a check waits for the next frame to be on screen.
    var isScheduled = false
    /// The control's edit count when last seen, and where the caret was at the last edit.
    var seenEditCount = -1
    var typingAt: TextPosition?

    init(paragraphCount: Int) {
        paragraphs = Array(repeating: nil, count: paragraphCount)
    }

    /// Forgets every result (the dictionaries changed).
    func reset() {
        paragraphs = Array(repeating: nil, count: paragraphs.count)
    }

    /// Follows an edit: paragraphs replaced are forgotten, and one edited in
    /// place keeps the words the edit did not touch and checks the rest again.
    func paragraphsDidChange(
        _ replaced: Range<Int>, count: Int, inPlace: (unchangedPrefix: Int, unchangedSuffix: Int)?, newLength: Int
    ) {
        guard replaced.upperBound <= paragraphs.count else {
            paragraphs = []  // out of step: found again when next drawn
            return
        }
        if replaced.count == 1, count == 1, let edit = inPlace, let old = paragraphs[replaced.lowerBound] {
            let prefix = edit.unchangedPrefix, oldTail = old.length - edit.unchangedSuffix
            let delta = newLength - old.length
            let changedEnd = newLength - edit.unchangedSuffix
            guard prefix <= oldTail, prefix <= changedEnd else {
                paragraphs[replaced.lowerBound] = nil
                return
            }
            func moved(_ x: Int, low: Bool) -> Int { x <= prefix ? x : x >= oldTail ? x + delta : low ? prefix : changedEnd }
            var kept: [Range<Int>] = []
            for word in old.misspelt where word.upperBound < prefix || word.lowerBound > oldTail {
                kept.append(moved(word.lowerBound, low: true)..<moved(word.upperBound, low: false))
            }
            var unchecked = prefix..<changedEnd
            if let earlier = old.unchecked {
                let low = moved(earlier.lowerBound, low: true), high = moved(earlier.upperBound, low: false)
                unchecked = min(low, unchecked.lowerBound)..<max(high, unchecked.upperBound)
            }
            paragraphs[replaced.lowerBound] = Paragraph(misspelt: kept, unchecked: unchecked, length: newLength)
            return
        }
        paragraphs.replaceSubrange(replaced, with: repeatElement(nil, count: count))
        pending = []
    }
}
