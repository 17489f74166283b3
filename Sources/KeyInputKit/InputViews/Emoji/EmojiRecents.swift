import Foundation

/// The emoji chosen last, most recent first, kept in a file across runs:
/// `$XDG_STATE_HOME/keyinputkit/emoji-recent` (`~/.local/state/…` when
/// unset), one emoji a line, replaced atomically on each change.
///
/// A file that cannot be read, or holds something else than short lines of
/// text, is ignored; one that cannot be written leaves the list in memory.
public struct EmojiRecents: Sendable {
    /// At most this many are kept.
    public static let limit = 30

    /// The emoji, most recent first.
    public private(set) var emoji: [String] = []
    /// The file, or `nil` to keep them in memory only.
    public let path: String?

    /// Reads the list from `path`.
    ///
    /// - Parameter path: The file; ``standardPath`` by default, `nil` for none.
    public init(path: String? = EmojiRecents.standardPath) {
        self.path = path
        guard let path, let data = FileManager.default.contents(atPath: path) else { return }
        emoji = Self.parse(data) ?? []
    }

    /// `$XDG_STATE_HOME/keyinputkit/emoji-recent`, or under `$HOME/.local/state`; `nil` with neither set.
    public static var standardPath: String? {
        let environment = ProcessInfo.processInfo.environment
        if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") { return "\(state)/keyinputkit/emoji-recent" }
        guard let home = environment["HOME"], !home.isEmpty else { return nil }
        return "\(home)/.local/state/keyinputkit/emoji-recent"
    }

    /// Puts `character` first, and writes the file.
    ///
    /// - Parameter character: The emoji chosen.
    public mutating func record(_ character: String) {
        emoji.removeAll { $0 == character }
        emoji.insert(character, at: 0)
        if emoji.count > Self.limit { emoji.removeLast(emoji.count - Self.limit) }
        save()
    }

    private func save() {
        guard let path else { return }
        let url = URL(fileURLWithPath: path)
        do {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data((emoji.joined(separator: "\n") + "\n").utf8).write(to: url, options: .atomic)
        } catch {
            EmojiCatalog.logger.notice("recently used emoji not saved to \(path): \(error)")
        }
    }

    /// The lines of a well-formed file, or `nil`: not UTF-8, too large, or a line longer than an emoji.
    static func parse(_ data: Data) -> [String]? {
        guard data.count <= 64 * 1024, let text = String(data: data, encoding: .utf8) else { return nil }
        let lines = text.split(separator: "\n").map(String.init)
        guard lines.allSatisfy({ $0.count == 1 && $0.unicodeScalars.count <= 16 }) else { return nil }
        return Array(lines.prefix(limit))
    }
}
