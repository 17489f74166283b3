import XKB

/// A misspelt word in a ``TextEditingControl`` and what can be done with it.
public struct SpellingCorrection: Hashable, Sendable {
    /// The word as it is in the text.
    public var word: String
    /// Where it is, as UTF-8 offsets in the control's text.
    public var range: Range<Int>
    /// Corrections, the likeliest first (at most five).
    public var suggestions: [String]
    /// The dictionary that did not know it (`en_US`).
    public var dictionary: String
}

extension TextEditingControl {
    /// How many suggestions a misspelt word offers.
    public static let maximumSpellingSuggestions = 5
    /// How many UTF-8 bytes of text one check after a frame looks at, at most.
    static let spellingBytesPerFrame = 4096

    /// The spell checker that checks this control now: the application's,
    /// while ``TextInputTraits/checksSpelling`` is on.
    var activeSpellChecker: (any SpellChecker)? {
        guard textInputTraits.checksSpelling, let checker = window?.application?.spellChecker else { return nil }
        return checker
    }

    /// The languages the text is checked in, in order: the app's choice
    /// (``spellCheckingLanguages``), else the languages the registry gives
    /// the active keyboard layout (the attached keyboard's layout in use, else
    /// the app's on-screen keyboard layout, else the system's configured
    /// one), else the locale's (`LC_ALL`, `LC_MESSAGES`, `LANG`).
    public var effectiveSpellCheckingLanguages: [String] {
        if let chosen = spellCheckingLanguages, !chosen.isEmpty { return chosen }
        if let languages = KeyboardLayoutLanguages.active(in: window?.application), !languages.isEmpty {
            return languages
        }
        return KeyboardLayoutLanguages.localeLanguages
    }

    /// The misspelt words underlined now, as UTF-8 ranges in the text: the
    /// words checked so far, less the one being typed.
    public var misspelledRanges: [Range<Int>] {
        guard activeSpellChecker != nil, let spelling, spelling.paragraphs.count == editingEngine.paragraphs.count
        else { return [] }
        return spelling.paragraphs.indices.flatMap { paragraph in
            let base = editingEngine.utf8Offset(of: TextPosition(paragraph: paragraph, offset: 0))
            return shownMisspellings(inParagraph: paragraph).map { (base + $0.lowerBound)..<(base + $0.upperBound) }
        }
    }

    /// The misspelt word at a place in the text and its corrections, or
    /// `nil` when the word there is spelt correctly, or spell checking is off.
    ///
    /// - Parameter offset: A UTF-8 offset in the text, inside the word or at its end.
    /// - Returns: The word, where it is, up to five suggestions and the dictionary.
    public func spellingCorrection(at offset: Int) -> SpellingCorrection? {
        guard let checker = activeSpellChecker else { return nil }
        let position = editingEngine.position(utf8Offset: offset)
        let text = editingEngine.paragraphs[position.paragraph]
        let words = SpellingWords.ranges(in: text, within: position.offset..<position.offset).words
        guard let range = words.first(where: { $0.lowerBound <= position.offset && position.offset <= $0.upperBound })
        else { return nil }
        let word = Self.substring(of: text, range)
        let dictionaries = spellingDictionaries(checker)
        guard !dictionaries.isEmpty, !dictionaries.contains(where: { checker.isCorrect(word, dictionary: $0) }) else {
            return nil
        }
        let base = offset - position.offset
        let dictionary = dictionaries[0]
        return SpellingCorrection(
            word: word, range: (base + range.lowerBound)..<(base + range.upperBound),
            suggestions: Array(checker.suggestions(for: word, dictionary: dictionary).prefix(Self.maximumSpellingSuggestions)),
            dictionary: dictionary)
    }

    /// Replaces a misspelt word with a correction, as one step for Undo, and
    /// puts the caret after it.
    ///
    /// - Parameters:
    ///   - correction: The word, from ``spellingCorrection(at:)``.
    ///   - replacement: One of its suggestions, or any text.
    public func replaceMisspelledWord(_ correction: SpellingCorrection, with replacement: String) {
        guard correction.range.upperBound <= editingEngine.utf8Count else { return }
        let lower = editingEngine.position(utf8Offset: correction.range.lowerBound)
        let upper = editingEngine.position(utf8Offset: correction.range.upperBound)
        guard editingEngine.text(from: lower, to: upper) == correction.word else { return }
        edit { editingEngine.replace(from: lower, to: upper, with: replacement, kind: .other) }
    }

