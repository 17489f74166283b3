import CXMLReader
import Foundation

/// Reads a registry file with libxml2's streaming reader, keeping the line of every value.
struct RegistryParser {
    /// XML that does not parse, with where the parser stopped.
    struct Malformed: Error {
        var line: Int
        var column: Int
        var reason: String
    }

    private var document = RegistryDocument()
    /// Entries being read, outermost first: a layout, then its variant.
    private var open: [RegistryItem] = []
    private var text = ""
    private var textLine = 0

    /// Parses the bytes of a registry file.
    ///
    /// - Throws: ``Malformed`` with the line and column where the XML breaks, or where libxml2
    ///   recovered from an error (it goes on after some, which still make the file wrong).
    static func parse(_ data: Data) throws(Malformed) -> RegistryDocument {
        if data.isEmpty { throw Malformed(line: 1, column: 1, reason: "the document is empty") }
        if data.count > Int(Int32.max) { throw Malformed(line: 1, column: 1, reason: "over 2 GB, more than libxml2 reads at once") }
        var parser = RegistryParser()
        let outcome: Result<Void, Malformed> = data.withUnsafeBytes { buffer in
            let bytes = buffer.bindMemory(to: CChar.self)
            guard let start = bytes.baseAddress, let reader = cxml_reader_new(start, Int32(bytes.count))
            else {
                let why = cxml_library_error().map { String(cString: $0) } ?? "libxml2 could not start a reader"
                return .failure(Malformed(line: 0, column: 0, reason: why))
            }
            defer { cxml_reader_free(reader) }
            var status = cxml_reader_next(reader)
            while status == 1 {
                parser.take(reader)
                status = cxml_reader_next(reader)
            }
            let code = cxml_reader_error_code(reader)
            if code != 0 {
                return .failure(
                    Malformed(
                        line: Int(cxml_reader_error_line(reader)), column: Int(cxml_reader_error_column(reader)),
                        reason: reason(code: code, message: String(cString: cxml_reader_error_message(reader)))))
            }
            if status < 0 {
                return .failure(
                    Malformed(line: Int(cxml_reader_line(reader)), column: Int(cxml_reader_column(reader)), reason: "not well-formed"))
            }
            return .success(())
        }
        try outcome.get()
        return parser.document
    }

    /// Words for libxml2's commonest errors (their codes are libxml2's `xmlParserErrors`), else its own message.
    private static func reason(code: Int32, message: String) -> String {
        let words: [Int32: String] = [
            4: "the document is empty", 5: "the document ends inside an element", 9: "a character that XML does not allow",
            38: "an attribute without a value", 39: "a tag with a missing or bad attribute", 41: "an attribute's quote not closed",
            45: "a comment that is not closed", 68: "'&' that starts no entity (write &amp;)", 73: "a '>' is missing",
            76: "a closing tag that does not match the open one", 77: "a tag that is not closed",
            80: "'--' inside a comment", 85: "text after the last element", 86: "a '<' or '&' not allowed here",
        ]
        return words[code] ?? (message.isEmpty ? "libxml2 error \(code)" : message)
    }

    /// Takes in the node the reader is on.
    private mutating func take(_ reader: OpaquePointer) {
        let line = Int(cxml_reader_line(reader))
        switch cxml_reader_node_type(reader) {
        case Int32(CXML_ELEMENT):
            let name = cxml_reader_name(reader).map { String(cString: $0) } ?? ""
            start(name, line: line)
            if cxml_reader_is_empty_element(reader) != 0 { end(name) }
        case Int32(CXML_TEXT), Int32(CXML_CDATA):
            text += cxml_reader_value(reader).map { String(cString: $0) } ?? ""
        case Int32(CXML_END_ELEMENT):
            end(cxml_reader_name(reader).map { String(cString: $0) } ?? "")
        default:
            break
        }
    }

    private mutating func start(_ elementName: String, line: Int) {
        text = ""
        textLine = line
        if let kind = RegistryItem.Kind(rawValue: elementName) {
            open.append(RegistryItem(kind: kind, line: line))
        }
    }

    private mutating func end(_ elementName: String) {
        let value = RegistryItem.Located(value: text.trimmingCharacters(in: .whitespacesAndNewlines), line: textLine)
        text = ""
        guard !open.isEmpty else { return }
        switch elementName {
        case "name": open[open.count - 1].name = value
        case "shortDescription": open[open.count - 1].shortDescription = value
        case "description": open[open.count - 1].description = value
        case "iso3166Id": open[open.count - 1].countries.append(value)
        case "iso639Id": open[open.count - 1].languages.append(value)
        default:
            guard RegistryItem.Kind(rawValue: elementName) != nil, let item = open.popLast() else { return }
            switch item.kind {
            case .model: document.models.append(item)
            case .layout: document.layouts.append(item)
            case .group: document.groups.append(item)
            case .variant, .option:
                if open.isEmpty { document.layouts.append(item) } else { open[open.count - 1].children.append(item) }
            }
        }
    }
}
