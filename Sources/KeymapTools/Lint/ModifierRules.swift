import XKB

/// KI501: a virtual modifier that chooses levels shares its real modifier with another.
enum ModifierRules {
    /// Names that are real modifiers, not virtual ones.
    static let realModifiers: Set<String> = ["Shift", "Lock", "Control", "Mod1", "Mod2", "Mod3", "Mod4", "Mod5"]
    /// `AltGr` (Mode_switch's) sits on the same real modifier as LevelThree in every stock keymap, by design.
    static let sharedOnPurpose: Set<String> = ["AltGr"]
    /// Modifiers of shortcuts, which some key types also look at (CTRL+ALT, SHIFT+ALT) without being level keys.
    static let shortcutModifiers: Set<String> = ["Alt", "Meta", "Super", "Hyper", "LAlt", "RAlt", "LControl", "RControl", "AltGr"]

    static func check(_ facts: KeymapFacts) -> [LintFinding] {
        let mapping = realMapping(facts)
        let levelChoosing = Set(facts.summary.typeModifiers.values.joined()).subtracting(realModifiers).subtracting(shortcutModifiers)
        var findings: [LintFinding] = []
        var reported: Set<String> = []
        for chooser in levelChoosing.sorted() {
            guard let real = mapping[chooser] else { continue }
            for (other, otherReal) in mapping.sorted(by: { $0.key < $1.key })
            where other != chooser && !sharedOnPurpose.contains(other) && !otherReal.isDisjoint(with: real) {
                let pair = [chooser, other].sorted().joined(separator: "+")
                guard reported.insert(pair).inserted else { continue }
                let shared = real.intersection(otherReal).sorted().joined(separator: "+")
                let keys = facts.summary.modifierMap.filter { shared.contains($0.modifier) }.flatMap(\.keys)
                let line = facts.line(containing: ["modifier_map", shared]) ?? keys.lazy.compactMap { facts.line(ofKey: $0) }.first
                findings.append(
                    facts.finding(
                        "KI501", .warning,
                        "\(chooser), which chooses levels, and \(other) are both on \(shared): a shortcut with \(other) also changes the level, and \(chooser) keys look like \(other) to applications",
                        line: line))
            }
        }
        return findings
    }

    /// Each virtual modifier's real modifiers, from the modifier map and the interpretations that match its keys.
    static func realMapping(_ facts: KeymapFacts) -> [String: Set<String>] {
        var mapping: [String: Set<String>] = [:]
        for entry in facts.summary.modifierMap {
            for name in entry.keys {
                guard let key = facts.keymap.key(named: name) else { continue }
                var virtual = Set(facts.summary.keyVirtualModifiers[name] ?? [])
                if facts.summary.keyVirtualModifiers[name] == nil {
                    let levels = facts.keymap.layoutCount(of: key) > 0 ? facts.keymap.levelCount(of: key, layout: 0) : 0
                    for level in 0..<levels {
                        for keysym in facts.keymap.keysyms(of: key, layout: 0, level: level) {
                            for interpret in facts.summary.interprets
                            where interpret.keysym == keysym.name && (level == 0 || !interpret.levelOneOnly) {
                                virtual.insert(interpret.modifier)
                            }
                        }
                    }
                }
                for modifier in virtual { mapping[modifier, default: []].insert(entry.modifier) }
            }
        }
        return mapping
    }
}
