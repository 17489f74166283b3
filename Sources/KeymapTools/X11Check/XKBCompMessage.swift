/// One message `xkbcomp` printed: its first line and the lines that belong to it.
struct XKBCompMessage: Hashable {
    /// Whether `xkbcomp` called it an error (`Error:`, a syntax error).
    var isError: Bool
    /// The message without its `Warning:` or `Error:` label, lines joined with newlines.
    var text: String
    /// The line of the keymap it names (`line 5 of FILE`), if it names one.
    var line: Int?

    /// Key names the message mentions (`<AC01>` gives `AC01`) and the symbol a syntax error stopped at.
    var names: [String] {
        var names: [String] = []
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "<"), let close = rest[open...].firstIndex(of: ">") {
            names.append(String(rest[rest.index(after: open)..<close]))
            rest = rest[rest.index(after: close)...]
        }
        for marker in ["last scanned symbol is: ", "Unknown action "] {
            if let range = text.range(of: marker) {
                names.append(String(text[range.upperBound...].prefix { !$0.isWhitespace && $0 != "," && $0 != "(" }))
            }
        }
        return names.filter { !$0.isEmpty }
    }

    /// Splits `xkbcomp`'s output into messages; `file` is the path it was given, named `x11-keymap.xkb` in them.
    static func parse(_ output: String, file: String) -> [XKBCompMessage] {
        var messages: [XKBCompMessage] = []
        for rawLine in output.split(separator: "\n", omittingEmptySubsequences: true) {
            let line = rawLine.replacingOccurrences(of: file, with: "x11-keymap.xkb")
            let continues =
                line.first?.isWhitespace == true || line.hasPrefix("last scanned symbol is:")
                || line.hasPrefix("Errors encountered in") || line.hasPrefix("Exiting")
            if continues, !messages.isEmpty {
                messages[messages.count - 1].text += "\n" + line.trimmingCharacters(in: .whitespaces)
                continue
            }
            var text = line
            var isError = line.hasPrefix("syntax error") || line.hasPrefix("Fatal")
            for label in ["Warning:", "Error:", "Fatal Error:"] where text.hasPrefix(label) {
                isError = label != "Warning:"
                text = String(text.dropFirst(label.count))
            }
            messages.append(
                XKBCompMessage(isError: isError, text: text.trimmingCharacters(in: .whitespaces), line: lineNumber(in: text)))
        }
        return messages
    }

    /// N in `line N of`.
    private static func lineNumber(in text: String) -> Int? {
        guard let range = text.range(of: "line ") else { return nil }
        return Int(text[range.upperBound...].prefix { $0.isNumber })
    }
}
