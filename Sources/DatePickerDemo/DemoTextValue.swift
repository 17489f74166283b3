import KeyInputKit

/// A text control's value as `--state` writes it: whole up to
/// ``DemoTextValue/limit`` UTF-8 bytes; beyond, its length and its two ends.
///
/// `--state` writes a line after every change. Writing a pasted 20 MB text on
/// each keystroke made typing cost more with every character; the two ends and
/// the length cost the same whatever the text's length, and still show where
/// typing lands, that nothing was lost and nothing typed twice.
struct DemoTextValue {
    /// The longest value written whole, in UTF-8 bytes; each end of a longer one is half as long.
    static let limit = 4096

    /// The whole text, when it is at most ``limit`` bytes long.
    let whole: String?
    /// The length in UTF-8 bytes, line breaks counting one.
    let length: Int
    /// The first and the last bytes of a longer text, cut on code point boundaries.
    let start: String
    let end: String

    /// Reads what is needed of an engine's text: at most ``limit`` bytes.
    @MainActor init(_ engine: TextEditingEngine) {
        length = engine.utf8Count
        guard length > Self.limit else {
            whole = engine.text
            start = ""
            end = ""
            return
        }
        whole = nil
        let half = Self.limit / 2
        start = Self.prefix(of: engine.paragraphs, bytes: half)
        end = Self.suffix(of: engine.paragraphs, bytes: half)
    }

    /// The first `bytes` bytes of the paragraphs joined by line breaks, or fewer, to end on a code point.
    static func prefix(of paragraphs: [String], bytes: Int) -> String {
        var utf8: [UInt8] = []
        utf8.reserveCapacity(bytes)
        for (index, paragraph) in paragraphs.enumerated() where utf8.count < bytes {
            if index > 0 { utf8.append(UInt8(ascii: "\n")) }
            utf8.append(contentsOf: paragraph.utf8.prefix(bytes - utf8.count))
        }
        utf8.removeLast(max(0, utf8.count - bytes))
        // Back to the start of a code point, when the cut fell inside one.
        if let lead = utf8.lastIndex(where: { $0 & 0xC0 != 0x80 }), utf8[lead] >= 0xC0,
            utf8.count - lead < Self.scalarLength(lead: utf8[lead])
        {
            utf8.removeSubrange(lead...)
        }
        return String(decoding: utf8, as: UTF8.self)
    }

    /// The last `bytes` bytes of the paragraphs joined by line breaks, or fewer, to start on a code point.
    static func suffix(of paragraphs: [String], bytes: Int) -> String {
        var pieces: [ArraySlice<UInt8>] = []
        var count = 0
        for (index, paragraph) in paragraphs.enumerated().reversed() where count < bytes {
            let piece = Array(paragraph.utf8.suffix(bytes - count))[...]
            pieces.append(piece)
            count += piece.count
            if index > 0, count < bytes {
                pieces.append([UInt8(ascii: "\n")])
                count += 1
            }
        }
        var utf8 = Array(pieces.reversed().joined())
        // Past the continuation bytes of a code point cut in two.
        let first = utf8.firstIndex { $0 & 0xC0 != 0x80 } ?? utf8.count
        utf8.removeFirst(first)
        return String(decoding: utf8, as: UTF8.self)
    }

    private static func scalarLength(lead: UInt8) -> Int {
        lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2
    }
}
