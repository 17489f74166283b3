import XKB

/// What the rules share about one keymap: its keys' levels, which of them some
/// modifier combination reaches, the text summary, and where keys are in the source file.
final class KeymapFacts {
    /// One level of one key in one group.
    struct Level {
        var key: Keycode
        var name: String
        var group: Int
        var level: Int
        var keysyms: Keysyms
        /// The simplest pressable modifier mask that selects the level, `nil` when none does.
        var mask: ModifierMask?
    }

    let keymap: Keymap
    let summary: KeymapTextSummary
    let file: String?
    let sourceLines: [Substring]
    /// Every level with keysyms.
    private(set) var levels: [Level] = []
    /// Keysyms some key types at a reachable level.
    private(set) var reachableKeysyms: Set<Keysym> = []
    /// Real modifiers some key in the modifier map sets.
    private(set) var pressableModifiers = ModifierMask(rawValue: 0)

    init(keymap: Keymap, file: String?, sourceText: String?) {
        self.keymap = keymap
        self.file = file
        self.summary = KeymapTextSummary(text: keymap.text)
        self.sourceLines = sourceText.map { $0.split(separator: "\n", omittingEmptySubsequences: false) } ?? []
        var pressable: UInt32 = 0
        for entry in summary.modifierMap where !entry.keys.isEmpty {
            if let index = keymap.modifierIndex(named: entry.modifier) { pressable |= 1 << UInt32(index) }
        }
        pressableModifiers = ModifierMask(rawValue: pressable)
        for key in keymap.keys {
            guard let name = keymap.name(of: key) else { continue }
            for group in 0..<keymap.layoutCount(of: key) {
                for level in 0..<keymap.levelCount(of: key, layout: group) {
                    let keysyms = keymap.keysyms(of: key, layout: group, level: level)
                    guard !keysyms.isEmpty else { continue }
                    let mask = level == 0 ? ModifierMask(rawValue: 0) : reachingMask(key, group, level)
                    levels.append(Level(key: key, name: name, group: group, level: level, keysyms: keysyms, mask: mask))
                    if mask != nil { reachableKeysyms.formUnion(keysyms) }
                }
            }
        }
    }

    private func reachingMask(_ key: Keycode, _ group: Int, _ level: Int) -> ModifierMask? {
        keymap.modifierMasks(of: key, layout: group, level: level).first { mask in
            mask.rawValue != 0 && mask.rawValue & ~pressableModifiers.rawValue == 0
        }
    }

    /// The modifiers of a mask as `Shift+Mod5`, or `no modifiers`.
    func describe(_ mask: ModifierMask) -> String {
        let names = keymap.modifierNames(in: mask)
        return names.isEmpty ? "no modifiers" : names.joined(separator: "+")
    }

    /// `<AC01> group 1 level 3`.
    func place(_ level: Level) -> String {
        "<\(level.name)> group \(level.group + 1) level \(level.level + 1)"
    }

    /// The 1-based line of the first source line holding all of `needles`, in order of preference.
    func line(containing needles: [String]) -> Int? {
        guard !sourceLines.isEmpty else { return nil }
        return sourceLines.firstIndex { line in
            let code = line.prefix { $0 != "/" && $0 != "#" }
            return needles.allSatisfy { code.contains($0) }
        }.map { $0 + 1 }
    }

    /// The line of a key's `key <NAME>` statement in the source file.
    func line(ofKey name: String) -> Int? {
        line(containing: ["key", "<\(name)>", "{"])
    }

    /// `severity` for a key the linted file defines itself; a note for one it takes from the stock
    /// files it includes, or from names, which the layout's maintainers chose on purpose more often than not.
    func severity(_ severity: LintSeverity, key: String) -> LintSeverity {
        line(ofKey: key) == nil ? .note : severity
    }

    /// A finding at a key's line.
    func finding(_ id: String, _ severity: LintSeverity, _ message: String, key: String? = nil, line: Int? = nil) -> LintFinding {
        LintFinding(id: id, severity: severity, message: message, file: file, line: line ?? key.flatMap { self.line(ofKey: $0) })
    }
}

extension Keysyms {
    /// `a`, or `[a, b]` for several keysyms.
    var shortDescription: String { count == 1 ? self[0].name : description }
}
