import XKB

/// KI403 (symbols beyond a key type's levels, which libxkbcommon drops) and KI901
/// (libxkbcommon's other warnings about the file itself).
enum LibxkbcommonWarnings {
    static func check(_ facts: KeymapFacts) -> [LintFinding] {
        var findings: [LintFinding] = []
        for message in facts.keymap.warnings where message.level <= .warning {
            let text = message.text.trimmingWhitespaceAndNewlines
            if text.contains("Ignoring extra symbols"), let key = text.split(separator: "<").dropFirst().first?.split(separator: ">").first {
                // A key the linted file defines is the author's; one from the stock files it includes is a note.
                let line = facts.line(ofKey: String(key))
                findings.append(
                    facts.finding(
                        "KI403", line == nil ? .note : .warning, "<\(key)> defines levels its key type cannot reach, which libxkbcommon drops: \(strip(text))",
                        line: line))
                continue
            }
            guard let file = facts.file, let location = message.location, location.file == file else { continue }
            findings.append(LintFinding(id: "KI901", severity: .warning, message: strip(text), file: file, line: location.line))
        }
        return findings
    }

    /// The message without its `[XKB-123]` code and `file:line:column:` prefix.
    private static func strip(_ text: String) -> String {
        var rest = Substring(text)
        if let location = LogMessage(level: .warning, text: text).location {
            let prefix = "\(location.file):\(location.line):\(location.column):"
            if let range = rest.range(of: prefix) { rest = rest[range.upperBound...] }
        }
        return String(rest.trimmingWhitespace)
    }
}

extension String {
    var trimmingWhitespaceAndNewlines: String {
        Substring(split(separator: "\n").joined(separator: " ")).trimmingWhitespace.description
    }
}
