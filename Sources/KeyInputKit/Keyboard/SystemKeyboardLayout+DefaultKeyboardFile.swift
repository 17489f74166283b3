import Foundation
import XKB

extension SystemKeyboardLayout {
    /// The names a Debian keyboard file configures, or `nil` when it is
    /// missing, unreadable or names no layout.
    ///
    /// The file holds shell assignments, as `localectl` and the installer
    /// write them: `XKBMODEL`, `XKBLAYOUT`, `XKBVARIANT`, `XKBOPTIONS` (and
    /// `BACKSPACE`, for the console, which is ignored).
    ///
    /// - Parameter path: The file's path, such as `/etc/default/keyboard`.
    /// - Returns: Names with the file's model, layout, variant and options; rules are left out.
    static func namesFromDefaultKeyboardFile(at path: String) -> RuleNames? {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        let values = shellAssignments(in: String(decoding: data, as: UTF8.self))
        guard let layout = values["XKBLAYOUT"], !layout.isEmpty else { return nil }
        return RuleNames(
            model: values["XKBMODEL"], layout: layout, variant: values["XKBVARIANT"], options: values["XKBOPTIONS"])
    }

    /// The `KEY=value` assignments of shell-style text, values unquoted.
    ///
    /// Values may be in double quotes (with `\` escapes), single quotes or
    /// none, or pieces of each run together; lines starting with `#`, and
    /// whatever follows a value after a space, are comments; `export` before
    /// a name is allowed. Later assignments win.
    static func shellAssignments(in text: String) -> [String: String] {
        var values: [String: String] = [:]
        for rawLine in text.split(whereSeparator: \.isNewline) {
            var line = Substring(rawLine.drop(while: \.isWhitespace))
            if line.hasPrefix("export ") { line = line.dropFirst(7).drop(while: \.isWhitespace) }
            guard let equals = line.firstIndex(of: "="), !line.hasPrefix("#") else { continue }
            let name = line[..<equals]
            guard !name.isEmpty, name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }) else {
                continue
            }
            values[String(name)] = shellWord(line[line.index(after: equals)...])
        }
        return values
    }

    /// The first shell word of `text`, quotes removed; it ends at unquoted whitespace, before any comment.
    private static func shellWord(_ text: Substring) -> String {
        var word = ""
        var characters = text.makeIterator()
        while let character = characters.next() {
            switch character {
            case "\"":
                while let inner = characters.next(), inner != "\"" {
                    // In double quotes a backslash escapes only $, `, " and \ (and joins lines).
                    if inner == "\\", let escaped = characters.next() {
                        word += ["$", "`", "\"", "\\"].contains(escaped) ? String(escaped) : "\\\(escaped)"
                    } else {
                        word.append(inner)
                    }
                }
            case "'":
                while let inner = characters.next(), inner != "'" { word.append(inner) }
            case "\\":
                if let escaped = characters.next() { word.append(escaped) }
            default:
                if character.isWhitespace { return word }
                word.append(character)
            }
        }
        return word
    }
}
