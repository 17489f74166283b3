/// The sections of an XKB file and the include statements in each, read
/// without compiling anything.
struct IncludeStatements {
    /// One `include`, `augment`, `override` or `replace` of a section.
    struct Include: Hashable {
        /// The component folder: `keycodes`, `types`, `compat` or `symbols`.
        var kind: String
        /// The file, relative to the component folder, such as `us` or `sun_vndr/us`.
        var file: String
        /// The section, or `nil` for the file's default one.
        var section: String?
        /// The statement's line, from 1.
        var line: Int
    }

    /// One `xkb_symbols "name" { … }` block.
    struct Section {
        var kind: String
        var name: String?
        var isDefault: Bool
        var includes: [Include] = []
        /// For a keycodes section: how many keycodes it names, and the largest.
        var keycodes = KeycodeTally.Totals()
    }

    private(set) var sections: [Section] = []

    /// The index of the section an include names; without a name, the one
    /// marked `default`, else the first of its kind, as libxkbcommon chooses.
    func sectionIndex(named name: String?, kind: String) -> Int? {
        let ofKind = sections.indices.filter { sections[$0].kind == kind }
        guard let name else { return ofKind.first(where: { sections[$0].isDefault }) ?? ofKind.first }
        return ofKind.first { sections[$0].name == name }
    }

    /// The component folder each block keyword reads from; geometry is not compiled.
    static let kinds: [String: String] = [
        "xkb_keycodes": "keycodes", "xkb_types": "types", "xkb_compat": "compat",
        "xkb_compatibility": "compat", "xkb_compat_map": "compat", "xkb_compatibility_map": "compat",
        "xkb_symbols": "symbols",
    ]

    private static let mergeKeywords: Set<String> = ["include", "augment", "override", "replace"]

    init(parsing bytes: [UInt8]) {
        var lexer = XKBLexer(bytes: bytes)
        var flags: [String] = []
        var pendingKind: String?
        var pendingName: String?
        // Which open brace belongs to a section, as an index into `sections`.
        var braces: [Int?] = []
        var previousWord: String?
        var keycodes = KeycodeTally()
        while let token = lexer.next() {
            switch token.kind {
            case .word(let word):
                if let kind = Self.kinds[word] {
                    pendingKind = kind
                    pendingName = nil
                } else if word.hasPrefix("xkb_") {
                    pendingKind = nil
                } else if braces.allSatisfy({ $0 == nil }) {
                    flags.append(word)
                }
                if let open = braces.last, let index = open, sections[index].kind == "keycodes" {
                    keycodes.note(word, line: token.line)
                    sections[index].keycodes = keycodes.totals
                }
                previousWord = word
                continue
            case .string(let text):
                keycodes.note(UInt8(ascii: "\""), line: token.line)
                if let keyword = previousWord, Self.mergeKeywords.contains(keyword),
                    let open = braces.last(where: { $0 != nil }), let index = open
                {
                    let kind = sections[index].kind
                    sections[index].includes += Self.includes(in: text, kind: kind, line: token.line)
                } else if pendingKind != nil {
                    pendingName = text
                }
            case .openBrace:
                if let kind = pendingKind {
                    keycodes = KeycodeTally()
                    sections.append(Section(kind: kind, name: pendingName, isDefault: flags.contains("default")))
                    braces.append(sections.count - 1)
                } else {
                    braces.append(nil)
                }
                pendingKind = nil
                flags = []
            case .closeBrace:
                _ = braces.popLast()
                flags = []
            case .symbol(let byte):
                if braces.isEmpty { flags = [] }
                if let open = braces.last, let index = open, sections[index].kind == "keycodes" {
                    keycodes.note(byte, line: token.line)
                }
            }
            previousWord = nil
        }
    }

    /// The files of `"pc+us(intl):2|inet(evdev)"`, as libxkbcommon splits it.
    static func includes(in text: String, kind: String, line: Int) -> [Include] {
        var result: [Include] = []
        var piece = ""
        var depth = 0
        func finish() {
            defer { piece = "" }
            var name = Substring(piece)
            if let colon = name.firstIndex(of: ":") { name = name[..<colon] }
            var section: String?
            if let open = name.firstIndex(of: "(") {
                let inside = name[name.index(after: open)...]
                section = String(inside.prefix(while: { $0 != ")" }))
                name = name[..<open]
            }
            guard !name.isEmpty else { return }
            result.append(Include(kind: kind, file: String(name), section: section, line: line))
        }
        for character in text {
            switch character {
            case "(": depth += 1; piece.append(character)
            case ")": depth = max(0, depth - 1); piece.append(character)
            case "+" where depth == 0, "|" where depth == 0: finish()
            default: piece.append(character)
            }
        }
        finish()
        return result
    }
}

/// The tokens of XKB text that matter to include statements: words, strings
/// and braces, with comments skipped and lines counted.
struct XKBLexer {
    enum Kind: Equatable { case word(String), string(String), openBrace, closeBrace, symbol(UInt8) }
    struct Token { var kind: Kind; var line: Int }

    private let bytes: [UInt8]
    private var index = 0
    private var line = 1

    init(bytes: [UInt8]) { self.bytes = bytes }

    mutating func next() -> Token? {
        skipSpaceAndComments()
        guard index < bytes.count else { return nil }
        let start = line
        let byte = bytes[index]
        switch byte {
        case UInt8(ascii: "{"):
            index += 1
            return Token(kind: .openBrace, line: start)
        case UInt8(ascii: "}"):
            index += 1
            return Token(kind: .closeBrace, line: start)
        case UInt8(ascii: "\""):
            index += 1
            var text: [UInt8] = []
            while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
                if bytes[index] == UInt8(ascii: "\\"), index + 1 < bytes.count { index += 1 }
                if bytes[index] == UInt8(ascii: "\n") { line += 1 }
                text.append(bytes[index])
                index += 1
            }
            index += 1
            return Token(kind: .string(String(decoding: text, as: UTF8.self)), line: start)
        default:
            if Self.isWordByte(byte) {
                let begin = index
                while index < bytes.count, Self.isWordByte(bytes[index]) { index += 1 }
                return Token(kind: .word(String(decoding: bytes[begin..<index], as: UTF8.self)), line: start)
            }
            index += 1
            return Token(kind: .symbol(byte), line: start)
        }
    }

    private static func isWordByte(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "_")
    }

    private mutating func skipSpaceAndComments() {
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\n") {
                line += 1
                index += 1
            } else if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r") {
                index += 1
            } else if byte == UInt8(ascii: "#")
                || (byte == UInt8(ascii: "/") && index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "/"))
            {
                while index < bytes.count, bytes[index] != UInt8(ascii: "\n") { index += 1 }
            } else if byte == UInt8(ascii: "/") && index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "*") {
                index += 2
                while index < bytes.count, !(bytes[index] == UInt8(ascii: "*") && index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "/")) {
                    if bytes[index] == UInt8(ascii: "\n") { line += 1 }
                    index += 1
                }
                index += 2
            } else {
                return
            }
        }
    }
}
