/// A text cut into characters, words or lines, in Unicode scalar offsets
/// (AT-SPI's characters): what `GetTextAtOffset` and its siblings answer.
struct TextSegments {
    enum Unit {
        case character, word, line
    }

    let scalars: [Unicode.Scalar]
    let ranges: [Range<Int>]

    init(_ text: String, by unit: Unit) {
        scalars = Array(text.unicodeScalars)
        var ranges: [Range<Int>] = []
        var start = 0
        for index in scalars.indices {
            let ends: Bool
            switch unit {
            case .character: ends = true
            // A word runs from its first letter to the next word's first letter.
            case .word:
                ends = index + 1 < scalars.count && scalars[index].properties.isWhitespace
                    && !scalars[index + 1].properties.isWhitespace
            case .line: ends = scalars[index] == "\n"
            }
            if ends {
                ranges.append(start..<(index + 1))
                start = index + 1
            }
        }
        if start < scalars.count || ranges.isEmpty { ranges.append(start..<scalars.count) }
        self.ranges = ranges
    }

    /// The AT-SPI unit of a boundary type (`AtspiTextBoundaryType`) or, with `granularity`, of a granularity.
    static func unit(_ number: UInt32, granularity: Bool) -> Unit {
        if granularity { return [0: .character, 1: .word][number] ?? .line }
        switch number {
        case 0: return .character
        case 1, 2: return .word
        default: return .line
        }
    }

    /// The text between two offsets, clamped; `end` -1 means the end.
    func text(_ start: Int, _ end: Int) -> String {
        let upper = end < 0 ? scalars.count : min(end, scalars.count)
        let lower = max(0, min(start, upper))
        var text = ""
        text.unicodeScalars.append(contentsOf: scalars[lower..<upper])
        return text
    }

    /// The segment `shift` away from the one holding `offset` (-1 before, 0 at, 1 after), with its text.
    func segment(at offset: Int, shift: Int) -> (text: String, range: Range<Int>) {
        let holding = ranges.firstIndex { $0.contains(offset) } ?? (ranges.count - 1)
        let index = holding + shift
        guard ranges.indices.contains(index) else { return ("", offset..<offset) }
        let range = ranges[index]
        return (text(range.lowerBound, range.upperBound), range)
    }
}
