/// A message made safe to print on a terminal: what it echoes can neither
/// drive the terminal nor bury the message.
///
/// Control characters (an escape sequence, a carriage return, a bell) and
/// the invisible bidirectional overrides are written as `\u{1B}`; a run of
/// more than ``longestRun`` characters without a space, such as a pasted
/// 130 KB `--layout`, is cut in its middle, saying how much was left out.
/// Line feeds and tabs stay: messages use them.
public enum TerminalSafeText {
    /// The longest run of characters without a space kept whole.
    public static let longestRun = 120

    /// `message`, escaped and cut.
    public static func make(_ message: String) -> String {
        var result = ""
        var run: [Character] = []
        func flushRun() {
            if run.count > longestRun {
                result += String(run.prefix(80)) + "…" + String(run.suffix(24))
                result += " (\(run.count - 104) characters left out)"
            } else {
                result += String(run)
            }
            run.removeAll(keepingCapacity: true)
        }
        for character in message {
            if character == " " || character == "\n" || character == "\t" {
                flushRun()
                result.append(character)
            } else if character.unicodeScalars.contains(where: needsEscape) {
                run += character.unicodeScalars.flatMap { scalar in
                    needsEscape(scalar) ? Array("\\u{\(String(scalar.value, radix: 16, uppercase: true))}") : [Character(scalar)]
                }
            } else {
                run.append(character)
            }
        }
        flushRun()
        return result
    }

    /// C0 and C1 controls but line feed and tab, DEL, and the bidirectional
    /// embeddings, overrides and isolates that reorder what a reader sees.
    private static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0A, 0x09: false
        case 0x00...0x1F, 0x7F...0x9F: true
        case 0x202A...0x202E, 0x2066...0x2069, 0x200E, 0x200F, 0x061C: true
        default: false
        }
    }
}
