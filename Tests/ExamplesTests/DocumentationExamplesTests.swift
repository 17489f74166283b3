import Foundation
import Testing

/// A ```swift block of a Markdown document.
struct SwiftBlock: CustomStringConvertible {
    var document: String
    var line: Int
    var lines: [String]

    /// The `import` lines the block starts with.
    var imports: [String] { Array(lines.prefix { $0.hasPrefix("import ") }) }

    /// The block after its imports and the blank lines that follow them.
    var body: [String] { Array(lines.drop { $0.hasPrefix("import ") }.drop { $0.isEmpty }) }

    var description: String { "\(document):\(line)" }
}

/// The README and the documentation catalogs, and the sources that compile their examples.
enum ExampleSources {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static func documents() throws -> [URL] {
        let sources = root.appendingPathComponent("Sources")
        var found = [root.appendingPathComponent("README.md")]
        for module in try FileManager.default.contentsOfDirectory(atPath: sources.path).sorted() {
            let catalog = sources.appendingPathComponent(module).appendingPathComponent("Documentation.docc")
            guard let files = FileManager.default.enumerator(atPath: catalog.path) else { continue }
            for case let file as String in files where file.hasSuffix(".md") {
                found.append(catalog.appendingPathComponent(file))
            }
        }
        return found
    }

    static func blocks(in document: URL) throws -> [SwiftBlock] {
        let name = String(document.path.dropFirst(root.path.count + 1))
        var blocks: [SwiftBlock] = []
        var current: SwiftBlock?
        for (index, line) in try String(contentsOf: document, encoding: .utf8).components(separatedBy: "\n").enumerated() {
            if current == nil, line == "```swift" {
                current = SwiftBlock(document: name, line: index + 1, lines: [])
            } else if let block = current, line == "```" {
                blocks.append(block)
                current = nil
            } else {
                current?.lines.append(line)
            }
        }
        return blocks
    }

    static func exampleFiles() throws -> [(name: String, lines: [String])] {
        let folder = root.appendingPathComponent("Sources/KeyInputKitExamples")
        return try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted().map { file in
            (file, try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8).components(separatedBy: "\n"))
        }
    }

    /// Whether `body` appears in `lines` line for line, every line indented the same.
    static func contains(_ lines: [String], _ body: [String]) -> Bool {
        guard let first = body.first, lines.count >= body.count else { return body.isEmpty }
        for start in 0...(lines.count - body.count) where lines[start].hasSuffix(first) {
            let indent = String(lines[start].dropLast(first.count))
            guard indent.allSatisfy({ $0 == " " }) else { continue }
            let matches = body.indices.allSatisfy { k in
                body[k].isEmpty ? lines[start + k].allSatisfy { $0 == " " } : lines[start + k] == indent + body[k]
            }
            if matches { return true }
        }
        return false
    }
}

@Suite struct DocumentationExamplesTests {
    /// A block that starts with imports lives in a file that imports exactly those modules,
    /// so it compiles with what the reader is told to import and nothing more.
    @Test func everySwiftExampleInTheDocumentationIsCompiledWordForWord() throws {
        let files = try ExampleSources.exampleFiles()
        let blocks = try ExampleSources.documents().flatMap(ExampleSources.blocks(in:))
        #expect(blocks.count >= 12, "the README and the catalogs hold at least 12 Swift examples")
        for block in blocks {
            let homes = files.filter { file in
                let imports = file.lines.filter { $0.hasPrefix("import ") }
                return (block.imports.isEmpty || Set(imports) == Set(block.imports))
                    && ExampleSources.contains(file.lines, block.body)
            }
            #expect(!homes.isEmpty, "\(block) is not in Sources/KeyInputKitExamples word for word, with the same imports")
        }
    }

    @Test func aChangedLineIsNoticed() {
        let source = ["func f() {", "    let a = 1", "", "    print(a)", "}"]
        #expect(ExampleSources.contains(source, ["let a = 1", "", "print(a)"]))
        #expect(!ExampleSources.contains(source, ["let a = 2", "", "print(a)"]))
        #expect(!ExampleSources.contains(source, ["let a = 1", "print(a)"]))
    }
}
