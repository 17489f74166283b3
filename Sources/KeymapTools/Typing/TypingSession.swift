import XKB

/// Types key events into a plain text field and reports what happened, as `keyinput type` does.
///
/// The report is, by ``Format``:
/// - ``Format/table``: a line per event (see ``KeyEventFormatter``), then
///   `text: "…"` with the final text as a Swift string literal;
/// - ``Format/text``: only the final text, ending with a newline;
/// - ``Format/json``: one object, `{"events":[…],"text":"…"}`, and a newline.
public struct TypingSession {
    /// What the report holds.
    public enum Format: Hashable, Sendable {
        /// A table line per event, then the text.
        case table
        /// Only the text typed.
        case text
        /// One JSON object with every event and the text.
        case json
    }

    private let decoder: KeyEventDecoder
    private var formatter: KeyEventFormatter
    private let format: Format
    private var buffer = TextBuffer()

    /// The bytes collected before they are handed on.
    private static let chunkSize = 1 << 16

    /// Creates a session with an empty field and a keyboard with no key down.
    ///
    /// - Parameters:
    ///   - keymap: The keymap keys are decoded with.
    ///   - composeTable: The compose table, or `nil` to turn compose off.
    ///   - format: What the report holds.
    public init(keymap: Keymap, composeTable: ComposeTable?, format: Format) {
        decoder = KeyEventDecoder(keymap: keymap, composeTable: composeTable)
        formatter = KeyEventFormatter(keymap: keymap)
        self.format = format
    }

    /// The field's text so far.
    public var text: String { buffer.text }

    /// Types the events in order and writes the whole report.
    ///
    /// - Parameters:
    ///   - events: The key events, as ``TokenReader`` reads them.
    ///   - write: Called with the report's UTF-8 bytes, in blocks of about 64 KiB.
    public mutating func type(_ events: [KeyEvent], write: ([UInt8]) -> Void) {
        switch format {
        case .table: typeTable(events, write: write)
        case .text: typeText(events, write: write)
        case .json: typeJSON(events, write: write)
        }
    }

    private mutating func typeTable(_ events: [KeyEvent], write: ([UInt8]) -> Void) {
        var lines: [UInt8] = []
        lines.reserveCapacity(Self.chunkSize + 256)
        for event in events {
            let decoded = decoder.decode(event)
            buffer.apply(decoded.action)
            formatter.appendLine(decoded, to: &lines)
            if lines.count >= Self.chunkSize {
                write(lines)
                lines.removeAll(keepingCapacity: true)
            }
        }
        lines.append(contentsOf: ("text: " + buffer.text.debugDescription + "\n").utf8)
        write(lines)
    }

    private mutating func typeText(_ events: [KeyEvent], write: ([UInt8]) -> Void) {
        for event in events { buffer.apply(decoder.action(of: event)) }
        write(Array((buffer.text.hasSuffix("\n") ? buffer.text : buffer.text + "\n").utf8))
    }

    private mutating func typeJSON(_ events: [KeyEvent], write: ([UInt8]) -> Void) {
        var writer = JSONWriter()
        writer.beginObject()
        writer.key("events")
        writer.beginArray()
        for event in events {
            let decoded = decoder.decode(event)
            buffer.apply(decoded.action)
            formatter.writeJSON(decoded, to: &writer)
            if writer.output.utf8.count >= Self.chunkSize { write(Array(writer.take().utf8)) }
        }
        writer.endArray()
        writer.key("text")
        writer.string(buffer.text)
        writer.endObject()
        write(Array((writer.take() + "\n").utf8))
    }
}
