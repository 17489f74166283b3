import XKB

/// What an `after TOKENS => …` line of a `.keytest` file asserts about the
/// keyboard state once the tokens have been typed.
public enum KeyStateAssertion: Hashable, Sendable {
    /// `group is 2`, `group is Russian`, `group is 2 Russian`: the active
    /// group (layout), 1-based, or its name, or both.
    case group(number: Int?, name: String?)
    /// `level of KEY is 3`: the shift level, 1-based, the key is at now in
    /// the group it uses.
    case level(key: String, level: Int)
    /// `modifiers are Shift+Lock` (effective), or `depressed`, `latched`,
    /// `locked modifiers are …`; `none` for no modifier.
    case modifiers(Kind, [String])
    /// `consumed by KEY are Shift`: the modifiers the key uses to choose its level.
    case consumed(key: String, [String])
    /// `leds are Caps Lock, Group 2`: exactly these LEDs are lit; `none` for none.
    case leds([String])

    /// Which modifiers a `modifiers are` line reads.
    public enum Kind: String, Hashable, Sendable, CaseIterable {
        /// Held down.
        case depressed
        /// Latched until the next key.
        case latched
        /// Locked (Caps Lock).
        case locked
        /// All three combined, what keys see (a plain `modifiers are` line).
        case effective
    }

    /// Friendly modifier names and the real modifier each stands for where
    /// xkeyboard-config puts it.
    static let modifierAliases: [String: String] = [
        "ctrl": "Control", "alt": "Mod1", "numlock": "Mod2", "super": "Mod4", "altgr": "Mod5", "capslock": "Lock",
    ]

    /// Reads the part after `=>`.
    ///
    /// - Throws: ``KeyTestSyntaxError`` with the forms it accepts.
    static func parse(_ text: String) throws -> KeyStateAssertion {
        let words = text.split(whereSeparator: \.isWhitespace).map(String.init)
        let forms =
            "group is N, level of KEY is N, modifiers are A+B, locked modifiers are A, consumed by KEY are A, leds are NAME, NAME"
        guard let first = words.first else { throw KeyTestSyntaxError(message: "after needs an assertion after =>: \(forms)") }
        func verb(at index: Int) throws {
            guard index < words.count, words[index] == "is" || words[index] == "are" else {
                throw KeyTestSyntaxError(message: "expected \"is\" or \"are\" in \"\(text)\"; write \(forms)")
            }
        }
        func rest(from index: Int) -> [String] { index < words.count ? Array(words[index...]) : [] }
        switch first {
        case "group":
            try verb(at: 1)
            let value = rest(from: 2)
            guard !value.isEmpty else { throw KeyTestSyntaxError(message: "group is needs a number or a layout name, as in group is 2") }
            if let number = Int(value[0]) {
                guard number >= 1 else { throw KeyTestSyntaxError(message: "groups count from 1: group is \(number)") }
                let name = value.dropFirst().joined(separator: " ")
                return .group(number: number, name: name.isEmpty ? nil : try KeyTestParser.unquote(name))
            }
            return .group(number: nil, name: try KeyTestParser.unquote(value.joined(separator: " ")))
        case "level":
            guard words.count == 5, words[1] == "of", words[3] == "is" else {
                throw KeyTestSyntaxError(message: "write level of KEY is N, as in level of <AC01> is 2")
            }
            guard let level = Int(words[4]), level >= 1 else {
                throw KeyTestSyntaxError(message: "levels count from 1: level of \(words[2]) is \(words[4])")
            }
            return .level(key: words[2], level: level)
        case "consumed":
            guard words.count >= 4, words[1] == "by" else {
                throw KeyTestSyntaxError(message: "write consumed by KEY are MODIFIERS, as in consumed by a are Shift")
            }
            try verb(at: 3)
            return .consumed(key: words[2], try modifierList(rest(from: 4)))
        case "leds":
            try verb(at: 1)
            let list = rest(from: 2).joined(separator: " ")
            guard !list.isEmpty else { throw KeyTestSyntaxError(message: "leds are needs LED names or none, as in leds are Caps Lock") }
            if list == "none" { return .leds([]) }
            return .leds(list.split(separator: ",").map { KeyTestParser.trimmingWhitespaces($0) })
        default:
            var kind = Kind.effective
            var index = 0
            if let named = Kind(rawValue: first) {
                kind = named
                index = 1
            }
            guard index < words.count, words[index] == "modifiers" else {
                let near = NameSuggestions.nearest(
                    to: first, in: ["group", "level", "modifiers", "consumed", "leds"] + Kind.allCases.map(\.rawValue))
                throw KeyTestSyntaxError(
                    message: "unknown state \"\(first)\""
                        + (near.isEmpty ? "" : "; did you mean \(near.joined(separator: ", "))?") + " Write \(forms)")
            }
            try verb(at: index + 1)
            return .modifiers(kind, try modifierList(rest(from: index + 2)))
        }
    }

    /// `Shift+Lock`, `Shift + Lock` or `none`.
    static func modifierList(_ words: [String]) throws -> [String] {
        let joined = words.joined()
        guard !joined.isEmpty else { throw KeyTestSyntaxError(message: "name the modifiers, as in Shift+Lock, or none") }
        if joined == "none" { return [] }
        let names = joined.split(separator: "+", omittingEmptySubsequences: false).map(String.init)
        guard !names.contains(where: \.isEmpty) else { throw KeyTestSyntaxError(message: "empty modifier name in \(joined)") }
        return names
    }
}
