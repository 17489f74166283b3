import Foundation
import Testing

@testable import KeyInputKit

/// The catalogs of the toolkit's words, read from the source tree and from the
/// built resources: one per promised language, complete, well-formed, and
/// written in the language's script.
@Suite struct StringCatalogTests {
    /// The languages issue 34 promises, and the scripts their letters are written in.
    static let scripts: [String: [String]] = [
        "ar": ["Arabic"], "fa": ["Arabic"], "he": ["Hebrew"], "hi": ["Devanagari"], "th": ["Thai"],
        "ru": ["Cyrillic"], "uk": ["Cyrillic"], "ja": ["Han", "Hiragana", "Katakana"], "ko": ["Hangul"],
        "zh-Hans": ["Han"], "zh-Hant": ["Han"],
        "de": ["Latin"], "es": ["Latin"], "fr": ["Latin"], "it": ["Latin"], "nl": ["Latin"], "pl": ["Latin"],
        "pt": ["Latin"], "sv": ["Latin"], "tr": ["Latin"], "vi": ["Latin"],
    ]
    static let languages = scripts.keys.sorted()
    /// Latin words any language may keep: the labels printed on keys, and the date picker's AM/PM.
    static let latinTokens = ["AM/PM", "Esc", "Ctrl", "Alt", "Shift", "Super", "Delete"]

    /// `Sources/KeyInputKit/Resources` in the source tree.
    static let sourceFolder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources/KeyInputKit/Resources")

    static func sourceFile(_ language: String) -> URL {
        sourceFolder.appendingPathComponent("\(language).lproj/Localizable.strings")
    }

    @Test func everyPromisedLanguageHasACatalogInTheSourcesAndTheBuild() {
        for language in Self.languages {
            #expect(FileManager.default.fileExists(atPath: Self.sourceFile(language).path), "no catalog for \(language)")
            #expect(ToolkitStrings.availableLanguages.contains(language), "\(language) is not in the built resources")
        }
    }

    @Test(arguments: languages) func aCatalogHasEveryKeyAndNothingElse(language: String) throws {
        let table = try StringCatalogFiles.table(at: Self.sourceFile(language))
        let known = Set(ToolkitString.allCases.map(\.rawValue))
        #expect(known.subtracting(table.keys).sorted() == [], "missing in \(language)")
        #expect(Set(table.keys).subtracting(known).sorted() == [], "unknown in \(language)")
        // A key written twice is read once: count the entries as written.
        let text = try String(contentsOf: Self.sourceFile(language), encoding: .utf8)
        let entries = text.split(separator: "\n").filter { $0.hasPrefix("\"") }
        #expect(entries.count == table.count, "a key is written twice in \(language)")
        // The built copy is the same catalog.
        #expect(StringCatalogFiles.shared.read(language) == table)
    }

    @Test(arguments: languages) func aCatalogsTextsAreWholeAndKeepTheirPlaceholders(language: String) throws {
        let table = try StringCatalogFiles.table(at: Self.sourceFile(language))
        for key in ToolkitString.allCases {
            guard let text = table[key.rawValue] else { continue }
            #expect(!text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty, "\(language): \(key.rawValue) is empty")
            #expect(Self.placeholders(text) == Self.placeholders(key.english), "\(language): \(key.rawValue) = \(text)")
        }
    }

    @Test(arguments: languages) func aCatalogIsWrittenInItsLanguagesScript(language: String) throws {
        let table = try StringCatalogFiles.table(at: Self.sourceFile(language))
        let scripts = try #require(Self.scripts[language])
        for key in ToolkitString.allCases {
            guard let text = table[key.rawValue] else { continue }
            let foreign = Self.letters(of: Self.withoutLatinTokens(text), outside: scripts)
            #expect(foreign.isEmpty, "\(language): \(key.rawValue) = \(text) has \(foreign.joined())")
        }
    }

    @Test func theScriptCheckTellsScriptsApart() {
        #expect(Self.letters(of: "Weiter", outside: ["Arabic"]) == ["W", "e", "i", "t", "e", "r"])
        #expect(Self.letters(of: "التالي ›", outside: ["Arabic"]).isEmpty)
        #expect(Self.letters(of: "スペース", outside: ["Han", "Hiragana", "Katakana"]).isEmpty)
        #expect(Self.letters(of: "完了", outside: ["Hangul"]) == ["完", "了"])
    }

    @Test func aMalformedCatalogIsReportedWithItsName() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("catalog-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("xx.strings")
        try Data("\"accessory.next\" = \"Weiter;\n\"accessory.done\" = ".utf8).write(to: file)
        #expect {
            try StringCatalogFiles.table(at: file)
        } throws: { error in
            "\(error)".contains(file.path) && "\(error)".contains("well-formed")
        }
        try Data("(\"a\", \"b\")".utf8).write(to: file)
        #expect {
            try StringCatalogFiles.table(at: file)
        } throws: { error in
            "\(error)".contains(file.path)
        }
        #expect(throws: StringCatalogError.self) { try StringCatalogFiles.table(at: folder.appendingPathComponent("none.strings")) }
    }

    // MARK: Helpers

    /// The printf placeholders of a text (`%@`, `%d`, `%1$@`), in order.
    static func placeholders(_ text: String) -> [String] {
        let pattern = try! NSRegularExpression(pattern: "%(?:[0-9]+\\$)?[-+ 0#]*[0-9]*(?:\\.[0-9]+)?(?:ll|l|h|q|z)?[@dDiuUxXoOfFeEgGcCsSpaA%]")
        let range = NSRange(text.startIndex..., in: text)
        return pattern.matches(in: text, range: range).map { (text as NSString).substring(with: $0.range) }
    }

    /// The text with the Latin words every language may keep taken out.
    static func withoutLatinTokens(_ text: String) -> String {
        latinTokens.reduce(text) { $0.replacingOccurrences(of: $1, with: " ") }
    }

    /// The letters of `text` whose Unicode script is none of `scripts` (Common and Inherited ones, such as
    /// the Japanese length mark, always pass).
    static func letters(of text: String, outside scripts: [String]) -> [String] {
        let allowed = (scripts + ["Common", "Inherited"]).map { "\\p{Script=\($0)}" }.joined()
        let pattern = try! NSRegularExpression(pattern: "(?=\\p{L})[^\(allowed)]")
        let range = NSRange(text.startIndex..., in: text)
        return pattern.matches(in: text, range: range).map { (text as NSString).substring(with: $0.range) }
    }
}
