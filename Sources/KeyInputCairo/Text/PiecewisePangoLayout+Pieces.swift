import CPango
import KeyInputKit

extension PiecewisePangoLayout {
    /// Lays a long paragraph out in pieces.
    ///
    /// - Throws: ``CairoError`` (`textLayoutFailed`) when Pango returns no layout.
    convenience init(text: String, style: TextStyle, engine: PangoTextLayoutEngine) throws {
        let (rightToLeft, settledAt) = Self.direction(of: text)
        let pieces = try Self.pieces(
            of: text, from: 0, to: text.utf8.count, lookahead: nil, style: style, rightToLeft: rightToLeft,
            engine: engine)
        // Without a line to look ahead to, the last piece always ends at the paragraph's end.
        self.init(
            text: text, style: style, engine: engine, rightToLeft: rightToLeft, directionSettledAt: settledAt,
            pieces: pieces ?? [])
    }

    /// This layout with its last piece replaced by a layout of that piece's text grown at its end.
    func replacingLastPiece(with layout: PangoTextLayout, text: String?) -> PiecewisePangoLayout {
        let last = pieces[pieces.count - 1]
        let piece = PangoTextPiece(
            layout: layout, length: layout.text.utf8.count, lineCount: layout.lines.count,
            startsAfterSpace: last.startsAfterSpace, rightToLeft: rightToLeft, engine: engine)
        return PiecewisePangoLayout(
            text: text, style: style, engine: engine, rightToLeft: rightToLeft,
            directionSettledAt: directionSettledAt, pieces: pieces.dropLast() + [piece])
    }

    /// A layout of `text`, this layout's text edited between the prefix and
    /// the suffix left as they were: the pieces the edit reaches (with a few
    /// bytes either side, which decide whether a cut stays safe) are laid
    /// out again, the others kept. `nil` when the paragraph is laid out whole
    /// again: it became short, or the edit changed its direction.
    func updated(to text: String, unchangedPrefix: Int, unchangedSuffix: Int) -> TextLayout? {
        let newLength = text.utf8.count
        guard newLength > PangoTextPiece.length else { return nil }
        var settledAt = directionSettledAt
        if unchangedPrefix < directionSettledAt {
            let direction = Self.direction(of: text)
            guard direction.rightToLeft == rightToLeft else { return nil }
            settledAt = direction.settledAt
        }
        let delta = newLength - length
        let margin = 8
        var first = pieceIndex(containing: max(0, unchangedPrefix - margin))
        // In a wrapped paragraph, a change in a piece's first line may pull it up onto the line before.
        if style.wrapWidth != nil, first > 0, unchangedPrefix - margin < starts[first] + pieces[first].firstLineLength {
            first -= 1
        }
        var last = pieceIndex(containing: min(length, length - unchangedSuffix + margin))
        // A piece made short by deleting joins the one before or after it.
        func regionLength() -> Int { (last + 1 < pieces.count ? starts[last + 1] : length) + delta - starts[first] }
        while regionLength() < PangoTextPiece.length / 2, first > 0 || last + 1 < pieces.count {
            if first > 0 { first -= 1 } else { last += 1 }
        }
        while true {
            let end = (last + 1 < pieces.count ? starts[last + 1] : length) + delta
            let lookahead: Substring? =
                style.wrapWidth != nil && last + 1 < pieces.count
                ? Substring(pieces[last + 1].text.utf8.prefix(pieces[last + 1].firstLineLength)) : nil
            let made: [PangoTextPiece]?
            do {
                made = try Self.pieces(
                    of: text, from: starts[first], to: end, lookahead: lookahead, style: style,
                    rightToLeft: rightToLeft, engine: engine)
            } catch {
                return nil
            }
            if let made {
                let kept = Array(pieces[..<first]) + made + pieces[(last + 1)...]
                return PiecewisePangoLayout(
                    text: text, style: style, engine: engine, rightToLeft: rightToLeft, directionSettledAt: settledAt,
                    pieces: kept
                ).presented
            }
            // The lines after the edit flow differently: the next piece is laid out again too.
            last += 1
        }
    }

    /// Itself, or, while some of its pieces are estimates, itself to be
    /// measured a few pieces at a time after each frame (``ProgressivePiecewiseLayout``).
    var presented: TextLayout {
        hasEstimatedPieces ? ProgressivePiecewiseLayout(base: self) : self
    }

