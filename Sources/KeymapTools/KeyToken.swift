import XKB

/// One token of the `keyinput` key-sequence syntax, resolved to key events.
///
/// - `KEY_A` (or `a`, `key_a`, `<AC01>`): a press and a release.
/// - `KEY_LEFTSHIFT+KEY_A`: presses in order, releases in reverse order.
/// - `down:KEY_X`, `up:KEY_X`, `repeat:KEY_X`: one event.
///
/// Key names are evdev names, case-insensitive, with or without the `KEY_`
/// prefix, or XKB key names in angle brackets, resolved in the keymap
/// (aliases included).
public struct KeyToken: Hashable, Sendable {
    /// The token as written.
    public var text: String
    /// The events it stands for, in order.
    public var events: [KeyEvent]
}

/// A token that could not be read.
public struct KeyTokenError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The token as written.
    public var token: String
    /// What is wrong with it.
    public var reason: String
    /// Names close to an unknown one.
    public var suggestions: [String]

    public var description: String {
        var text = "\(reason) in token \"\(Self.abbreviated(token))\""
        if !suggestions.isEmpty { text += "; did you mean " + suggestions.joined(separator: ", ") + "?" }
        return text
    }

    /// Text from the input as a message quotes it: whole up to 64 characters,
    /// else its start and how long it was, so a runaway token cannot flood the terminal.
    static func abbreviated(_ text: String) -> String {
        let limit = 64
        guard text.utf8.count > limit, text.count > limit else { return text }
        return String(text.prefix(limit)) + "… (\(text.utf8.count) bytes)"
    }
}

/// Reads key tokens against a keymap.
public struct KeyTokenParser {
    private let keymap: Keymap
    /// The keymap's XKB key names, for suggestions: made only when a name is
    /// wrong, so that creating a parser costs nothing.
    private var xkbNames: [String] { keymap.keys.compactMap { keymap.name(of: $0).map { "<\($0)>" } } }

    /// Creates a parser that resolves XKB key names in `keymap`.
    public init(keymap: Keymap) {
        self.keymap = keymap
    }

    /// Resolves one key name to a keycode.
    ///
    /// - Throws: ``KeyTokenError`` naming the nearest known names.
    public func keycode(named name: String, in token: String) throws -> Keycode {
        if name.hasPrefix("<") {
            guard name.hasSuffix(">"), name.count > 2 else {
                throw KeyTokenError(token: token, reason: "unterminated XKB key name \"\(name)\"", suggestions: [])
            }
            if let key = keymap.key(named: name) { return key }
            throw KeyTokenError(
                token: token, reason: "the keymap has no key \(name)",
                suggestions: NameSuggestions.nearest(to: name, in: xkbNames))
        }
        if let code = EvdevKeyNames.code(of: name) { return Keycode(evdev: code) }
        let upper = name.uppercased()
        let probe = upper.hasPrefix("KEY_") ? upper : "KEY_" + upper
        var suggestions = NameSuggestions.nearest(to: probe, in: EvdevKeyNames.allNames)
        if suggestions.isEmpty, name.count <= 6 {
            suggestions = NameSuggestions.nearest(to: "<\(upper)>", in: xkbNames)
        }
        throw KeyTokenError(
            token: token, reason: "unknown key name \"\(KeyTokenError.abbreviated(name))\"", suggestions: suggestions)
    }

    /// Reads one token.
    ///
    /// - Throws: ``KeyTokenError`` for an empty part, an unknown prefix or an
    ///   unknown key name.
    public func parse(_ token: String) throws -> KeyToken {
        for (prefix, kind) in [("down:", KeyEvent.Kind.down), ("up:", .up), ("repeat:", .repeat)] {
            if token.lowercased().hasPrefix(prefix) {
                let name = String(token.dropFirst(prefix.count))
                guard !name.isEmpty, !name.contains("+") else {
                    throw KeyTokenError(
                        token: token, reason: "\(prefix) takes exactly one key name", suggestions: [])
                }
                return KeyToken(text: token, events: [KeyEvent(try keycode(named: name, in: token), kind)])
            }
        }
        if let colon = token.firstIndex(of: ":"), !token.hasPrefix("<") {
            let prefix = String(token[..<colon])
            throw KeyTokenError(
                token: token, reason: "unknown event kind \"\(prefix):\"",
                suggestions: NameSuggestions.nearest(to: prefix + ":", in: ["down:", "up:", "repeat:"]))
        }
        let names = token.split(separator: "+", omittingEmptySubsequences: false)
        guard !names.contains(where: \.isEmpty) else {
            throw KeyTokenError(token: token, reason: "empty key name", suggestions: [])
        }
        let keys = try names.map { try keycode(named: String($0), in: token) }
        var events = keys.map { KeyEvent($0, .down) }
        events += keys.reversed().map { KeyEvent($0, .up) }
        return KeyToken(text: token, events: events)
    }

    /// Reads whitespace-separated tokens.
    public func parse(tokensIn text: Substring) throws -> [KeyToken] {
        try text.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\r\n" })
            .map { try parse(String($0)) }
    }
}
