import XKB

/// Where two keymaps differ in meaning (``KeymapMeaning``): keys, layouts, the
/// modifier map and what dead keys make. Formatting, order and names of key types
/// never count; only what someone typing would notice.
public struct KeymapDiff: Sendable {
    /// A difference on one key.
    public struct KeyChange: Hashable, Sendable {
        /// What differs.
        public enum Kind: String, Sendable {
            /// The keysyms (and text) of a level.
            case keysyms
            /// Which level some modifiers choose (the key type, its modifiers).
            case levels
            /// Whether the key repeats.
            case repeats
            /// What pressing the key does to modifiers or the layout (its action).
            case press
            /// The key is on one side only.
            case presence
        }

        /// The key's name (`AC01`).
        public var key: String
        /// What differs.
        public var kind: Kind
        /// The group (0-based), for keysyms and levels.
        public var group: Int?
        /// The level (0-based), for keysyms.
        public var level: Int?
        /// The keysyms before and after, for keysyms.
        public var keysyms: (before: [Keysym], after: [Keysym])?
        /// What it was, in words.
        public var before: String
        /// What it is, in words.
        public var after: String

        public static func == (a: KeyChange, b: KeyChange) -> Bool {
            (a.key, a.kind, a.group, a.level, a.before, a.after) == (b.key, b.kind, b.group, b.level, b.before, b.after)
        }

        public func hash(into hasher: inout Hasher) {
            hasher.combine(key)
            hasher.combine(kind)
            hasher.combine(before)
            hasher.combine(after)
        }
    }

    /// A difference in a dead key's results.
    public struct DeadKeyChange: Hashable, Sendable {
        /// The dead keysym (`dead_circumflex`).
        public var keysym: Keysym
        /// Whether the first keymap types it.
        public var typedBefore: Bool
        /// Whether the second keymap types it.
        public var typedAfter: Bool
        /// What it made and makes no longer, by following keysym.
        public var lost: [(follower: Keysym, text: String)]
        /// What it makes now and did not, by following keysym.
        public var gained: [(follower: Keysym, text: String)]

        public static func == (a: DeadKeyChange, b: DeadKeyChange) -> Bool {
            a.keysym == b.keysym && a.lost.map(\.text) == b.lost.map(\.text) && a.gained.map(\.text) == b.gained.map(\.text)
        }

        public func hash(into hasher: inout Hasher) { hasher.combine(keysym) }
    }

    /// A real modifier whose keys differ.
    public struct ModifierMapChange: Hashable, Sendable {
        /// The real modifier (`Mod5`).
        public var modifier: String
        /// Its keys before and after.
        public var before: [String], after: [String]
    }

    /// Differences in the layouts: their number and names, in words.
    public private(set) var layoutChanges: [(what: String, before: String, after: String)] = []
    /// Differences on keys, in keyboard order.
    public private(set) var keyChanges: [KeyChange] = []
    /// Differences in the modifier map.
    public private(set) var modifierMapChanges: [ModifierMapChange] = []
    /// Differences in what dead keys make.
    public private(set) var deadKeyChanges: [DeadKeyChange] = []
    /// Whether there are groups beyond the first on either side (lines then name the group).
    public let showsGroups: Bool
    /// The compose table's locale dead keys were read with, `nil` without one.
    public let composeLocale: String?

    /// Whether the keymaps mean the same.
    public var isEmpty: Bool {
        layoutChanges.isEmpty && keyChanges.isEmpty && modifierMapChanges.isEmpty && deadKeyChanges.isEmpty
    }

    /// Compares two meanings.
    ///
    /// - Parameters:
    ///   - before: The first keymap's meaning (A).
    ///   - after: The second keymap's meaning (B).
    public init(from before: KeymapMeaning, to after: KeymapMeaning) {
        showsGroups = before.layoutNames.count > 1 || after.layoutNames.count > 1
        composeLocale = before.composeLocale ?? after.composeLocale
        if before.layoutNames.count != after.layoutNames.count {
            layoutChanges.append(("layouts", "\(before.layoutNames.count)", "\(after.layoutNames.count)"))
        }
        for index in 0..<min(before.layoutNames.count, after.layoutNames.count)
        where before.layoutNames[index] != after.layoutNames[index] {
            layoutChanges.append(("layout \(index + 1) name", before.layoutNames[index], after.layoutNames[index]))
        }
        var order = before.keyOrder
        let known = Set(order)
        order += after.keyOrder.filter { !known.contains($0) }
        for name in order { compareKey(name, before.keys[name], after.keys[name]) }
        for modifier in Set(before.modifierMap.keys).union(after.modifierMap.keys).sorted() {
            let was = before.modifierMap[modifier] ?? [], now = after.modifierMap[modifier] ?? []
            if was != now { modifierMapChanges.append(ModifierMapChange(modifier: modifier, before: was, after: now)) }
        }
        let deadKeysyms = Set(before.deadKeys.keys).union(after.deadKeys.keys).sorted { $0.rawValue < $1.rawValue }
        for dead in deadKeysyms {
            let was = before.deadKeys[dead] ?? [:], now = after.deadKeys[dead] ?? [:]
            guard was != now || (before.deadKeys[dead] == nil) != (after.deadKeys[dead] == nil) else { continue }
            func missing(_ from: [Keysym: String], in other: [Keysym: String]) -> [(Keysym, String)] {
                from.filter { other[$0.key] != $0.value }.sorted { $0.key.rawValue < $1.key.rawValue }.map { ($0.key, $0.value) }
            }
            deadKeyChanges.append(
                DeadKeyChange(
                    keysym: dead, typedBefore: before.deadKeys[dead] != nil, typedAfter: after.deadKeys[dead] != nil,
                    lost: missing(was, in: now), gained: missing(now, in: was)))
        }
    }

