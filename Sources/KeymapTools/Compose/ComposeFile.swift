import XKB

/// A Compose file (the `~/.XCompose` format) read line by line.
///
/// ```
/// include "%L"                                   # the locale's own table
/// <Multi_key> <a> <e> : "æ" ae                   # a sequence, its text and keysym
/// <dead_acute> <w>    : "ẃ"
/// ```
///
/// libxkbcommon 1.5.0 cannot list a table's sequences, so the file is read here;
/// what libxkbcommon makes of it is confirmed by ``ComposeCheck``.
public struct ComposeFile: Hashable, Sendable {
    /// One sequence line: `<k1> <k2> : "text" keysym`.
    public struct Entry: Hashable, Sendable {
        /// The 1-based line number.
        public var line: Int
        /// The keysyms to press, in order.
        public var sequence: [Keysym]
        /// The text it types, if given.
        public var text: String?
        /// The keysym it gives, if given.
        public var keysym: Keysym?
        /// The line as written.
        public var source: String

        /// `<Multi_key> <a> <e>`.
        public var sequenceDescription: String { sequence.map { "<\($0.name)>" }.joined(separator: " ") }
        /// `"æ"` (or the keysym's name when there is no text).
        public var resultDescription: String { text.map { $0.debugDescription } ?? keysym?.name ?? "nothing" }
    }

    /// One `include "…"` line.
    public struct Include: Hashable, Sendable {
        /// The 1-based line number.
        public var line: Int
        /// The path as written, `%L`, `%H` and `%S` not yet expanded.
        public var path: String
        /// The line as written.
        public var source: String
    }

    /// A line that could not be read.
    public struct Problem: Hashable, Sendable {
        /// The 1-based line number.
        public var line: Int
        /// What is wrong.
        public var message: String
        /// Whether it names a keysym that does not exist (rather than bad syntax).
        public var isUnknownKeysym = false
    }

    /// The sequences, in file order.
    public var entries: [Entry] = []
    /// The include lines, in file order.
    public var includes: [Include] = []
    /// The lines that could not be read.
    public var problems: [Problem] = []

