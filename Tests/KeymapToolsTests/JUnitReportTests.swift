import Foundation
import KeymapTools
import TestSupport
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// An XML element read back by Foundation's `XMLParser`.
final class XMLElementNode {
    let name: String
    let attributes: [String: String]
    var children: [XMLElementNode] = []
    var text = ""

    init(name: String, attributes: [String: String]) {
        self.name = name
        self.attributes = attributes
    }

    func elements(named name: String) -> [XMLElementNode] { children.filter { $0.name == name } }

    /// Parses a whole document; throws unless it is well-formed.
    static func parse(_ xml: String) throws -> XMLElementNode {
        let builder = Builder()
        let parser = XMLParser(data: Data(xml.utf8))
        parser.delegate = builder
        let parsed = parser.parse()
        if let error = parser.parserError { throw error }
        guard parsed, let root = builder.root else { throw CocoaError(.coderReadCorrupt) }
        return root
    }

    private final class Builder: NSObject, XMLParserDelegate {
        var root: XMLElementNode?
        var open: [XMLElementNode] = []

        func parser(
            _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
            qualifiedName qName: String?, attributes attributeDict: [String: String] = [:]
        ) {
            let element = XMLElementNode(name: elementName, attributes: attributeDict)
            if let parent = open.last { parent.children.append(element) } else { root = element }
            open.append(element)
        }

        func parser(
            _ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName qName: String?
        ) {
            open.removeLast()
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            open.last?.text += string
        }
    }
}

@Suite struct JUnitReportTests {
    /// Runs two .keytest files, with awkward characters in names, sources and failures.
    func runFiles(in folder: TemporaryFolder) throws -> [(String, [KeyTestResult])] {
        let first = try folder.write(
            "a&b <first>.keytest",
            """
            keymap layout=us
            type KEY_A => "a"
            type KEY_A => "<&>'\\""
            type KEY_LEFTSHIFT+KEY_A => "x\u{01}y"
            """)
        let second = try folder.write(
            "second.keytest",
            """
            keymap layout=nosuchlayout
            type KEY_A => "a"
            """)
        let runner = KeyTestRunner()
        return [first, second].map { ($0, runner.run(file: $0)) }
    }

    @Test func theReportIsWellFormedXMLWithTheCounts() throws {
        let folder = try TemporaryFolder()
        let files = try runFiles(in: folder)
        let xml = JUnitReport.xml(files)
        let root = try XMLElementNode.parse(xml)
        #expect(root.name == "testsuites")
        #expect(root.attributes["tests"] == "5")
        #expect(root.attributes["failures"] == "4")

        let suites = root.elements(named: "testsuite")
        #expect(suites.map { $0.attributes["name"] } == files.map(\.0))
        #expect(suites.map { $0.attributes["tests"] } == ["3", "2"])
        #expect(suites.map { $0.attributes["failures"] } == ["2", "2"])
    }

    @Test func namesAndFailuresReadBackAsWritten() throws {
        let folder = try TemporaryFolder()
        let files = try runFiles(in: folder)
        let suite = try #require(XMLElementNode.parse(JUnitReport.xml(files)).elements(named: "testsuite").first)
        let cases = suite.elements(named: "testcase")
        try #require(cases.count == 3 && files[0].1.count == 3)
        #expect(cases[0].attributes["name"] == #"line 2: type KEY_A => "a""#)
        #expect(cases[0].elements(named: "failure").isEmpty)
        #expect(cases[1].attributes["name"] == #"line 3: type KEY_A => "<&>'\"""#)
        #expect(cases[1].attributes["classname"] == files[0].0)

        let failure = try #require(cases[1].elements(named: "failure").first)
        let message = try #require(files[0].1[1].failure)
        #expect(failure.attributes["message"] == message)
        #expect(failure.text == "\(files[0].0):3: \(message)")
    }

    @Test func charactersXMLCannotHoldAreWrittenAsEscapes() throws {
        let folder = try TemporaryFolder()
        let files = try runFiles(in: folder)
        let xml = JUnitReport.xml(files)
        #expect(!xml.unicodeScalars.contains("\u{01}"))
        let suite = try #require(XMLElementNode.parse(xml).elements(named: "testsuite").first)
        let cases = suite.elements(named: "testcase")
        try #require(cases.count == 3)
        let name = cases[2].attributes["name"]
        #expect(name == #"line 4: type KEY_LEFTSHIFT+KEY_A => "x\u{1}y""#)
    }

    @Test func multiLineFailuresKeepTheirLines() throws {
        let folder = try TemporaryFolder()
        let files = try runFiles(in: folder)
        let suite = try #require(XMLElementNode.parse(JUnitReport.xml(files)).elements(named: "testsuite").last)
        let failure = try #require(suite.elements(named: "testcase").first?.elements(named: "failure").first)
        let message = try #require(failure.attributes["message"])
        #expect(message.contains("keymap does not compile"))
        #expect(message.contains("\n"))
        #expect(message == files[1].1[0].failure)
    }

    @Test func noFilesGiveAnEmptyReport() throws {
        let root = try XMLElementNode.parse(JUnitReport.xml([]))
        #expect(root.attributes["tests"] == "0")
        #expect(root.elements(named: "testsuite").isEmpty)
    }
}