    private mutating func compareKey(_ name: String, _ was: KeymapMeaning.Key?, _ now: KeymapMeaning.Key?) {
        guard let was, let now else {
            if let only = was ?? now, only.doesSomething {
                keyChanges.append(
                    KeyChange(
                        key: name, kind: .presence, before: was == nil ? "absent" : "present",
                        after: now == nil ? "absent" : "present"))
            }
            return
        }
        if was.press != now.press {
            keyChanges.append(KeyChange(key: name, kind: .press, before: was.press.description, after: now.press.description))
        }
        if was.repeats != now.repeats, was.doesSomething || now.doesSomething {
            keyChanges.append(
                KeyChange(key: name, kind: .repeats, before: Self.repeats(was.repeats), after: Self.repeats(now.repeats)))
        }
        for group in 0..<max(was.groups.count, now.groups.count) {
            let a = group < was.groups.count ? was.groups[group] : nil
            let b = group < now.groups.count ? now.groups[group] : nil
            if let change = Self.levelChoice(name, group, a, b) { keyChanges.append(change) }
            for level in 0..<max(a?.levels.count ?? 0, b?.levels.count ?? 0) {
                let syms = (Self.keysyms(a, level), Self.keysyms(b, level))
                guard syms.0 != syms.1 else { continue }
                keyChanges.append(
                    KeyChange(
                        key: name, kind: .keysyms, group: group, level: level, keysyms: (syms.0, syms.1),
                        before: Self.describe(syms.0), after: Self.describe(syms.1)))
            }
        }
    }

    private static func keysyms(_ group: KeymapMeaning.Group?, _ level: Int) -> [Keysym] {
        guard let group, level < group.levels.count else { return [] }
        return group.levels[level].keysyms
    }

    private static func repeats(_ value: Bool) -> String { value ? "repeats" : "does not repeat" }

    /// `A`, `asciicircum (^)`, `{a, b}`, or `nothing`.
    static func describe(_ keysyms: [Keysym]) -> String {
        guard !keysyms.isEmpty else { return "nothing" }
        let names = keysyms.map(\.name)
        let text = keysyms.map(\.text).joined()
        let printable = !text.isEmpty && !text.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7f }
        let shown = names.count == 1 ? names[0] : "{" + names.joined(separator: ", ") + "}"
        return printable && text != shown ? "\(shown) (\(text))" : shown
    }

    /// The smallest modifier masks, fewest modifiers first, whose level differs: at most three, in words.
    private static func levelChoice(_ name: String, _ group: Int, _ a: KeymapMeaning.Group?, _ b: KeymapMeaning.Group?) -> KeyChange? {
        guard let a, let b else { return nil }
        let was = a.levelByModifiers.isEmpty ? [UInt8](repeating: 0, count: 256) : a.levelByModifiers
        let now = b.levelByModifiers.isEmpty ? [UInt8](repeating: 0, count: 256) : b.levelByModifiers
        guard was != now else { return nil }
        let differing = (0..<256).filter { was[$0] != now[$0] }.sorted {
            ($0.nonzeroBitCount, $0) < ($1.nonzeroBitCount, $1)
        }
        // A mask is left out when a smaller one it holds changes the same way (Shift says Shift+Mod2 too).
        var masks: [Int] = []
        for mask in differing
        where !masks.contains(where: { $0 & mask == $0 && was[$0] == was[mask] && now[$0] == now[mask] }) {
            masks.append(mask)
        }
        func list(_ levels: [UInt8]) -> String {
            var parts = masks.prefix(3).map { "\(maskName($0)) level \(Int(levels[$0]) + 1)" }
            if masks.count > 3 { parts.append("and \(masks.count - 3) more") }
            return parts.joined(separator: ", ")
        }
        return KeyChange(key: name, kind: .levels, group: group, before: list(was), after: list(now))
    }

    /// The real modifiers of a mask: `Shift+Lock`, or `no modifiers`.
    static func maskName(_ mask: Int) -> String {
        let names = ["Shift", "Lock", "Control", "Mod1", "Mod2", "Mod3", "Mod4", "Mod5"]
        let set = (0..<8).filter { mask & (1 << $0) != 0 }.map { names[$0] }
        return set.isEmpty ? "no modifiers" : set.joined(separator: "+")
    }
}
