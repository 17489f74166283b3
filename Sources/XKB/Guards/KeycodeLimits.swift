/// Counts the keycodes a keycodes section assigns (`<AE01> = 10;`) and the
/// largest number it uses, `minimum` and `maximum` included.
struct KeycodeTally {
    struct Totals: Hashable {
        var count = 0
        var largest = 0
        /// The line of the largest number, from 1.
        var largestLine = 0
    }

    private(set) var totals = Totals()
    private enum State { case none, afterName, afterBound, assigningKey, assigningBound }
    private var state = State.none

    mutating func note(_ symbol: UInt8, line: Int) {
        switch (symbol, state) {
        case (UInt8(ascii: "="), .afterName): state = .assigningKey
        case (UInt8(ascii: "="), .afterBound): state = .assigningBound
        case (UInt8(ascii: ">"), _): state = .afterName
        default: state = .none
        }
    }

    mutating func note(_ word: String, line: Int) {
        if state == .assigningKey || state == .assigningBound, let value = Self.number(word) {
            if state == .assigningKey { totals.count += 1 }
            if value > totals.largest {
                totals.largest = value
                totals.largestLine = line
            }
        }
        state = word == "minimum" || word == "maximum" ? .afterBound : .none
    }

    /// A decimal or `0x` number, saturating rather than overflowing.
    private static func number(_ word: String) -> Int? {
        if word.hasPrefix("0x") || word.hasPrefix("0X") {
            let digits = word.dropFirst(2)
            guard !digits.isEmpty, digits.allSatisfy(\.isHexDigit) else { return nil }
            return digits.count > 12 ? Int.max : Int(digits, radix: 16)
        }
        guard !word.isEmpty, word.allSatisfy(\.isASCII), word.allSatisfy(\.isNumber) else { return nil }
        return word.count > 15 ? Int.max : Int(word)
    }
}

/// The most keycodes, and the largest keycode, a keymap may have before
/// libxkbcommon is asked to compile it.
///
/// libxkbcommon 1.5 takes time that grows with the square of the number of
/// named keycodes (40,000 take 2 s, hundreds of thousands minutes), keeps a
/// slot for every keycode up to the largest (16 million take 84 MB), and
/// aborts on a keycode near 2³²; real keymaps name about 500 keycodes below 800.
enum KeycodeLimits {
    static let mostKeycodes = 8192
    static let largestKeycode = 1_048_575

    /// Fails for a keycodes section of `statements` over either limit.
    ///
    /// - Parameter source: How messages name the text: its file's path.
    static func check(_ statements: IncludeStatements, source: String) throws(XKBError) {
        for section in statements.sections where section.kind == "keycodes" {
            let totals = section.keycodes
            if totals.largest > largestKeycode {
                throw XKBError(
                    .keymapCompilationFailed,
                    "\(source):\(totals.largestLine): keycode \(totals.largest) is over \(largestKeycode), the largest accepted "
                        + "(real keyboards stay below 800)")
            }
            if totals.count > mostKeycodes {
                throw XKBError(
                    .keymapCompilationFailed,
                    "\(source): \(totals.count) keycodes; at most \(mostKeycodes) are accepted (real keymaps name about 500)")
            }
        }
    }
}
