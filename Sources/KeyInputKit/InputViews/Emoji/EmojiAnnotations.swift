import Foundation

/// Emoji names and search keywords in a language, from CLDR's annotations
/// (Debian's `unicode-cldr-core`): `common/annotations/<lang>.xml` and
/// `common/annotationsDerived/<lang>.xml`.
///
/// A locale reads its own files, then those of the locales it falls back
/// to — `fr_CA` → `fr` → `en` — and each emoji takes its name and keywords
/// from the first that has them. Missing files are skipped: with none at
/// all, emoji have no names and a search finds nothing.
public struct EmojiAnnotations: Sendable {
    /// A name and keywords for one emoji.
    public struct Entry: Hashable, Sendable {
        /// The name read aloud (CLDR's `tts`), such as `cœur rouge`.
        public var name: String?
        /// The words a search finds it by, such as `cœur`, `amour`.
        public var keywords: [String]
    }

    /// The locales read, most specific first (`fr_CA`, `fr`, `en`).
    public private(set) var locales: [String] = []
    /// The files that were read.
    public private(set) var filesRead: [String] = []
    /// Entries by emoji, keyed without variation selectors (CLDR's form).
    private var entries: [String: Entry] = [:]

    /// Where Debian's `unicode-cldr-core` puts CLDR's `common` folder.
    public static let standardDirectory = "/usr/share/unicode/cldr/common"

    /// No names at all.
    public init() {}

    /// Reads the annotations for `locale` and those it falls back to.
    ///
    /// - Parameters:
    ///   - locale: A POSIX locale (`fr_CA.UTF-8`) or CLDR name (`fr_CA`, `fr-CA`).
    ///   - directory: CLDR's `common` folder.
    public init(locale: String, directory: String = standardDirectory) {
        locales = Self.fallbackChain(for: locale)
        for name in locales {
            for folder in ["annotations", "annotationsDerived"] {
                let path = "\(directory)/\(folder)/\(name).xml"
                guard let data = FileManager.default.contents(atPath: path) else { continue }
                filesRead.append(path)
                merge(data)
            }
        }
    }

    /// The name of `emoji` in the language, if CLDR has one.
    public func name(for emoji: String) -> String? { entries[Emoji.key(of: emoji.unicodeScalars)]?.name }

    /// The keywords `emoji` is found by in the language.
    public func keywords(for emoji: String) -> [String] { entries[Emoji.key(of: emoji.unicodeScalars)]?.keywords ?? [] }

    /// Whether any names were read.
    public var isEmpty: Bool { entries.isEmpty }

    /// `fr_CA.UTF-8` → `fr_CA`, `fr`, `en`; `C` and unknown names → `en`.
    static func fallbackChain(for locale: String) -> [String] {
        let bare = locale.prefix { $0 != "." && $0 != "@" }
        let parts = bare.split(whereSeparator: { $0 == "_" || $0 == "-" }).map(String.init)
        var chain: [String] = []
        if let language = parts.first?.lowercased(), (2...3).contains(language.count),
            language.allSatisfy({ $0 >= "a" && $0 <= "z" })
        {
            if parts.count > 1 { chain.append(([language] + parts.dropFirst()).joined(separator: "_")) }
            chain.append(language)
        }
        if !chain.contains("en") { chain.append("en") }
        return chain
    }

    /// Reads one file's entries into ``entries``, keeping what a more specific file gave.
    private mutating func merge(_ data: Data) {
        for (key, entry) in Self.parse(data) {
            guard let mine = entries[key] else {
                entries[key] = entry
                continue
            }
            if mine.name == nil || mine.keywords.isEmpty {
                entries[key] = Entry(name: mine.name ?? entry.name, keywords: mine.keywords.isEmpty ? entry.keywords : mine.keywords)
            }
        }
    }

    /// Reads `<annotation cp="X">a | b</annotation>` and `<annotation cp="X" type="tts">name</annotation>`.
    ///
    /// Works on the bytes: a locale and its fallbacks are about 2 MB, read while the picker first shows.
    static func parse(_ data: Data) -> [String: Entry] {
        var entries: [String: Entry] = [:]
        entries.reserveCapacity(4096)
        let open = Array("<annotation cp=\"".utf8)
        let close = Array("</annotation>".utf8)
        let tts = Array("tts".utf8)
        data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) in
            let bytes = raw.bindMemory(to: UInt8.self)
            var i = 0
            while let start = find(open, in: bytes, from: i) {
                let cpStart = start + open.count
                guard let cpEnd = bytes[cpStart...].firstIndex(of: UInt8(ascii: "\"")),
                    let tagEnd = bytes[cpEnd...].firstIndex(of: UInt8(ascii: ">")),
                    let textEnd = find(close, in: bytes, from: tagEnd)
                else { break }
                i = textEnd + close.count
                let text = bytes[(tagEnd + 1)..<textEnd]
                // Empty, or `↑↑↑`: "as the parent locale has it".
                if text.isEmpty || text.elementsEqual("↑↑↑".utf8) { continue }
                let key = Emoji.key(of: string(bytes[cpStart..<cpEnd]).unicodeScalars)
                var entry = entries[key] ?? Entry(name: nil, keywords: [])
                if find(tts, in: UnsafeBufferPointer(rebasing: bytes[cpEnd..<tagEnd]), from: 0) != nil {
                    entry.name = string(text)
                } else {
                    entry.keywords = text.split(separator: UInt8(ascii: "|")).compactMap { part in
                        guard let first = part.firstIndex(where: { $0 != 0x20 }),
                            let last = part.lastIndex(where: { $0 != 0x20 })
                        else { return nil }
                        return string(part[first...last])
                    }
                }
                entries[key] = entry
            }
        }
        return entries
    }

    /// Text from bytes, XML's named entities replaced.
    private static func string(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) -> String {
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes), as: UTF8.self)
        return bytes.contains(UInt8(ascii: "&")) ? unescape(text) : text
    }

    /// The first place at or after `from` where `needle` starts.
    private static func find(_ needle: [UInt8], in bytes: UnsafeBufferPointer<UInt8>, from: Int) -> Int? {
        guard let first = needle.first, needle.count <= bytes.count else { return nil }
        var i = from
        let last = bytes.count - needle.count
        while i <= last {
            if bytes[i] == first {
                var j = 1
                while j < needle.count && bytes[i + j] == needle[j] { j += 1 }
                if j == needle.count { return i }
            }
            i += 1
        }
        return nil
    }

    /// XML's five named entities.
    private static func unescape(_ text: String) -> String {
        guard text.contains("&") else { return text }
        return text.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&apos;", with: "'")
            .replacingOccurrences(of: "&amp;", with: "&")
    }
}