    /// Lays out `text[from..<to]` as pieces. `lookahead` is the text after
    /// `to` that decides where the last piece's last line ends (a wrapped
    /// paragraph's next piece's first line): the result is `nil` when a line
    /// no longer starts at `to`.
    static func pieces(
        of text: String, from: Int, to: Int, lookahead: Substring?, style: TextStyle, rightToLeft: Bool,
        engine: PangoTextLayoutEngine
    ) throws -> [PangoTextPiece]? {
        let utf8 = text.utf8
        let wraps = style.wrapWidth != nil
        if !wraps, to - from > PangoTextPiece.length * (2 * exactEnds + 2) {
            return try fieldPieces(of: text, from: from, to: to, style: style, rightToLeft: rightToLeft, engine: engine)
        }
        var pieces: [PangoTextPiece] = []
        var position = from
        while position < to || pieces.isEmpty {
            var end = to
            if to - position > PangoTextPiece.length * 3 / 2,
                let cut = PieceCuts.cut(in: text, after: position + PangoTextPiece.length, rightToLeft: rightToLeft),
                cut < to
            {
                end = cut
            }
            let start = utf8.index(utf8.startIndex, offsetBy: position)
            var laidOut = String(text[start..<utf8.index(utf8.startIndex, offsetBy: end)])
            let isLast = end == to
            if isLast, let lookahead { laidOut += lookahead }
            let layout = try engine.layout(for: laidOut, style: style, rightToLeft: rightToLeft)
            let afterSpace = position == 0 || utf8[utf8.index(before: start)] == 0x20
            var length = end - position
            var lineCount = layout.lines.count
            if wraps, isLast, lookahead != nil {
                // The piece must end where a line starts, or the next one must be laid out again.
                guard let line = layout.lines.firstIndex(where: { $0.range.lowerBound == end - position }) else {
                    return nil
                }
                lineCount = line
            } else if wraps, !isLast, layout.lines.count > 1 {
                // Its last line goes on in the next piece: the next piece starts with it.
                lineCount = layout.lines.count - 1
                length = layout.lines[lineCount].range.lowerBound
            }
            // (A wrapped chunk of one line — a line longer than a piece of zero-width text — ends at the cut: a forced break.)
            pieces.append(
                PangoTextPiece(
                    layout: layout, length: length, lineCount: lineCount, startsAfterSpace: afterSpace,
                    rightToLeft: rightToLeft, engine: engine))
            position += length
            if length == 0 { break }
        }
        return pieces
    }

    /// How many pieces at each end of a long stretch of a field's line are
    /// laid out at once; those between are estimated (``fieldPieces(of:from:to:style:rightToLeft:engine:)``).
    static var exactEnds: Int { 8 }

    /// A long stretch of a field's line (a paste) as pieces: the first and
    /// last ``exactEnds`` laid out, where the text before it and the caret
    /// after it show; those between only cut, as wide as the laid-out ones
    /// are per byte, and laid out a few at a time after the frame is drawn
    /// (``ProgressivePiecewiseLayout``), so that the window keeps answering.
    static func fieldPieces(
        of text: String, from: Int, to: Int, style: TextStyle, rightToLeft: Bool, engine: PangoTextLayoutEngine
    ) throws -> [PangoTextPiece] {
        let utf8 = text.utf8
        var bounds = [from]
        while let position = bounds.last, to - position > PangoTextPiece.length * 3 / 2,
            let cut = PieceCuts.cut(in: text, after: position + PangoTextPiece.length, rightToLeft: rightToLeft), cut < to
        {
            bounds.append(cut)
        }
        bounds.append(to)
        let count = bounds.count - 1
        func piece(_ index: Int) -> (text: String, afterSpace: Bool) {
            let start = utf8.index(utf8.startIndex, offsetBy: bounds[index])
            let end = utf8.index(start, offsetBy: bounds[index + 1] - bounds[index])
            return (String(text[start..<end]), bounds[index] == 0 || utf8[utf8.index(before: start)] == 0x20)
        }
        func laidOut(_ index: Int) throws -> PangoTextPiece {
            let (text, afterSpace) = piece(index)
            let layout = try engine.layout(for: text, style: style, rightToLeft: rightToLeft)
            return PangoTextPiece(
                layout: layout, length: text.utf8.count, lineCount: 1, startsAfterSpace: afterSpace,
                rightToLeft: rightToLeft, engine: engine)
        }
        let exact = Set(0..<min(count, exactEnds)).union(max(0, count - exactEnds)..<count)
        var laid: [Int: PangoTextPiece] = [:]
        for index in exact { laid[index] = try laidOut(index) }
        let measured = laid.values
        let perByte = measured.reduce(0) { $0 + $1.size.width } / Double(max(1, measured.reduce(0) { $0 + $1.length }))
        let line = laid[0]?.lines[0] ?? TextLine(range: 0..<0, frame: .zero, baseline: 0, isRightToLeft: rightToLeft)
        return (0..<count).map { index in
            if let exact = laid[index] { return exact }
            let (text, afterSpace) = piece(index)
            return PangoTextPiece(
                estimating: text, width: perByte * Double(text.utf8.count), line: line, startsAfterSpace: afterSpace,
                rightToLeft: rightToLeft, style: style, engine: engine)
        }
    }

    /// The paragraph's direction, as Pango's auto direction finds it: its
    /// first strong letter's (``PieceCuts/isStrong(_:rightToLeft:)``), left
    /// to right without one; and the offset past that letter, before which an
    /// edit may change it (a paragraph without a letter is read again on every edit).
    static func direction(of text: String) -> (rightToLeft: Bool, settledAt: Int) {
        var offset = 0
        for scalar in text.unicodeScalars {
            offset += UTF8.width(scalar)
            if PieceCuts.isStrong(scalar, rightToLeft: false) { return (false, offset) }
            if PieceCuts.isStrong(scalar, rightToLeft: true) { return (true, offset) }
        }
        return (false, Int.max)
    }
}
