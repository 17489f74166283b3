import XKB

/// KI101 (one character on two keys) and KI102 (Caps Lock not the case pair of the base).
enum KeyRules {
    /// Letters and digits typed by two keys of one group at the same modifiers.
    static func duplicates(_ facts: KeymapFacts) -> [LintFinding] {
        var first: [String: KeymapFacts.Level] = [:]
        var findings: [LintFinding] = []
        for level in facts.levels {
            guard let mask = level.mask, level.keysyms.count == 1, !level.name.hasPrefix("KP") else { continue }
            let keysym = level.keysyms[0]
            guard !keysym.name.hasPrefix("KP_"), let scalar = keysym.unicodeScalar,
                scalar.properties.isAlphabetic || scalar.properties.numericType == .decimal
            else { continue }
            let slot = "\(level.group) \(mask.rawValue) \(keysym.rawValue)"
            if let earlier = first[slot] {
                findings.append(
                    facts.finding(
                        "KI101", facts.severity(.warning, key: level.name),
                        "<\(earlier.name)> and <\(level.name)> both type \(keysym.name) (\(keysym.text)) in group \(level.group + 1) "
                            + "with \(facts.describe(mask))",
                        key: level.name))
            } else {
                first[slot] = level
            }
        }
        return findings
    }

    /// Keys whose base is a cased letter and whose Caps Lock gives something other than its capital.
    static func capsLock(_ facts: KeymapFacts) -> [LintFinding] {
        guard let lock = facts.keymap.modifierIndex(named: "Lock"),
            facts.pressableModifiers.rawValue & (1 << UInt32(lock)) != 0
        else { return [] }
        let state = KeyboardState(keymap: facts.keymap)
        var findings: [LintFinding] = []
        for level in facts.levels where level.level == 0 && level.keysyms.count == 1 {
            guard let base = level.keysyms[0].unicodeScalar, base.properties.isLowercase else { continue }
            let upper = base.properties.uppercaseMapping
            guard upper.unicodeScalars.count == 1, upper != String(base) else { continue }
            state.updateMask(depressedModifiers: [], lockedModifiers: ModifierMask(rawValue: 1 << UInt32(lock)), lockedLayout: level.group)
            let caps = state.keysym(of: level.key)
            // Turkic casing (i to İ) is what Turkish, Azerbaijani and Crimean Tatar layouts mean.
            guard caps.text != upper, !(base == "i" && caps.text == "\u{130}") else { continue }
            // Lock not consumed: libxkbcommon's own case mapping chose (it lacks some scripts before 1.7), not the layout.
            let chosenByType = state.consumedModifiers(of: level.key).rawValue & (1 << UInt32(lock)) != 0
            let shifted = facts.keymap.keysyms(of: level.key, layout: level.group, level: 1)
            let shiftLock = shifted.count == 1 && shifted[0] == caps && !(caps.unicodeScalar?.properties.isAlphabetic ?? false)
            let severity: LintSeverity = chosenByType && !shiftLock ? .warning : .note
            let gives = caps == .noSymbol || caps.text.isEmpty ? "nothing (\(caps.name))" : "\(caps.name) (\(caps.text))"
            findings.append(
                facts.finding(
                    "KI102", severity,
                    "Caps Lock on <\(level.name)> in group \(level.group + 1) types \(gives), not \(upper), the capital of its base \(level.keysyms[0].name) (\(base))",
                    key: level.name))
        }
        return findings
    }
}
