import Foundation

/// Writes JSON text piece by piece, so long outputs stream instead of
/// being built in memory.
///
/// Objects and arrays are opened and closed with ``beginObject()``,
/// ``beginArray()``, ``endObject()`` and ``endArray()``; the writer puts the
/// commas between members and elements itself:
///
/// ```swift
/// var writer = JSONWriter()
/// writer.beginObject()
/// writer.key("keys")
/// writer.strings(["KEY_A", "KEY_B"])
/// writer.key("count")
/// writer.number(2)
/// writer.endObject()
/// // writer.output == #"{"keys":["KEY_A","KEY_B"],"count":2}"#
/// ```
public struct JSONWriter {
    /// The text written so far.
    public var output: String = ""
    /// Whether the next value or key follows a sibling and needs a comma first.
    private var needsComma = false
    /// How many objects and arrays are open; values at the top level are not separated.
    private var depth = 0

    /// Creates an empty writer.
    public init() {}

    /// Opens an object: `{`.
    public mutating func beginObject() { open("{") }

    /// Closes the innermost object: `}`.
    public mutating func endObject() { close("}") }

    /// Opens an array: `[`.
    public mutating func beginArray() { open("[") }

    /// Closes the innermost array: `]`.
    public mutating func endArray() { close("]") }

    /// Writes an object member's name and the colon; the member's value comes next.
    ///
    /// - Parameter key: The member's name, escaped as a string.
    public mutating func key(_ key: String) {
        separate()
        escape(key)
        output.append(":")
        needsComma = false
    }

    /// Writes a string value, escaped.
    ///
    /// - Parameter value: The text; quotes, backslashes and control characters
    ///   (below U+0020, and U+007F) are escaped, everything else is written as it is.
    public mutating func string(_ value: String) {
        separate()
        escape(value)
        needsComma = true
    }

    /// Writes an integer value.
    ///
    /// - Parameter value: The number, in decimal.
    public mutating func number<T: BinaryInteger>(_ value: T) {
        separate()
        output.append(String(value))
        needsComma = true
    }

    /// Writes a number: whole values as integers, others with three decimals,
    /// and `null` for infinities and NaN, which JSON cannot hold.
    ///
    /// - Parameter value: The number.
    public mutating func number(_ value: Double) {
        separate()
        if !value.isFinite {
            output.append("null")
        } else if value == value.rounded() && abs(value) < 1e15 {
            output.append(String(Int64(value)))
        } else {
            output.append(String(format: "%.3f", value))
        }
        needsComma = true
    }

    /// Writes `null`.
    public mutating func null() {
        separate()
        output.append("null")
        needsComma = true
    }

    /// Writes `true` or `false`.
    ///
    /// - Parameter value: The value.
    public mutating func bool(_ value: Bool) {
        separate()
        output.append(value ? "true" : "false")
        needsComma = true
    }

    /// Writes an array of strings.
    ///
    /// - Parameter values: The strings, in order.
    public mutating func strings(_ values: [String]) {
        beginArray()
        for value in values { string(value) }
        endArray()
    }

    /// Writes an array of integers.
    ///
    /// - Parameter values: The numbers, in order.
    public mutating func numbers<T: BinaryInteger>(_ values: [T]) {
        beginArray()
        for value in values { number(value) }
        endArray()
    }

    /// Appends JSON text as it is, for values the writer has no method for.
    ///
    /// The caller writes any commas around it: the next value or key gets none
    /// from the writer.
    ///
    /// - Parameter text: Valid JSON punctuation, literals or numbers.
    public mutating func raw(_ text: String) {
        output.append(text)
        needsComma = false
    }

    /// Takes the text written so far, leaving the writer empty but still
    /// inside the same objects and arrays, so a long document can be written
    /// out in parts.
    ///
    /// - Returns: The text written since the last call.
    public mutating func take() -> String {
        defer { output = "" }
        return output
    }

    private mutating func open(_ bracket: String) {
        separate()
        output.append(bracket)
        depth += 1
        needsComma = false
    }

    private mutating func close(_ bracket: String) {
        output.append(bracket)
        depth -= 1
        needsComma = true
    }

    private mutating func separate() {
        if needsComma && depth > 0 { output.append(",") }
    }

    private mutating func escape(_ value: String) {
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
}