    /// Adds a misspelt word to the person's dictionary: it is no longer underlined, here or anywhere.
    ///
    /// - Parameter correction: The word, from ``spellingCorrection(at:)``.
    public func learnSpelling(_ correction: SpellingCorrection) {
        guard let checker = activeSpellChecker else { return }
        checker.learnWord(correction.word, dictionary: correction.dictionary)
        spellingWordsDidChange(in: window)
    }

    /// Accepts a misspelt word until the application quits.
    ///
    /// - Parameter correction: The word, from ``spellingCorrection(at:)``.
    public func ignoreSpelling(_ correction: SpellingCorrection) {
        guard let checker = activeSpellChecker else { return }
        checker.ignoreWord(correction.word)
        spellingWordsDidChange(in: window)
    }

    /// The checker's answers changed: every control of the application checks again.
    private func spellingWordsDidChange(in window: Window?) {
        for window in window?.application?.windows ?? [] {
            var views: [View] = [window]
            while let view = views.popLast() {
                views += view.subviews
                if let control = view as? TextEditingControl, let spelling = control.spelling {
                    spelling.reset()
                    control.setNeedsDisplay()
                }
            }
        }
    }

    // MARK: Following edits (called from paragraphsDidChange)

    func spellingParagraphsDidChange(_ replaced: Range<Int>, count: Int) {
        guard let spelling else { return }
        let edited = replaced.lowerBound
        let length = count == 1 && edited < editingEngine.paragraphs.count ? editingEngine.paragraphs[edited].utf8.count : 0
        spelling.paragraphsDidChange(replaced, count: count, inPlace: editingEngine.inPlaceEdit, newLength: length)
    }

    // MARK: Drawing

    /// Underlines a paragraph's misspelt words with the error squiggle, and
    /// leaves what is not checked yet for after the frame.
    func drawMisspellings(ofParagraph paragraph: Int, layout: TextLayout, in canvas: Canvas, at origin: Point) {
        guard activeSpellChecker != nil else {
            spelling = nil  // nothing to follow on each keystroke
            return
        }
        let spelling = spellingState()
        if spelling.paragraphs[paragraph]?.unchecked != nil || spelling.paragraphs[paragraph] == nil {
            scheduleSpellChecking(ofParagraph: paragraph)
        }
        let active = editingEngine.selection.active
        let marked = paragraph == active.paragraph ? (markedText?.utf8.count ?? 0) : 0
        let lines = layout.lines
        for word in shownMisspellings(inParagraph: paragraph) {
            // Marked text at the caret pushes the words after it along.
            let shift = marked > 0 && word.lowerBound >= active.offset ? marked : 0
            for piece in layout.selectionRects(for: (word.lowerBound + shift)..<(word.upperBound + shift)) {
                let line = lines.first { $0.frame.minY <= piece.midY && piece.midY < $0.frame.maxY }
                let baseline = line?.baseline ?? piece.maxY - 3
                let height = min(3, max(1.5, piece.maxY - baseline - 0.5))
                canvas.errorUnderline(
                    in: Rect(x: origin.x + piece.minX, y: origin.y + baseline + 1, width: piece.width, height: height),
                    color: .misspelling)
            }
        }
    }

    /// The state, made for the text as it is when first needed.
    func spellingState() -> SpellingState {
        if let spelling, spelling.paragraphs.count == editingEngine.paragraphs.count { return spelling }
        let made = SpellingState(paragraphCount: editingEngine.paragraphs.count)
        made.seenEditCount = editCount  // the text so far was not typed while checking was on
        spelling = made
        return made
    }

