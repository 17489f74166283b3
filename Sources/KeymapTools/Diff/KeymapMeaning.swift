import XKB

/// What a keymap means to someone typing, with nothing of how its text is written:
/// per key (by name) and group, the keysyms of each level and which modifiers choose
/// each level; what pressing the key does to the modifiers and the layout; whether
/// it repeats; the modifier map; the layouts; and, with a compose table, what each
/// dead key makes.
///
/// Two keymaps with equal meanings type the same whatever order or formatting their
/// files use. ``KeymapDiff`` lists where two meanings differ.
public struct KeymapMeaning: Hashable, Sendable {
    /// One shift level of a key in one group.
    public struct Level: Hashable, Sendable {
        /// The keysyms the level produces, usually one; empty for none.
        public var keysyms: [Keysym]
        /// The text the keysyms type (`xkb_keysym_to_utf8`), empty for none.
        public var text: String { keysyms.map(\.text).joined() }
    }

    /// One group (layout) of a key.
    public struct Group: Hashable, Sendable {
        /// The levels, from level 1.
        public var levels: [Level]
        /// The level (0-based) that each combination of the eight real modifiers
        /// chooses, indexed by the modifier mask; empty for a key of one level.
        public var levelByModifiers: [UInt8]
    }

    /// One key, named as in the keymap (`AC01`).
    public struct Key: Hashable, Sendable {
        /// The key's XKB name, without angle brackets.
        public var name: String
        /// Whether the key repeats when held.
        public var repeats: Bool
        /// The key's groups, from group 1.
        public var groups: [Group]
        /// What pressing the key alone does to the modifiers and the layout.
        public var press: KeyPressEffect
    }

    /// The layouts' names, from layout 1 (`German`, `German (no dead keys)`).
    public var layoutNames: [String]
    /// The keys, by name.
    public var keys: [String: Key]
    /// The key names in keyboard order: rows from the digits down, then the others by keycode.
    public var keyOrder: [String]
    /// The modifier map: a real modifier's name to the names of its keys, sorted.
    public var modifierMap: [String: [String]]
    /// What each dead keysym the keymap types makes with each keysym the keymap types
    /// after it, by dead keysym then following keysym; empty without a compose table.
    public var deadKeys: [Keysym: [Keysym: String]]
    /// The compose table's locale the dead keys were read with, `nil` without one.
    public var composeLocale: String?

    /// Reads the meaning of a keymap.
    ///
    /// - Parameters:
    ///   - keymap: The compiled keymap.
    ///   - composeTable: The table dead keys compose with, or `nil` to leave them out.
    public init(keymap: Keymap, composeTable: ComposeTable? = nil) {
        layoutNames = keymap.layoutNames
        let probe = KeymapProbe(keymap: keymap)
        var keys: [String: Key] = [:]
        var order: [(name: String, keycode: UInt32)] = []
        for keycode in keymap.keys {
            guard let name = keymap.name(of: keycode), keys[name] == nil else { continue }
            var groups: [Group] = []
            for group in 0..<keymap.layoutCount(of: keycode) {
                let count = keymap.levelCount(of: keycode, layout: group)
                let levels = (0..<count).map { Level(keysyms: Array(keymap.keysyms(of: keycode, layout: group, level: $0))) }
                groups.append(Group(levels: levels, levelByModifiers: count > 1 ? probe.levels(of: keycode, group: group) : []))
            }
            keys[name] = Key(name: name, repeats: keymap.repeats(keycode), groups: groups, press: probe.press(keycode))
            order.append((name, keycode.rawValue))
        }
        self.keys = keys
        keyOrder = KeyboardOrder.sorted(order)
        // libxkbcommon 1.5 has no accessor for the modifier map: lint's reader of the normalised text has it.
        var map: [String: [String]] = [:]
        for entry in KeymapTextSummary(text: keymap.text).modifierMap { map[entry.modifier, default: []] += entry.keys }
        modifierMap = map.mapValues { $0.sorted() }
        deadKeys = composeTable.map { DeadKeyTable.read(keys: keys.values, table: $0) } ?? [:]
        composeLocale = composeTable?.locale
    }
}

extension KeymapMeaning.Key {
    /// Whether the key does anything: a keysym on some level, or an effect when pressed.
    var doesSomething: Bool {
        press != KeyPressEffect() || groups.contains { $0.levels.contains { !$0.keysyms.isEmpty } }
    }
}
