/// Smart quotes and smart dashes: what typed text becomes, given the text
/// before the caret.
///
/// The window applies it to text typed on a hardware or on-screen keyboard,
/// before ``KeyInput/insertText(_:)``, for a first responder that reports
/// ``KeyInput/documentContextBeforeInput``; a responder that does not gets
/// the text unchanged. Pasted text is never transformed.
///
/// - `"` becomes `“` where a quotation opens (at the start, after a space or
///   an opening bracket or quote) and `”` elsewhere.
/// - `'` becomes `‘` where a quotation opens and `’` elsewhere, so an
///   apostrophe inside a word (`don’t`) is a right quote.
/// - `-` after a hyphen replaces both with an en dash (`--` → `–`), and
///   after an en dash with an em dash (`---` → `—`).
public struct TextInputTransformer: Hashable, Sendable {
    /// What to do instead of inserting the typed text as it is.
    public struct Edit: Hashable, Sendable {
        /// How many characters before the caret to delete first.
        public var deletions: Int
        /// The text to insert then.
        public var text: String

        /// Creates an edit.
        ///
        /// - Parameters:
        ///   - deletions: Characters before the caret to delete first.
        ///   - text: The text to insert then.
        public init(deletions: Int = 0, text: String) {
            self.deletions = deletions
            self.text = text
        }
    }

    /// Whether straight quotes become typographic ones.
    public var smartQuotes: Bool
    /// Whether two or three hyphens become a dash.
    public var smartDashes: Bool

    /// Creates a transformer with each transformation on or off.
    ///
    /// - Parameters:
    ///   - smartQuotes: Whether straight quotes become typographic ones.
    ///   - smartDashes: Whether two or three hyphens become a dash.
    public init(smartQuotes: Bool, smartDashes: Bool) {
        self.smartQuotes = smartQuotes
        self.smartDashes = smartDashes
    }

    /// The transformer a responder's traits ask for: see
    /// ``TextInputTraits/usesSmartQuotes`` and ``TextInputTraits/usesSmartDashes``.
    ///
    /// - Parameter traits: The responder's traits.
    public init(traits: TextInputTraits) {
        self.init(smartQuotes: traits.usesSmartQuotes, smartDashes: traits.usesSmartDashes)
    }

    /// Whether any transformer could change `text`: a single `"`, `'` or `-`.
    ///
    /// A one-byte check, so that the window asks for traits and context only
    /// for the few keys that need them.
    ///
    /// - Parameter text: Typed text.
    /// - Returns: Whether ``edit(inserting:after:)`` may return an edit.
    public static func mayTransform(_ text: String) -> Bool {
        let utf8 = text.utf8
        guard utf8.count == 1, let byte = utf8.first else { return false }
        return byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") || byte == UInt8(ascii: "-")
    }

    /// What typing `text` after `context` does instead of inserting it.
    ///
    /// - Parameters:
    ///   - text: The typed text.
    ///   - context: The text before the caret (its end is enough), or `nil`
    ///     when the responder does not say: then nothing is transformed.
    /// - Returns: The edit to make, or `nil` to insert `text` unchanged.
    public func edit(inserting text: String, after context: String?) -> Edit? {
        guard let context, Self.mayTransform(text) else { return nil }
        let previous = context.last
        switch text {
        case "\"" where smartQuotes:
            return Edit(text: Self.opensQuotation(after: previous) ? "“" : "”")
        case "'" where smartQuotes:
            return Edit(text: Self.opensQuotation(after: previous) ? "‘" : "’")
        case "-" where smartDashes && previous == "-":
            return Edit(deletions: 1, text: "–")
        case "-" where smartDashes && previous == "–":
            return Edit(deletions: 1, text: "—")
        default:
            return nil
        }
    }

    /// Whether a quote typed after `previous` opens a quotation.
    private static func opensQuotation(after previous: Character?) -> Bool {
        guard let previous else { return true }
        return previous.isWhitespace || "([{<«“‘–—".contains(previous)
    }
}
