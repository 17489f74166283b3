/// Writes JSON text piece by piece, so long outputs stream instead of
/// being built in memory.
public struct JSONWriter {
    /// The text written so far.
    public var output: String = ""

    /// Creates an empty writer.
    public init() {}

    /// Appends a JSON string literal.
    public mutating func string(_ value: String) {
        output.append("\"")
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": output.append("\\\"")
            case "\\": output.append("\\\\")
            case "\n": output.append("\\n")
            case "\r": output.append("\\r")
            case "\t": output.append("\\t")
            case "\u{08}": output.append("\\b")
            case "\u{0C}": output.append("\\f")
            default:
                if scalar.value < 0x20 || scalar.value == 0x7f {
                    let hex = String(scalar.value, radix: 16)
                    output.append("\\u" + String(repeating: "0", count: 4 - hex.count) + hex)
                } else {
                    output.unicodeScalars.append(scalar)
                }
            }
        }
        output.append("\"")
    }

    /// Appends raw JSON text (punctuation, numbers, literals).
    public mutating func raw(_ text: String) { output.append(text) }

    /// Appends an integer.
    public mutating func number<T: BinaryInteger>(_ value: T) { output.append(String(value)) }

    /// Appends `"key":`.
    public mutating func key(_ key: String) {
        string(key)
        output.append(":")
    }

    /// Appends an array of strings.
    public mutating func strings(_ values: [String]) {
        output.append("[")
        for (index, value) in values.enumerated() {
            if index > 0 { output.append(",") }
            string(value)
        }
        output.append("]")
    }

    /// Takes the text written so far, leaving the writer empty.
    public mutating func take() -> String {
        defer { output = "" }
        return output
    }
}