    /// A paragraph's misspelt words as shown: not the word the caret is typing.
    func shownMisspellings(inParagraph paragraph: Int) -> [Range<Int>] {
        guard let spelling, let found = spelling.paragraphs[paragraph], !found.misspelt.isEmpty,
            found.length == editingEngine.paragraphs[paragraph].utf8.count
        else { return [] }
        let selection = editingEngine.selection
        if spelling.seenEditCount != editCount {
            // An edit since last asked: the caret is where it types.
            spelling.seenEditCount = editCount
            spelling.typingAt = selection.active
        }
        guard isFirstResponder, selection.isEmpty, let typing = spelling.typingAt, typing.paragraph == paragraph,
            selection.active.paragraph == paragraph
        else { return found.misspelt }
        let caret = selection.active.offset
        return found.misspelt.filter { word in
            // The word typed last, with the caret still in it or at its end, waits until the caret leaves.
            let holdsTyping = word.lowerBound < typing.offset && typing.offset <= word.upperBound
            let holdsCaret = word.lowerBound < caret && caret <= word.upperBound
            if holdsTyping, !holdsCaret { spelling.typingAt = nil }
            return !(holdsTyping && holdsCaret)
        }
    }

    // MARK: Checking, after the frame

    private func scheduleSpellChecking(ofParagraph paragraph: Int) {
        guard let spelling, let window else { return }
        spelling.pending.insert(paragraph)
        guard !spelling.isScheduled else { return }
        spelling.isScheduled = true
        weak let control = self
        window.afterPresenting { control?.checkPendingSpelling() }
    }

    /// The dictionaries for ``effectiveSpellCheckingLanguages`` that are installed, each once.
    private func spellingDictionaries(_ checker: any SpellChecker) -> [String] {
        var tags: [String] = []
        for language in effectiveSpellCheckingLanguages {
            if let tag = checker.dictionary(forLanguage: language), !tags.contains(tag) { tags.append(tag) }
        }
        return tags
    }

    /// Checks a slice of what the paragraphs drawn left unchecked; the rest after the next frame.
    func checkPendingSpelling() {
        guard let spelling else { return }
        spelling.isScheduled = false
        guard let checker = activeSpellChecker, spelling.paragraphs.count == editingEngine.paragraphs.count else {
            spelling.pending = []
            return
        }
        let dictionaries = spellingDictionaries(checker)
        if dictionaries != spelling.dictionaries {
            spelling.dictionaries = dictionaries
            spelling.reset()
        }
        var budget = Self.spellingBytesPerFrame
        var changed = false
        for paragraph in spelling.pending.sorted() where budget > 0 {
            guard paragraph < spelling.paragraphs.count else { continue }
            let text = editingEngine.paragraphs[paragraph]
            let length = text.utf8.count
            var found = spelling.paragraphs[paragraph] ?? .init(misspelt: [], unchecked: 0..<length, length: length)
            if found.length != length { found = .init(misspelt: [], unchecked: 0..<length, length: length) }
            guard let unchecked = found.unchecked else {
                spelling.pending.remove(paragraph)
                continue
            }
            let slice = unchecked.lowerBound..<min(unchecked.upperBound, unchecked.lowerBound + budget)
            let (words, covered) = SpellingWords.ranges(in: text, within: slice)
            budget -= max(1, covered.count)
            var misspelt = found.misspelt.filter { $0.upperBound <= covered.lowerBound || $0.lowerBound >= covered.upperBound }
            for word in words {
                let string = Self.substring(of: text, word)
                if !dictionaries.isEmpty, !dictionaries.contains(where: { checker.isCorrect(string, dictionary: $0) }) {
                    misspelt.append(word)
                }
            }
            misspelt.sort { $0.lowerBound < $1.lowerBound }
            // Drawn again only when what shows changed: not for the word being typed, which waits.
            let shownBefore = shownMisspellings(inParagraph: paragraph)
            found.misspelt = misspelt
            found.unchecked = covered.upperBound < unchecked.upperBound ? covered.upperBound..<unchecked.upperBound : nil
            spelling.paragraphs[paragraph] = found
            changed = changed || shownMisspellings(inParagraph: paragraph) != shownBefore
            if found.unchecked == nil { spelling.pending.remove(paragraph) }
        }
        if changed { setNeedsDisplay() }
        if !spelling.pending.isEmpty, let window {
            spelling.isScheduled = true
            weak let control = self
            window.afterPresenting { control?.checkPendingSpelling() }
        }
    }

    static func substring(of text: String, _ range: Range<Int>) -> String {
        let utf8 = text.utf8
        let start = utf8.index(utf8.startIndex, offsetBy: range.lowerBound)
        let end = utf8.index(start, offsetBy: range.count)
        return String(text[start..<end])
    }
}
