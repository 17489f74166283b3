import Foundation
import Logging

/// Every emoji a picker offers, in Unicode's groups and order, read from
/// Unicode's `emoji-test.txt` (Debian's `unicode-data`).
///
/// Only fully-qualified emoji are kept; skin-tone variants are folded into
/// their base emoji's ``Emoji/skinTones``, and the Component group (the
/// tone swatches and hair) is left out.
public struct EmojiCatalog: Sendable {
    /// One of Unicode's groups (`Smileys & Emotion`).
    public struct Group: Hashable, Sendable {
        /// Unicode's name for the group.
        public var name: String
        /// Its emoji, in Unicode's order.
        public var emoji: [Emoji]
    }

    /// The groups, in Unicode's order.
    public var groups: [Group]

    /// Where Debian's `unicode-data` puts the file.
    public static let standardPath = "/usr/share/unicode/emoji/emoji-test.txt"

    /// Every emoji, group after group.
    public var allEmoji: [Emoji] { groups.flatMap(\.emoji) }

    /// An empty catalog: what a picker shows without the data.
    public init() { groups = [] }

    /// Reads a catalog from a file in `emoji-test.txt`'s format.
    ///
    /// - Parameter path: The file.
    /// - Throws: ``EmojiDataError`` when the file cannot be read.
    public init(contentsOf path: String) throws(EmojiDataError) {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw EmojiDataError(path: path, reason: "cannot be read")
        }
        self.init(parsing: data)
    }

    /// Parses `emoji-test.txt`'s text; lines that are not emoji are skipped.
    ///
    /// - Parameter data: The file's bytes, UTF-8.
    public init(parsing data: Data) {
        var groups: [Group] = []
        var subgroup = ""
        var skipsGroup = false
        // Where each base emoji is, by its key, for its skin tones to find it.
        var places: [String: (group: Int, index: Int)] = [:]
        data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) in
            let bytes = raw.bindMemory(to: UInt8.self)
            var start = 0
            while start < bytes.count {
                var end = start
                while end < bytes.count && bytes[end] != 0x0A { end += 1 }
                defer { start = end + 1 }
                let line = UnsafeBufferPointer(rebasing: bytes[start..<end])
                if let header = Self.header(line, "# group: ") {
                    skipsGroup = header == "Component"
                    if !skipsGroup { groups.append(Group(name: header, emoji: [])) }
                    continue
                }
                if let header = Self.header(line, "# subgroup: ") {
                    subgroup = header
                    continue
                }
                guard !skipsGroup, !groups.isEmpty, let entry = Self.entry(line) else { continue }
                let key = Emoji.key(of: entry.scalars)
                if Emoji.hasSkinTone(entry.scalars) {
                    if let place = places[key] {
                        groups[place.group].emoji[place.index].skinTones.append(entry.character)
                    }
                    continue
                }
                let group = groups.count - 1
                places[key] = places[key] ?? (group, groups[group].emoji.count)
                groups[group].emoji.append(
                    Emoji(character: entry.character, name: entry.name, group: group, subgroup: subgroup))
            }
        }
        self.groups = groups
    }

    /// The text after `prefix` when `line` starts with it.
    private static func header(_ line: UnsafeBufferPointer<UInt8>, _ prefix: String) -> String? {
        let prefix = prefix.utf8
        guard line.count > prefix.count, line.starts(with: prefix) else { return nil }
        return String(decoding: UnsafeBufferPointer(rebasing: line[prefix.count...]), as: UTF8.self)
            .trimmingCharacters(in: .whitespaces)
    }

    /// A fully-qualified line: `1F44D 1F3FD ; fully-qualified # 👍🏽 E1.0 thumbs up: medium skin tone`.
    private static func entry(
        _ line: UnsafeBufferPointer<UInt8>
    ) -> (scalars: [Unicode.Scalar], character: String, name: String)? {
        guard let semicolon = line.firstIndex(of: UInt8(ascii: ";")), let hash = line.firstIndex(of: UInt8(ascii: "#")),
            semicolon < hash
        else { return nil }
        let status = line[(semicolon + 1)..<hash].drop { $0 == 0x20 }.prefix { $0 != 0x20 }
        guard status.elementsEqual("fully-qualified".utf8) else { return nil }
        var scalars: [Unicode.Scalar] = []
        var value: UInt32 = 0
        var digits = 0
        for byte in line[..<semicolon] {
            if let digit = hexValue(byte) {
                value = value << 4 | digit
                digits += 1
            } else if digits > 0 {
                guard let scalar = Unicode.Scalar(value) else { return nil }
                scalars.append(scalar)
                value = 0
                digits = 0
            }
        }
        guard !scalars.isEmpty else { return nil }
        // The comment holds the emoji, its version (`E1.0`) and its name.
        let comment = String(decoding: UnsafeBufferPointer(rebasing: line[(hash + 1)...]), as: UTF8.self)
        let words = comment.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: true)
        guard words.count == 3 else { return nil }
        var character = String.UnicodeScalarView()
        character.append(contentsOf: scalars)
        return (scalars, String(character), String(words[2]))
    }

    private static func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        default: nil
        }
    }
}

extension EmojiCatalog {
    static let logger = Logger(label: "KeyInputKit.Emoji")

    /// The catalog from ``standardPath``, read once on first use; empty,
    /// with one logged notice, when the file is missing.
    public static var standard: EmojiCatalog { standardCatalog }

    private static let standardCatalog: EmojiCatalog = {
        do {
            return try EmojiCatalog(contentsOf: standardPath)
        } catch {
            logger.notice("no emoji data (\(error)); install unicode-data for the emoji picker's emoji")
            return EmojiCatalog()
        }
    }()
}
