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
    ///   cannot be read, holds more than ``inputLimit`` bytes or is not UTF-8;
    ///   the message names `--input` and the file.
    public static func text(ofFile path: String) throws -> String {
        let bytes: [UInt8]
        do {
            // A stream is the point here (`--input <(cmd)`, a FIFO): wait for its writer.
            bytes = try InputFile(path, limit: inputLimit, idleTimeout: nil).read()
        } catch {
            let message = path == "-" ? error.message : "--input " + error.message
            throw TokenReaderError(message)
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw TokenReaderError("--input \(path == "-" ? "standard input" : path): not valid UTF-8")
        }
        return text
    }

    /// The most bytes of tokens read: about 40 million tokens.
    public static let inputLimit = 256 << 20

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
        var source = source
        source.makeContiguousUTF8()
        let text = source
        let split: Bool? = try text.utf8.withContiguousStorageIfAvailable { bytes in
            guard isASCII(bytes) else { return false }
            // Byte offsets are offsets into the string's own UTF-8: an index is found in constant time.
            let utf8 = text.utf8
            func token(_ start: Int, _ end: Int) -> Substring {
                text[utf8.index(utf8.startIndex, offsetBy: start)..<utf8.index(utf8.startIndex, offsetBy: end)]
            }
            var start = -1
            for offset in 0..<bytes.count {
                let byte = bytes[offset]
                // ASCII whitespace: tab, line feed, vertical tab, form feed, carriage return, space.
                if byte == 0x20 || (byte &- 0x09) < 5 {
                    if start >= 0 {
                        try body(token(start, offset))
                        start = -1
                    }
                } else if start < 0 {
                    start = offset
                }
            }
            if start >= 0 { try body(token(start, bytes.count)) }
            return true
        }
        guard split != true else { return }
        for token in text.split(whereSeparator: \.isWhitespace) { try body(token) }
    }

    /// Whether every byte is below 0x80.
    private static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var seen: UInt8 = 0
        for byte in bytes { seen |= byte }
        return seen < 0x80
    }
}
