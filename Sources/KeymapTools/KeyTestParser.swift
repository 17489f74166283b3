import Foundation
import XKB

/// One line of a `.keytest` file that does something.
public enum KeyTestStatement: Hashable, Sendable {
    /// `keymap layout=de variant=nodeadkeys` or `keymap file=my.xkb`: the
    /// keymap the following lines test.
    case keymap(KeymapSource.Origin)
    /// `include DIR`: a folder searched for keymap files from here on.
    case include(String)
    /// `compose LOCALE`, `compose file=PATH` or `compose off`.
    case compose(ComposeSetting)
    /// `type TOKENS… => "TEXT"`: typing the tokens into an empty field gives TEXT.
    case type(tokens: [String], expected: String)
    /// `keysyms TOKENS… => NAME…`: the last key pressed reports these keysyms.
    case keysyms(tokens: [String], expected: [String])
    /// `can-type "TEXT"`: every character of TEXT can be typed.
    case canType(String)
    /// `cannot-type "TEXT"`: no character of TEXT can be typed.
    case cannotType(String)
    /// `covers fr br` or `covers`: every CLDR letter of these languages (ISO
    /// 639 codes), or of the layout's own languages in the registry, can be typed.
    case covers([String])
    /// `after TOKENS… => group is 2` (or a level, modifiers, consumed
    /// modifiers, LEDs): the keyboard state once the tokens are typed.
    case state(tokens: [String], expected: KeyStateAssertion)
    /// `shortcut TOKENS… => Ctrl+c`: what the last key pressed means as a
    /// shortcut, Latin fallback included.
    case shortcut(tokens: [String], expected: Shortcut)

    /// Whether the line is a test case (an assertion) rather than a setting.
    public var isAssertion: Bool {
        switch self {
        case .keymap, .include, .compose: false
        case .type, .keysyms, .canType, .cannotType, .covers, .state, .shortcut: true
        }
    }
}

/// Which compose table a `.keytest` file uses.
public enum ComposeSetting: Hashable, Sendable {
    /// No compose (the default in `.keytest` files, so results do not depend
    /// on the machine's locale).
    case off
    /// The table of a locale, such as `en_US.UTF-8`.
    case locale(String)
    /// A Compose file.
    case file(String)
}

/// A line of a `.keytest` file, read.
public struct KeyTestLine: Hashable, Sendable {
    /// The 1-based line number.
    public var number: Int
    /// The line as written, without its comment.
    public var source: String
    /// What it says, or why it could not be read.
    public var statement: Result<KeyTestStatement, KeyTestSyntaxError>
}

/// A line of a `.keytest` file that could not be read.
public struct KeyTestSyntaxError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What is wrong.
    public var message: String
    public var description: String { message }
}

