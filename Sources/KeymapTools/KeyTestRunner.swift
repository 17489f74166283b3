import Foundation
import XKB

/// The result of one assertion line of a `.keytest` file.
public struct KeyTestResult: Hashable, Sendable {
    /// The test file.
    public var file: String
    /// The 1-based line number.
    public var line: Int
    /// The line as written.
    public var source: String
    /// `nil` when the case passed, else what went wrong (expected against actual).
    public var failure: String?

    /// Whether the case passed.
    public var passed: Bool { failure == nil }
}

/// Runs `.keytest` files, compiling each distinct keymap once per run.
public final class KeyTestRunner {
    /// The cache keymaps and compose tables are compiled into.
    public let cache: KeymapCache

    /// Creates a runner; pass a cache to share compiled keymaps between runs.
    public init(cache: KeymapCache = KeymapCache()) {
        self.cache = cache
    }

    /// The `.keytest` files named by `paths`: files as given, folders
    /// searched recursively, in sorted order.
    ///
    /// - Throws: `XKBError` (`fileUnreadable`) for a path that does not exist.
    public static func testFiles(in paths: [String]) throws -> [String] {
        var files: [String] = []
        for path in paths {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
                throw XKBError(.fileUnreadable, "\(path): no such file or folder")
            }
            if isFolder.boolValue {
                // The enumerator lists nothing under a symbolic link to a folder: walk its target.
                let target = (path as NSString).resolvingSymlinksInPath
                guard let walker = FileManager.default.enumerator(atPath: target) else {
                    throw XKBError(.fileUnreadable, "\(path): folder cannot be read")
                }
                var found: [String] = []
                while let entry = walker.nextObject() as? String {
                    if entry.hasSuffix(".keytest") { found.append((path as NSString).appendingPathComponent(entry)) }
                }
                files += found.sorted()
            } else {
                files.append(path)
            }
        }
        return files
    }

    /// Runs one file and returns one result per assertion, plus one failure
    /// per line that could not be read or set up.
    public func run(file path: String) -> [KeyTestResult] {
        let text: String
        do {
            let bytes = try InputFile.bytes(of: path)
            guard let decoded = String(validating: bytes, as: UTF8.self) else {
                return [KeyTestResult(file: path, line: 0, source: "", failure: "file is not valid UTF-8")]
            }
            text = decoded
        } catch {
            return [KeyTestResult(file: path, line: 0, source: "", failure: "\(error)")]
        }
        let folder = (path as NSString).deletingLastPathComponent
        return run(lines: KeyTestParser.parse(text, folder: folder.isEmpty ? "." : folder), file: path)
    }

    /// Runs lines already read from a file named `file`.
    public func run(lines: [KeyTestLine], file: String) -> [KeyTestResult] {
        var results: [KeyTestResult] = []
        var origin: KeymapSource.Origin = .names(RuleNames())
        var includes: [String] = []
        var compose: ComposeSetting = .off
        var keymapLine: Int?
        for line in lines {
            func record(_ failure: String?) {
                results.append(KeyTestResult(file: file, line: line.number, source: line.source, failure: failure))
            }
            let statement: KeyTestStatement
            switch line.statement {
            case .failure(let error):
                record(error.message)
                continue
            case .success(let value):
                statement = value
            }
            switch statement {
            case .keymap(let newOrigin):
                origin = newOrigin
                keymapLine = line.number
                // A keymap that does not compile, or is not the one the names ask for, fails here, once,
                // in the words keyinput's options use.
                if let problem = keymapProblem(origin, includes: includes) { record(problem) }
            case .include(let folder):
                includes.append(folder)
            case .compose(let setting):
                compose = setting
                if case .failure(let error) = Result(catching: { try composeTable(compose) }) {
                    record("\(error)")
                }
            default:
                let keymap: Keymap
                do {
                    keymap = try cache.keymap(KeymapSource(origin, includePaths: includes))
                } catch {
                    // The keymap's own line already reported the full error.
                    record(keymapLine.map { "cannot run: the keymap of line \($0) does not compile" } ?? "cannot run: \(error)")
                    continue
                }
                do {
                    record(try check(statement, keymap: keymap, composeTable: try composeTable(compose)))
                } catch {
                    record("cannot run: \(error)")
                }
            }
        }
        return results
    }

    /// Why a `keymap` line does not give the keymap it names, or `nil` when it does.
    private func keymapProblem(_ origin: KeymapSource.Origin, includes: [String]) -> String? {
        if case .names(let names) = origin, let dropped = KeymapDiagnosis.droppedName(in: names) { return dropped }
        let keymap: Keymap
        do {
            keymap = try cache.keymap(KeymapSource(origin, includePaths: includes))
        } catch {
            if case .names(let names) = origin, let unknown = KeymapDiagnosis.unknownName(in: names, includePaths: includes) {
                return "keymap does not compile: \(unknown)\n\(error)"
            }
            return "keymap does not compile: \(error)"
        }
        guard case .names(let names) = origin else { return nil }
        return KeymapDiagnosis.check(keymap, names: names, includePaths: includes).error
    }

    private func composeTable(_ setting: ComposeSetting) throws -> ComposeTable? {
        switch setting {
        case .off: nil
        case .locale(let locale): try cache.composeTable(locale: locale)
        case .file(let path): try cache.composeTable(file: path)
        }
    }

    private var guides: [ObjectIdentifier: TypingGuide] = [:]

    private func check(_ statement: KeyTestStatement, keymap: Keymap, composeTable: ComposeTable?) throws -> String? {
        switch statement {
        case .type(let tokens, let expected):
            let parser = KeyTokenParser(keymap: keymap)
            let decoder = KeyEventDecoder(keymap: keymap, composeTable: composeTable)
            var buffer = TextBuffer()
            for token in tokens {
                for event in try parser.parse(token).events { buffer.apply(decoder.decode(event).action) }
            }
            // Compare scalar by scalar: "á" and "a" + U+0301 look alike but are not the same text.
            if Array(buffer.text.unicodeScalars) == Array(expected.unicodeScalars) { return nil }
            var message = "expected \(expected.debugDescription), got \(buffer.text.debugDescription)"
            if buffer.text == expected {
                message += " (same look, different code points: expected \(scalars(expected)), got \(scalars(buffer.text)))"
            }
            return message
        case .keysyms(let tokens, let expected):
            let parser = KeyTokenParser(keymap: keymap)
            let decoder = KeyEventDecoder(keymap: keymap, composeTable: composeTable)
            var last: Keysyms?
            for token in tokens {
                for event in try parser.parse(token).events {
                    let decoded = decoder.decode(event)
                    if event.kind != .up { last = decoded.keysyms }
                }
            }
            let actual = (last ?? Keysyms()).map(\.name)
            let wanted = expected.filter { $0 != "NoSymbol" }.compactMap { Keysym(name: $0)?.name }
            return actual == wanted
                ? nil
                : "expected keysyms \(wanted.isEmpty ? "(none)" : wanted.joined(separator: " ")), got \(actual.isEmpty ? "(none)" : actual.joined(separator: " "))"
        case .canType(let text), .cannotType(let text):
            let guide = guide(keymap: keymap, composeTable: composeTable)
            let wantTypeable: Bool
            if case .canType = statement { wantTypeable = true } else { wantTypeable = false }
            let wrong = text.filter { guide.methods(for: $0).isEmpty == wantTypeable }
            if wrong.isEmpty { return nil }
            let list = wrong.map { "\"\($0)\" (\(codePoints($0)))" }.joined(separator: ", ")
            return wantTypeable ? "cannot be typed: \(list)" : "can be typed after all: \(list)"
        case .covers(let codes):
            return try checkCoverage(codes, guide: guide(keymap: keymap, composeTable: composeTable))
        case .state(let tokens, let expected):
            let parser = KeyTokenParser(keymap: keymap)
            let decoder = KeyEventDecoder(keymap: keymap, composeTable: composeTable)
            for token in tokens {
                for event in try parser.parse(token).events { _ = decoder.decode(event) }
            }
            do { return try expected.check(decoder.state, parser: parser) } catch let error as KeyTestSyntaxError {
                return error.message  // a name this keymap does not have: a failed line, not "cannot run"
            }
        case .shortcut(let tokens, let expected):
            let parser = KeyTokenParser(keymap: keymap)
            let decoder = KeyEventDecoder(keymap: keymap, composeTable: composeTable)
            var last: Shortcut?
            for token in tokens {
                for event in try parser.parse(token).events {
                    let decoded = decoder.decode(event)
                    if event.kind != .up { last = Shortcut(decoded) }
                }
            }
            guard let last else { return "no key was pressed" }
            return last == expected ? nil : "expected shortcut \(expected), got \(last)"
        default:
            return nil
        }
    }

    private func guide(keymap: Keymap, composeTable: ComposeTable?) -> TypingGuide {
        let key = ObjectIdentifier(keymap)
        if let cached = guides[key], cached.composeTable === composeTable { return cached }
        let guide = TypingGuide(keymap: keymap, composeTable: composeTable)
        guides[key] = guide
        return guide
    }

    /// `nil` when every language's letters can be typed, else the missing letters by language.
    private func checkCoverage(_ codes: [String], guide: TypingGuide) throws -> String? {
        var languages = codes
        if languages.isEmpty {
            guard let names = guide.keymap.names else {
                return "a keymap file names no languages: list them, as in covers fr"
            }
            languages = RegistrySurvey.languages(of: names.filledIn(), in: try Registry(includePaths: guide.keymap.context.includePaths))
            if languages.isEmpty { return "the registry names no language for this layout: list them, as in covers fr" }
        }
        let coverages = languages.map { LanguageCoverage.check(code: $0, guide: guide) }
        let failures = coverages.filter { !$0.missing.isEmpty }.map {
            "\(CoverageReport.label($0)) cannot type \($0.missing.map(CoverageReport.visible).joined(separator: " "))"
        }
        let noData = coverages.filter { !$0.hasData }.map(\.code)
        if !noData.isEmpty && noData.count == coverages.count {
            return "no CLDR letters for \(noData.joined(separator: ", ")): nothing to check"
        }
        return failures.isEmpty ? nil : failures.joined(separator: "; ")
    }
}

/// `U+0041 U+030A` style code points of a text.
func scalars(_ text: String) -> String {
    text.unicodeScalars.map { "U+" + String(format: "%04X", $0.value) }.joined(separator: " ")
}

/// `U+00E9` style code points of a character.
public func codePoints(_ character: Character) -> String { scalars(String(character)) }