    /// Reads a Compose file's bytes; a line that is not UTF-8 or does not
    /// parse becomes a ``Problem``, never an error.
    public init(bytes: [UInt8]) {
        var number = 0
        for raw in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
            number += 1
            var line = Array(raw)
            if line.last == UInt8(ascii: "\r") { line.removeLast() }
            guard let text = String(validating: line, as: UTF8.self) else {
                problems.append(Problem(line: number, message: "not valid UTF-8"))
                continue
            }
            do {
                try read(text, line: number)
            } catch let problem as Problem {
                problems.append(problem)
            } catch {
                problems.append(Problem(line: number, message: "\(error)"))
            }
        }
    }

    /// Reads one line into ``entries`` or ``includes``.
    private mutating func read(_ text: String, line: Int) throws {
        var scanner = Scanner(Array(text.unicodeScalars), line: line)
        scanner.skipBlanks()
        if scanner.atEnd { return }
        if scanner.consumeWord("include") {
            scanner.skipBlanks()
            let path = try scanner.string()
            scanner.skipBlanks()
            guard scanner.atEnd else { throw scanner.problem("text after the include's path") }
            includes.append(Include(line: line, path: path, source: text))
            return
        }
        var sequence: [Keysym] = []
        while true {
            scanner.skipBlanks()
            guard let next = scanner.peek else { throw scanner.problem("a sequence needs \":\" and a result, as in <Multi_key> <a> <e> : \"æ\"") }
            if next == ":" { scanner.advance(); break }
            if next == "<" {
                scanner.advance()
                let name = scanner.take { $0 != ">" && $0 != " " && $0 != "\t" }
                guard scanner.peek == ">" else { throw scanner.problem("\"<\(name)\" has no closing \">\"") }
                scanner.advance()
                guard let keysym = Keysym(name: name), keysym != .noSymbol else {
                    var problem = scanner.problem("unknown keysym <\(name)>")
                    problem.isUnknownKeysym = true
                    throw problem
                }
                sequence.append(keysym)
                continue
            }
            // Modifier conditions (`!`, `~`, `None`, `Ctrl`…) come before a keysym; libxkbcommon ignores them.
            if next == "!" || next == "~" { scanner.advance(); continue }
            if next == "\"" { throw scanner.problem("a sequence needs \":\" before its result, as in <Multi_key> <a> <e> : \"æ\"") }
            let word = scanner.take { $0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_" }
            guard !word.isEmpty else { throw scanner.problem("unexpected \"\(next)\"; a sequence is keysyms in <>, as in <Multi_key> <a>") }
            guard Self.modifierWords.contains(word) else {
                throw scanner.problem("unexpected \"\(word)\"; write keysyms in angle brackets, as <\(word)>")
            }
        }
        guard !sequence.isEmpty else { throw scanner.problem("no keysyms before \":\"") }
        scanner.skipBlanks()
        var text: String?
        if scanner.peek == "\"" {
            text = try scanner.string()
            scanner.skipBlanks()
        }
        var keysym: Keysym?
        if let next = scanner.peek, next != "#" {
            let name = scanner.take { $0 != " " && $0 != "\t" && $0 != "#" }
            guard let result = Keysym(name: name), result != .noSymbol else {
                var problem = scanner.problem("unknown keysym \"\(name)\" as the result")
                problem.isUnknownKeysym = true
                throw problem
            }
            keysym = result
            scanner.skipBlanks()
        }
        guard scanner.atEnd else { throw scanner.problem("text after the result") }
        guard text != nil || keysym != nil else { throw scanner.problem("nothing after \":\"; give a \"string\", a keysym or both") }
        entries.append(Entry(line: line, sequence: sequence, text: text, keysym: keysym, source: scanner.source))
    }

    /// Modifier names a sequence may be conditioned on (ignored, as libxkbcommon does).
    static let modifierWords: Set<String> = [
        "None", "Shift", "Ctrl", "Lock", "Caps", "Alt", "Meta", "Mod1", "Mod2", "Mod3", "Mod4", "Mod5",
    ]

    /// Walks one line's scalars; `#` outside a string ends the line.
    private struct Scanner {
        let scalars: [Unicode.Scalar]
        let line: Int
        var index = 0

        init(_ scalars: [Unicode.Scalar], line: Int) {
            self.scalars = scalars
            self.line = line
        }

        var source: String {
            var view = String.UnicodeScalarView()
            view.append(contentsOf: scalars)
            return String(view)
        }
        var peek: Unicode.Scalar? { index < scalars.count && scalars[index] != "#" ? scalars[index] : nil }
        var atEnd: Bool { peek == nil }
        mutating func advance() { index += 1 }
        mutating func skipBlanks() { while let c = peek, c == " " || c == "\t" { index += 1 } }

        mutating func take(while predicate: (Unicode.Scalar) -> Bool) -> String {
            var view = String.UnicodeScalarView()
            while let c = peek, predicate(c) {
                view.append(c)
                index += 1
            }
            return String(view)
        }

        mutating func consumeWord(_ word: String) -> Bool {
            let wanted = Array(word.unicodeScalars)
            guard index + wanted.count <= scalars.count, Array(scalars[index..<index + wanted.count]) == wanted else { return false }
            let after = index + wanted.count
            guard after == scalars.count || scalars[after] == " " || scalars[after] == "\t" || scalars[after] == "\"" else { return false }
            index = after
            return true
        }

        func problem(_ message: String) -> Problem { Problem(line: line, message: message) }

        /// A double-quoted string: `\\`, `\"`, `\ooo` (octal) and `\xHH` escapes, as libxkbcommon reads them.
        mutating func string() throws -> String {
            guard index < scalars.count, scalars[index] == "\"" else { throw problem("expected a string in double quotes") }
            index += 1
            var bytes: [UInt8] = []
            while index < scalars.count {
                let c = scalars[index]
                index += 1
                switch c {
                case "\"":
                    guard let text = String(validating: bytes, as: UTF8.self) else {
                        throw problem("the string's escapes make bytes that are not UTF-8")
                    }
                    return text
                case "\\":
                    guard index < scalars.count else { throw problem("unfinished escape at the end of the line") }
                    let escape = scalars[index]
                    index += 1
                    if escape == "x" || escape == "X" {
                        var value = 0
                        var digits = 0
                        while digits < 2, index < scalars.count, let digit = Int(String(scalars[index]), radix: 16) {
                            value = value * 16 + digit
                            digits += 1
                            index += 1
                        }
                        guard digits > 0 else { throw problem("\\x needs hexadecimal digits") }
                        bytes.append(UInt8(value))
                    } else if ("0"..."7").contains(escape) {
                        var value = Int(String(escape))!
                        var digits = 1
                        while digits < 3, index < scalars.count, ("0"..."7").contains(scalars[index]) {
                            value = value * 8 + Int(String(scalars[index]))!
                            digits += 1
                            index += 1
                        }
                        guard value <= 255 else { throw problem("octal escape \\\(String(value, radix: 8)) is over 377") }
                        bytes.append(UInt8(value))
                    } else if escape == "\\" || escape == "\"" {
                        bytes.append(UInt8(escape.value))
                    } else {
                        throw problem("unknown escape \\\(escape)")
                    }
                default:
                    bytes.append(contentsOf: Array(String(c).utf8))
                }
            }
            throw problem("missing closing quote")
        }
    }
}

extension ComposeFile.Problem: Error {}