/// Reads `.keytest` files.
///
/// The format is line-oriented; `#` starts a comment outside quotes:
///
/// ```
/// keymap layout=de variant=nodeadkeys      # or: keymap file=my.xkb
/// compose en_US.UTF-8                      # or: compose off (the default)
/// type KEY_Y KEY_Z => "zy"
/// keysyms KEY_RIGHTALT+KEY_Q => at
/// can-type "äöüß€"
/// cannot-type "ł"
/// covers deu                               # or: covers (the registry's languages)
/// after KEY_CAPSLOCK => leds are Caps Lock   # or: group is 2, level of a is 2,
///                                          # modifiers are Lock, consumed by a are Lock
/// shortcut KEY_LEFTCTRL+KEY_C => Ctrl+c
/// ```
///
/// Paths (`file=`, `include`) are relative to the test file's folder.
public enum KeyTestParser {
    /// Reads the text of a `.keytest` file.
    ///
    /// - Parameters:
    ///   - text: The file's contents.
    ///   - folder: The folder relative paths are resolved against.
    /// - Returns: One entry per line that is not blank or a comment.
    public static func parse(_ text: String, folder: String) -> [KeyTestLine] {
        var lines: [KeyTestLine] = []
        var number = 0
        // "\r\n" is one Character in Swift: split on it too, or CRLF files read as one line.
        for rawLine in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }) {
            number += 1
            let line = rawLine.hasSuffix("\r") ? rawLine.dropLast() : rawLine
            let result = Result { try parseLine(line, folder: folder) }.mapError {
                $0 as? KeyTestSyntaxError ?? KeyTestSyntaxError(message: "\($0)")
            }
            switch result {
            case .success(nil): continue
            case .success(let statement?):
                lines.append(KeyTestLine(number: number, source: stripComment(line), statement: .success(statement)))
            case .failure(let error):
                lines.append(KeyTestLine(number: number, source: stripComment(line), statement: .failure(error)))
            }
        }
        return lines
    }

    /// The line without its comment, trimmed. Read scalar by scalar: a quote
    /// followed by a combining mark is one `Character` but still a quote.
    static func stripComment(_ line: Substring) -> String {
        let scalars = line.unicodeScalars
        var inQuotes = false
        var escaped = false
        var end = scalars.endIndex
        for index in scalars.indices {
            let c = scalars[index]
            if escaped { escaped = false; continue }
            if c == "\\" && inQuotes { escaped = true; continue }
            if c == "\"" { inQuotes.toggle() }
            if c == "#" && !inQuotes { end = index; break }
        }
        return trimmingWhitespaces(Substring(scalars[..<end]))
    }

    /// `text.trimmingCharacters(in: .whitespaces)` without Foundation's cost:
    /// tabs and space separators (category Zs) trimmed, scalar by scalar, at both ends.
    static func trimmingWhitespaces(_ text: Substring) -> String {
        func isBlank(_ scalar: Unicode.Scalar) -> Bool {
            scalar.isASCII ? scalar == " " || scalar == "\t" : scalar.properties.generalCategory == .spaceSeparator
        }
        let scalars = text.unicodeScalars
        guard let first = scalars.firstIndex(where: { !isBlank($0) }), let last = scalars.lastIndex(where: { !isBlank($0) })
        else { return "" }
        return String(Substring(scalars[first...last]))
    }

    static let directives = [
        "keymap", "include", "compose", "type", "keysyms", "can-type", "cannot-type", "covers", "after", "shortcut",
    ]

    static func parseLine(_ rawLine: Substring, folder: String) throws -> KeyTestStatement? {
        let line = stripComment(rawLine)
        if line.isEmpty { return nil }
        let directive = String(line.prefix(while: { !$0.isWhitespace }))
        let rest = trimmingWhitespaces(line.dropFirst(directive.count))
        func resolve(_ path: String) -> String {
            path.hasPrefix("/") ? path : (folder as NSString).appendingPathComponent(path)
        }
        switch directive {
        case "keymap":
            let pairs = try keyValues(rest)
            if let file = pairs["file"] {
                guard pairs.count == 1 else {
                    throw KeyTestSyntaxError(message: "keymap file= cannot be combined with names")
                }
                return .keymap(.file(resolve(file)))
            }
            let allowed: Set = ["rules", "model", "layout", "variant", "options"]
            if let unknown = pairs.keys.sorted().first(where: { !allowed.contains($0) }) {
                let near = NameSuggestions.nearest(to: unknown, in: Array(allowed) + ["file"])
                throw KeyTestSyntaxError(
                    message: "unknown keymap setting \"\(unknown)\""
                        + (near.isEmpty ? "" : "; did you mean \(near.joined(separator: ", "))?"))
            }
            return .keymap(
                .names(
                    RuleNames(
                        rules: pairs["rules"], model: pairs["model"], layout: pairs["layout"],
                        variant: pairs["variant"], options: pairs["options"])))
        case "include":
            guard !rest.isEmpty else { throw KeyTestSyntaxError(message: "include needs a folder") }
            return .include(resolve(try unquote(rest)))
        case "compose":
            if rest == "off" { return .compose(.off) }
            if rest.hasPrefix("file=") { return .compose(.file(resolve(try unquote(String(rest.dropFirst(5)))))) }
            guard !rest.isEmpty, !rest.contains(" ") else {
                throw KeyTestSyntaxError(message: "compose takes a locale, file=PATH or off")
            }
            return .compose(.locale(rest))
        case "type", "keysyms", "after", "shortcut":
            guard let arrow = rest.range(of: "=>") else {
                throw KeyTestSyntaxError(message: "\(directive) needs \"=>\" and the expected result")
            }
            let tokens = rest[..<arrow.lowerBound].split(whereSeparator: \.isWhitespace).map(String.init)
            guard !tokens.isEmpty else { throw KeyTestSyntaxError(message: "\(directive) needs key tokens before =>") }
            let expected = trimmingWhitespaces(rest[arrow.upperBound...])
            switch directive {
            case "type": return .type(tokens: tokens, expected: try unquote(expected))
            case "after": return .state(tokens: tokens, expected: try KeyStateAssertion.parse(expected))
            case "shortcut": return .shortcut(tokens: tokens, expected: try Shortcut(parsing: expected))
            default: break
            }
            let names = expected.split(whereSeparator: \.isWhitespace).map(String.init)
            for name in names where Keysym(name: name) == nil && name != "NoSymbol" {
                throw KeyTestSyntaxError(message: "unknown keysym name \"\(name)\"")
            }
            return .keysyms(tokens: tokens, expected: names)
        case "can-type":
            return .canType(try unquote(rest))
        case "cannot-type":
            return .cannotType(try unquote(rest))
        case "covers":
            let codes = rest.split(whereSeparator: \.isWhitespace).map(String.init)
            if let reason = CLDRLanguages.unavailableReason {
                throw KeyTestSyntaxError(message: "covers reads CLDR's letters from ICU, which could not be opened (\(reason))")
            }
            for code in codes where CLDRLanguages.canonicalCode(code) == nil {
                throw KeyTestSyntaxError(
                    message: "unknown language code \"\(code)\""
                        + KeymapDiagnosis.suggestion(CLDRLanguages.suggestions(for: code)))
            }
            return .covers(codes)
        case "group", "level", "modifiers", "depressed", "latched", "locked", "effective", "consumed", "leds":
            throw KeyTestSyntaxError(
                message: "state is asserted after keys: write after TOKENS => \(line), as in after KEY_CAPSLOCK => leds are Caps Lock")
        default:
            let near = NameSuggestions.nearest(to: directive, in: directives)
            throw KeyTestSyntaxError(
                message: "unknown directive \"\(directive)\""
                    + (near.isEmpty ? "" : "; did you mean \(near.joined(separator: ", "))?"))
        }
    }

    static func keyValues(_ text: String) throws -> [String: String] {
        var pairs: [String: String] = [:]
        for part in text.split(whereSeparator: \.isWhitespace) {
            guard let equals = part.firstIndex(of: "=") else {
                throw KeyTestSyntaxError(message: "expected NAME=VALUE, found \"\(part)\"")
            }
            let key = String(part[..<equals])
            guard pairs[key] == nil else { throw KeyTestSyntaxError(message: "\(key)= given twice") }
            pairs[key] = try unquote(String(part[part.index(after: equals)...]))
        }
        guard !pairs.isEmpty else { throw KeyTestSyntaxError(message: "keymap needs NAME=VALUE settings") }
        return pairs
    }

    /// Reads a double-quoted string with `\"`, `\\`, `\n`, `\t` and
    /// `\u{HEX}` escapes; a bare word is taken as it is.
    ///
    /// Read scalar by scalar, so text that starts with a combining mark
    /// (`"ौ"`, `"\u{301}"` written as is) keeps its quotes apart from it.
    static func unquote(_ text: String) throws -> String {
        let scalars = text.unicodeScalars
        guard scalars.first == "\"" else {
            guard !scalars.contains("\"") else { throw KeyTestSyntaxError(message: "stray quote in \(text)") }
            return text
        }
        var result = String.UnicodeScalarView()
        var iterator = scalars.dropFirst().makeIterator()
        var closed = false
        while let c = iterator.next() {
            if closed { throw KeyTestSyntaxError(message: "text after the closing quote in \(text)") }
            switch c {
            case "\"": closed = true
            case "\\":
                guard let escape = iterator.next() else { throw KeyTestSyntaxError(message: "unfinished escape") }
                switch escape {
                case "n": result.append("\n")
                case "t": result.append("\t")
                case "\\": result.append("\\")
                case "\"": result.append("\"")
                case "u":
                    guard iterator.next() == "{" else { throw KeyTestSyntaxError(message: "\\u needs {HEX}") }
                    var hex = ""
                    while let h = iterator.next(), h != "}" { hex.unicodeScalars.append(h) }
                    guard let value = UInt32(hex, radix: 16), let scalar = Unicode.Scalar(value) else {
                        throw KeyTestSyntaxError(message: "\\u{\(hex)} is not a Unicode scalar")
                    }
                    result.append(scalar)
                default: throw KeyTestSyntaxError(message: "unknown escape \\\(escape)")
                }
            default: result.append(c)
            }
        }
        guard closed else { throw KeyTestSyntaxError(message: "missing closing quote in \(text)") }
        return String(result)
    }
}
