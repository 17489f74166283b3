/// Where a keymap text has a `,` straight after a `{` (whitespace and
/// comments between them), or `nil`.
///
/// No XKB text v1 construct opens with a comma, and libxkbcommon 1.5
/// dereferences a null pointer on a key body that does (`key <A> { , a };`),
/// so such text is refused before it reaches the compiler. Strings are
/// skipped: a name may hold anything.
///
/// - Returns: The comma's line and column, both from 1.
func commaOpeningABlock(in bytes: [UInt8]) -> (line: Int, column: Int)? {
    var line = 1, lineStart = 0
    var afterBrace = false
    var index = 0
    // A comment runs to the end of the line; its line feed is counted by the loop.
    func skipToLineEnd() {
        while index + 1 < bytes.count, bytes[index + 1] != UInt8(ascii: "\n") { index += 1 }
    }
    while index < bytes.count {
        let byte = bytes[index]
        switch byte {
        case UInt8(ascii: "\n"):
            line += 1
            lineStart = index + 1
        case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"):
            break
        case UInt8(ascii: "#"):
            skipToLineEnd()
        case UInt8(ascii: "/") where index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "/"):
            skipToLineEnd()
        case UInt8(ascii: "\""):
            afterBrace = false
            index += 1
            while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
                if bytes[index] == UInt8(ascii: "\\") { index += 1 }
                if index < bytes.count, bytes[index] == UInt8(ascii: "\n") {
                    line += 1
                    lineStart = index + 1
                }
                index += 1
            }
        case UInt8(ascii: "{"):
            afterBrace = true
        case UInt8(ascii: ","):
            if afterBrace { return (line, index - lineStart + 1) }
        default:
            afterBrace = false
        }
        index += 1
    }
    return nil
}
