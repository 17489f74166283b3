/// What a keymap file itself writes that X11 cannot hold, read from its text rather than from
/// the compiled keymap: libxkbcommon refuses or drops some of it before `xkbcomp` could see it
/// (a fifth group), so only the file still shows it.
///
/// Only the file's own statements count: what its `include` lines bring in is stock.
struct X11KeymapScan {
    /// A place in the file.
    struct Mention: Hashable {
        var text: String
        var line: Int
    }

    /// Key names over four characters, each at its first line.
    private(set) var longKeyNames: [Mention] = []
    /// Keycode assignments over 255 in the file's keycodes sections (`<MYKY> = 300;`), but for the
    /// stock ones (``stockKeycodes``).
    private(set) var largeKeycodes: [(name: String, code: Int, line: Int)] = []
    /// Groups past the fourth in symbols sections: `Group5`, `group5`, or `:5` in an include.
    private(set) var extraGroups: [Mention] = []
    /// The keys the file's symbols sections define (`key <AC01>`), each at its first line.
    private(set) var symbolKeys: [String: Int] = [:]
    /// The line of each word and key name's first appearance, to map messages back to the file.
    private(set) var firstLine: [String: Int] = [:]

    /// Keycodes over 255 that every keymap has (xkeyboard-config's `evdev` ones), not reported.
    let stockKeycodes: [String: Int]

    /// Reads a keymap file's text.
    ///
    /// - Parameters:
    ///   - text: The keymap file's text.
    ///   - stockKeycodes: Assignments over 255 to leave out, name to keycode.
    init(text: String, stockKeycodes: [String: Int] = [:]) {
        self.stockKeycodes = stockKeycodes
        var sections: [(kind: String, depth: Int)] = []
        var pendingSection: String?
        var depth = 0
        var previous: [Token] = []
        for token in Self.tokens(in: text) {
            let section = sections.last?.kind ?? ""
            switch token.kind {
            case .word where token.text.hasPrefix("xkb_"):
                pendingSection = token.text
            case .punctuation where token.text == "{":
                depth += 1
                if let pending = pendingSection { sections.append((pending, depth)) }
                pendingSection = nil
            case .punctuation where token.text == "}":
                if sections.last?.depth == depth { sections.removeLast() }
                depth -= 1
            case .punctuation where token.text == ";":
                pendingSection = nil
            default: break
            }
            if token.kind == .keyName || token.kind == .word, firstLine[token.text] == nil {
                firstLine[token.text] = token.line
            }
            if token.kind == .keyName, token.text.count > 4, !longKeyNames.contains(where: { $0.text == token.text }) {
                longKeyNames.append(Mention(text: token.text, line: token.line))
            }
            if section == "xkb_keycodes", token.kind == .number, let code = token.number, code > 255,
                previous.count >= 2, previous[previous.count - 1].text == "=", previous[previous.count - 2].kind == .keyName
            {
                let name = previous[previous.count - 2].text
                if stockKeycodes[name] != code { largeKeycodes.append((name, code, token.line)) }
            }
            if section == "xkb_symbols" {
                if token.kind == .word, let group = Self.groupNumber(token.text), group > 4 {
                    extraGroups.append(Mention(text: token.text, line: token.line))
                }
                if token.kind == .string, let keyword = previous.last?.text,
                    ["include", "augment", "override", "replace"].contains(keyword)
                {
                    for part in Self.includedGroups(token.text) {
                        extraGroups.append(Mention(text: "\(part) in include \"\(token.text)\"", line: token.line))
                    }
                }
                if token.kind == .keyName, previous.last?.text == "key", symbolKeys[token.text] == nil {
                    symbolKeys[token.text] = token.line
                }
            }
            previous.append(token)
            if previous.count > 2 { previous.removeFirst() }
        }
    }

    /// 5 for `Group5` or `group5`.
    private static func groupNumber(_ word: String) -> Int? {
        guard word.lowercased().hasPrefix("group") else { return nil }
        return Int(word.dropFirst(5))
    }

    /// The parts of an include string that ask for a group past the fourth: `pc+us+gr:5` gives `gr:5`.
    private static func includedGroups(_ include: String) -> [String] {
        include.split(whereSeparator: { $0 == "+" || $0 == "|" }).filter { part in
            part.firstIndex(of: ":").flatMap { Int(part[part.index(after: $0)...]) }.map { $0 > 4 } ?? false
        }.map(String.init)
    }

    struct Token {
        enum Kind { case word, number, keyName, string, punctuation }
        var kind: Kind
        var text: String
        var line: Int
        var number: Int? {
            text.hasPrefix("0x") ? Int(text.dropFirst(2), radix: 16) : Int(text)
        }
    }

    /// XKB text as words, numbers, `<key names>`, strings and punctuation, comments left out.
    static func tokens(in text: String) -> [Token] {
        var tokens: [Token] = []
        let scalars = Array(text.unicodeScalars)
        var index = 0
        var line = 1
        func take(while predicate: (Unicode.Scalar) -> Bool) -> String {
            let start = index
            while index < scalars.count, predicate(scalars[index]) { index += 1 }
            return String(String.UnicodeScalarView(scalars[start..<index]))
        }
        while index < scalars.count {
            let scalar = scalars[index]
            let next = index + 1 < scalars.count ? scalars[index + 1] : " "
            if scalar == "\n" {
                line += 1
                index += 1
            } else if scalar == "#" || (scalar == "/" && next == "/") {
                _ = take { $0 != "\n" }
            } else if scalar == "/" && next == "*" {
                index += 2
                while index < scalars.count, !(scalars[index] == "*" && index + 1 < scalars.count && scalars[index + 1] == "/") {
                    if scalars[index] == "\n" { line += 1 }
                    index += 1
                }
                index += 2
            } else if scalar == "\"" {
                index += 1
                let body = take { $0 != "\"" && $0 != "\n" }
                index += 1
                tokens.append(Token(kind: .string, text: body, line: line))
            } else if scalar == "<" {
                index += 1
                let body = take { $0 != ">" && $0 != "\n" && $0 != " " && $0 != ";" }
                if index < scalars.count, scalars[index] == ">" { index += 1 }
                tokens.append(Token(kind: .keyName, text: body, line: line))
            } else if scalar.properties.isAlphabetic || scalar == "_" {
                tokens.append(Token(kind: .word, text: take { $0.properties.isAlphabetic || $0 == "_" || ("0"..."9").contains($0) }, line: line))
            } else if ("0"..."9").contains(scalar) {
                tokens.append(Token(kind: .number, text: take { $0.properties.isASCIIHexDigit || $0 == "x" || $0 == "X" }, line: line))
            } else if scalar.properties.isWhitespace {
                index += 1
            } else {
                tokens.append(Token(kind: .punctuation, text: String(scalar), line: line))
                index += 1
            }
        }
        return tokens
    }
}
