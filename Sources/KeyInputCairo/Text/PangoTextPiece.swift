import KeyInputKit

/// One piece of a long paragraph laid out by ``PiecewisePangoLayout``: its
/// text, what it measures, and its Pango layout while it is in use.
///
/// The layout is made again when asked after the engine let it go
/// (``PangoTextLayoutEngine/keepResident(_:)``); the same text, style and
/// direction give the same layout, so the sizes and lines kept stay true.
@MainActor
final class PangoTextPiece {
    /// The text laid out: the piece's own bytes (``length``), then, in a
    /// wrapped paragraph, the text that decides where its last line ends
    /// (the start of the next piece's first line).
    let text: String
    /// How many bytes of ``text`` are the piece's own.
    let length: Int
    let style: TextStyle
    /// The paragraph's direction, which every piece is laid out in.
    let rightToLeft: Bool
    /// The piece's own lines, in its layout's coordinates (one for a field).
    let lines: [TextLine]
    /// The width and height of its own lines.
    let size: Size
    /// Whether the byte before the piece is white space (or it is the first
    /// piece): a word cannot run across its start.
    let startsAfterSpace: Bool
    /// Whether ``size`` and ``lines`` are estimates: a field's piece not laid
    /// out yet (``PiecewisePangoLayout/measure(for:)``).
    let isEstimated: Bool
    /// Weak: a piece without its layout does not keep the engine, and may outlive it.
    private weak var engine: PangoTextLayoutEngine?
    private var resident: PangoTextLayout?

    /// Measures a laid-out piece that owns its layout's first `lineCount` lines.
    init(
        layout: PangoTextLayout, length: Int, lineCount: Int, startsAfterSpace: Bool, rightToLeft: Bool,
        engine: PangoTextLayoutEngine
    ) {
        text = layout.text
        self.length = length
        style = layout.style
        self.rightToLeft = rightToLeft
        self.startsAfterSpace = startsAfterSpace
        self.engine = engine
        isEstimated = false
        let own = Array(layout.lines.prefix(max(1, lineCount)))
        lines = own
        if own.count == layout.lines.count, style.wrapWidth == nil {
            size = layout.size
        } else {
            let minX = own.map(\.frame.minX).min() ?? 0, maxX = own.map(\.frame.maxX).max() ?? 0
            size = Size(width: maxX - minX, height: own.last?.frame.maxY ?? 0)
        }
        resident = layout
        engine.keepResident(self)
    }

    /// A field's piece not laid out yet, as wide as `width` on a line like `line`.
    init(
        estimating text: String, width: Double, line: TextLine, startsAfterSpace: Bool, rightToLeft: Bool,
        style: TextStyle, engine: PangoTextLayoutEngine
    ) {
        self.text = text
        length = text.utf8.count
        self.style = style
        self.rightToLeft = rightToLeft
        self.startsAfterSpace = startsAfterSpace
        self.engine = engine
        isEstimated = true
        size = Size(width: width, height: line.frame.height)
        lines = [
            TextLine(
                range: 0..<length, frame: Rect(x: 0, y: line.frame.minY, width: width, height: line.frame.height),
                baseline: line.baseline, isRightToLeft: rightToLeft)
        ]
    }

    /// The piece measured from its layout: itself when it is not an estimate.
    func measured() -> PangoTextPiece {
        guard isEstimated else { return self }
        let layout = self.layout  // (which needs the engine)
        guard let engine else { preconditionFailure("a piece measured after its engine went") }
        return PangoTextPiece(
            layout: layout, length: length, lineCount: 1, startsAfterSpace: startsAfterSpace, rightToLeft: rightToLeft,
            engine: engine)
    }

    isolated deinit { engine?.forget(self) }

    /// Its Pango layout, made again if the engine let it go.
    var layout: PangoTextLayout {
        if let resident { return resident }
        guard let engine, let made = try? engine.layout(for: text, style: style, rightToLeft: rightToLeft) else {
            preconditionFailure("Pango could not lay out a piece of a paragraph")
        }
        resident = made
        engine.keepResident(self)
        return made
    }

    /// Whether its Pango layout is made (an estimated piece drawn or asked about).
    var hasLayout: Bool { resident != nil }

