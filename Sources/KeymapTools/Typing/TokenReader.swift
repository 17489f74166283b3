import Foundation
import XKB

/// Reads key tokens — from arguments, a token file or standard input — into
/// the key events they stand for.
///
/// Tokens are separated by whitespace. All tokens are read before anything is
/// typed, so a bad token stops a run before it prints anything.
public struct TokenReader {
    private let parser: KeyTokenParser

    /// Creates a reader that resolves key names in `keymap`.
    ///
    /// - Parameter keymap: The keymap XKB key names such as `<AC01>` are looked up in.
    public init(keymap: Keymap) {
        parser = KeyTokenParser(keymap: keymap)
    }

    /// The text of a token file, or of standard input for `-`.
    ///
    /// - Parameter path: The file's path, or `-`.
    /// - Returns: The text.
    /// - Throws: ``TokenReaderError`` when the file is missing, is a folder,
    ///   cannot be read or is not UTF-8; the message names `--input` and the file.
    public static func text(ofFile path: String) throws -> String {
        let data: Data
        if path == "-" {
            data = FileHandle.standardInput.readDataToEndOfFile()
        } else {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
                throw TokenReaderError("--input \(path): no such file")
            }
            guard !isFolder.boolValue else { throw TokenReaderError("--input \(path): is a folder, not a file") }
            guard let contents = FileManager.default.contents(atPath: path) else {
                throw TokenReaderError("--input \(path): cannot be read")
            }
            data = contents
        }
        guard let text = String(validating: data, as: UTF8.self) else {
            throw TokenReaderError("--input \(path == "-" ? "standard input" : path): not valid UTF-8")
        }
        return text
    }

    /// The events of every token in `source`, in order.
    ///
    /// - Parameter source: Whitespace-separated tokens, such as `KEY_H KEY_LEFTSHIFT+KEY_I`.
    /// - Returns: Each token's events, one after another.
    /// - Throws: ``TokenReaderError`` for the first bad token, numbered from 1:
    ///   `token 3: unknown key name "KEY_Q1"; did you mean "KEY_Q"?`.
    public func events(in source: String) throws -> [KeyEvent] {
        // A token file repeats a few tokens many times: each is parsed once.
        var known: [Substring: [KeyEvent]] = [:]
        var events: [KeyEvent] = []
        var index = 0
        try Self.forEachToken(of: source) { token in
            index += 1
            if let cached = known[token] {
                events.append(contentsOf: cached)
                return
            }
            do {
                let parsed = try parser.parse(String(token)).events
                if known.count < 4096 { known[token] = parsed }
                events.append(contentsOf: parsed)
            } catch let error as KeyTokenError {
                throw TokenReaderError("token \(index): \(error)")
            }
        }
        return events
    }

    /// Calls `body` with each whitespace-separated token of `source`, as
    /// `split(whereSeparator: \.isWhitespace)` gives them, without keeping them all.
    ///
    /// ASCII text, such as a token file, is split byte by byte, many times faster.
    ///
    /// - Parameters:
    ///   - source: The text.
    ///   - body: Called with each token in turn.
    /// - Throws: What `body` throws.
    public static func forEachToken(of source: String, _ body: (Substring) throws -> Void) rethrows {
        let utf8 = source.utf8
        guard utf8.allSatisfy({ $0 < 0x80 }) else {
            for token in source.split(whereSeparator: \.isWhitespace) { try body(token) }
            return
        }
        var start: String.Index?
        var position = utf8.startIndex
        while position != utf8.endIndex {
            let byte = utf8[position]
            // ASCII whitespace: tab, line feed, vertical tab, form feed, carriage return, space.
            if byte == UInt8(ascii: " ") || (0x09...0x0D).contains(byte) {
                if let first = start {
                    try body(source[first..<position])
                    start = nil
                }
            } else if start == nil {
                start = position
            }
            utf8.formIndex(after: &position)
        }
        if let first = start { try body(source[first...]) }
    }
}
