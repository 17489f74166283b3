import Foundation

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Reads a registry file with Foundation's `XMLParser`, keeping the line of every value.
final class RegistryParser: NSObject, XMLParserDelegate {
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
    /// The first error libxml2 reported, where it was.
    private var firstError: Malformed?

    /// Parses the bytes of a registry file.
    ///
    /// - Throws: ``Malformed`` with the line and column where the XML breaks.
    static func parse(_ data: Data) throws(Malformed) -> RegistryDocument {
        let delegate = RegistryParser()
        let parser = XMLParser(data: data)
        parser.delegate = delegate
        parser.shouldResolveExternalEntities = false
        let parsed = parser.parse()
        // libxml2 recovers from some errors and parse() still succeeds: the first error counts.
        if let error = delegate.firstError { throw error }
        guard parsed else {
            throw Malformed(line: parser.lineNumber, column: parser.columnNumber, reason: Self.reason(for: parser.parserError))
        }
        return delegate.document
    }

    func parser(_ parser: XMLParser, parseErrorOccurred parseError: Error) {
        guard firstError == nil else { return }
        firstError = Malformed(line: parser.lineNumber, column: parser.columnNumber, reason: Self.reason(for: parseError))
    }

    /// Words for libxml2's commonest errors (their codes are libxml2's `xmlParserErrors`).
    private static func reason(for error: Error?) -> String {
        guard let error else { return "not well-formed" }
        let code = (error as NSError).code
        let words: [Int: String] = [
            4: "the document is empty", 5: "the document ends inside an element", 23: "a character that XML does not allow",
            38: "an attribute without a value", 39: "a tag with a missing or bad attribute", 41: "an attribute's quote not closed",
            45: "a comment that is not closed", 68: "'&' that starts no entity (write &amp;)", 73: "a '>' is missing",
            76: "a closing tag that does not match the open one", 77: "a tag that is not closed",
            80: "'--' inside a comment", 85: "text after the last element", 86: "a '<' or '&' not allowed here",
        ]
        return words[code] ?? "libxml2 error \(code)"
    }

    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        text = ""
        textLine = parser.lineNumber
        if let kind = RegistryItem.Kind(rawValue: elementName) {
            open.append(RegistryItem(kind: kind, line: parser.lineNumber))
        }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        text += string
    }

    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
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
