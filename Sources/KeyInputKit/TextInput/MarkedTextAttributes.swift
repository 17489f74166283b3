/// How marked text from an input method looks: which parts are underlined
/// or highlighted, and where the caret sits inside it.
///
/// A Korean syllable being composed is underlined as a whole; a Japanese
/// conversion highlights the segment being converted. Offsets count UTF-8
/// bytes of the marked text, as ``TextPosition`` offsets do.
public struct MarkedTextAttributes: Hashable, Sendable {
    /// How a segment of marked text is drawn.
    public enum Style: Hashable, Sendable {
        /// Underlined, as all marked text is by default.
        case underline
        /// Highlighted: the segment an input method is converting now.
        case highlight
    }

    /// A part of the marked text and its style.
    public struct Segment: Hashable, Sendable {
        /// The part, as UTF-8 offsets in the marked text.
        public var range: Range<Int>
        /// How it is drawn.
        public var style: Style

        /// Creates a segment.
        ///
        /// - Parameters:
        ///   - range: The part, as UTF-8 offsets in the marked text.
        ///   - style: How it is drawn.
        public init(range: Range<Int>, style: Style) {
            self.range = range
            self.style = style
        }
    }

    /// The styled parts; none means the whole text is underlined.
    public var segments: [Segment]
    /// Where the caret is in the marked text, as a UTF-8 offset; `nil` puts it at the end.
    public var caret: Int?

    /// Creates attributes.
    ///
    /// - Parameters:
    ///   - segments: The styled parts; none underlines the whole text.
    ///   - caret: The caret's UTF-8 offset in the marked text, or `nil` for its end.
    public init(segments: [Segment] = [], caret: Int? = nil) {
        self.segments = segments
        self.caret = caret
    }
}
