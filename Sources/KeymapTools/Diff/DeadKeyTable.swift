import XKB

/// What each dead key of a keymap makes: the dead keysym followed by each keysym
/// the keymap types, fed to a compose table.
enum DeadKeyTable {
    static func read(keys: some Collection<KeymapMeaning.Key>, table: ComposeTable) -> [Keysym: [Keysym: String]] {
        var typed = Set<Keysym>()
        for key in keys {
            for group in key.groups { for level in group.levels { typed.formUnion(level.keysyms) } }
        }
        let followers = typed.filter { !$0.isModifier }.sorted { $0.rawValue < $1.rawValue }
        let state = ComposeState(table: table)
        var result: [Keysym: [Keysym: String]] = [:]
        for dead in followers where dead.isDead {
            var makes: [Keysym: String] = [:]
            for follower in followers {
                state.reset()
                guard state.feed(dead) == .accepted, state.status == .composing else { break }
                guard state.feed(follower) == .accepted, state.status == .composed else { continue }
                makes[follower] = state.text
            }
            result[dead] = makes
        }
        return result
    }
}