    /// Lets its layout go (the engine holds too many).
    func releaseLayout() { resident = nil }

    /// The UTF-8 length of its first line: the text the piece before it lays out after its own.
    var firstLineLength: Int { lines.count > 1 ? lines[1].range.lowerBound : length }

    /// The most bytes a paragraph is laid out as one; longer ones are laid out in pieces of about this size.
    nonisolated static let length = 512
}

/// Where a long paragraph may be cut into pieces without changing how it looks.
///
/// A cut goes between a white space and a letter, each with a letter of the
/// paragraph's direction beside it (`x |y` in left-to-right text): the
/// bidirectional algorithm then puts both sides at the paragraph's level,
/// so no run is reordered across the cut, and letters on either side of a
/// space neither join (Arabic) nor form ligatures. When there is none for
/// a piece's length, the cut goes between two letters of the paragraph's
/// direction on a grapheme boundary (a kerned pair or ligature there may
/// differ); with none of those either, on any grapheme boundary (a run in
/// the other direction that long is reordered piece by piece).
enum PieceCuts {
    /// The first cut at or after `target` in `text`, or `nil` when the text ends first.
    static func cut(in text: String, after target: Int, rightToLeft: Bool) -> Int? {
        let utf8 = text.utf8
        guard target < utf8.count else { return nil }
        let scalars = text.unicodeScalars
        var index = utf8.index(utf8.startIndex, offsetBy: target)
        while String.Index(index, within: scalars) == nil { index = utf8.index(after: index) }
        guard index > scalars.startIndex else { return nil }
        var before = scalars[scalars.index(before: index)]
        var twoBefore: Unicode.Scalar? =
            scalars.index(before: index) > scalars.startIndex ? scalars[scalars.index(index, offsetBy: -2)] : nil
        var between: String.Index?
        var scanned = 0
        while index < scalars.endIndex, scanned < PangoTextPiece.length {
            let scalar = scalars[index]
            if isStrong(scalar, rightToLeft: rightToLeft) {
                if isWhitespace(before), let twoBefore, isStrong(twoBefore, rightToLeft: rightToLeft) {
                    return utf8.distance(from: utf8.startIndex, to: index)
                }
                if between == nil, isStrong(before, rightToLeft: rightToLeft), index.samePosition(in: text) != nil {
                    between = index
                }
            }
            scanned += UTF8.width(scalar)
            twoBefore = before
            before = scalar
            index = scalars.index(after: index)
        }
        if let between { return utf8.distance(from: utf8.startIndex, to: between) }
        // Any grapheme boundary.
        var characterIndex = text.index(before: text.endIndex)
        if index < text.endIndex {
            characterIndex = index
            while characterIndex.samePosition(in: text) == nil { characterIndex = scalars.index(after: characterIndex) }
        } else {
            return nil
        }
        let offset = utf8.distance(from: utf8.startIndex, to: characterIndex)
        return offset < utf8.count ? offset : nil
    }

    /// Whether a scalar is white space; ASCII without the Unicode tables.
    static func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isASCII ? scalar == " " || (0x09...0x0D).contains(scalar.value) : scalar.properties.isWhitespace
    }

    /// Whether a scalar is a letter of the given direction (bidirectional
    /// class L, or R and AL): letters of the right-to-left blocks (Hebrew,
    /// Arabic, Syriac, Thaana, N'Ko… and their presentation forms) are
    /// right to left, all other letters left to right.
    static func isStrong(_ scalar: Unicode.Scalar, rightToLeft: Bool) -> Bool {
        // ASCII without the Unicode tables, which a megabyte's cuts ask a million times.
        if scalar.isASCII {
            return !rightToLeft && (("A"..."Z").contains(scalar) || ("a"..."z").contains(scalar))
        }
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .otherLetter: break
        default: return false
        }
        let value = scalar.value
        let isRightToLeft =
            (0x0590...0x08FF).contains(value) || (0xFB1D...0xFDFF).contains(value) || (0xFE70...0xFEFF).contains(value)
            || (0x10800...0x10FFF).contains(value) || (0x1E800...0x1EFFF).contains(value)
        return isRightToLeft == rightToLeft
    }
}
