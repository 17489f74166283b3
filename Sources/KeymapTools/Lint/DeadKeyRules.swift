import XKB

/// KI201 (a dead key no letter of the layout completes) and KI202 (a dead key whose accent cannot be typed alone).
enum DeadKeyRules {
    static func check(_ facts: KeymapFacts, composeTable: ComposeTable) -> [LintFinding] {
        let letters = facts.reachableKeysyms.filter { $0.unicodeScalar?.properties.isAlphabetic ?? false }
            .sorted { $0.rawValue < $1.rawValue }
        let texts = Set(facts.reachableKeysyms.map(\.text))
        let state = ComposeState(table: composeTable)
        func composes(_ first: Keysym, _ second: Keysym) -> Bool {
            state.reset()
            _ = state.feed(first)
            _ = state.feed(second)
            defer { state.reset() }
            return state.status == .composed
        }
        var seen: Set<Keysym> = []
        var findings: [LintFinding] = []
        for level in facts.levels where level.mask != nil {
            for dead in level.keysyms where dead.isDead && !seen.contains(dead) {
                seen.insert(dead)
                if !letters.contains(where: { composes(dead, $0) }) {
                    findings.append(
                        facts.finding(
                            "KI201", facts.severity(.warning, key: level.name),
                            "dead key \(dead.name) on \(facts.place(level)) is a dead end: no sequence of the \(composeTable.locale) Compose table completes it with a letter this layout types",
                            key: level.name))
                }
                let accent = dead.spacingAccent
                let alone = accent.map { texts.contains($0) } ?? false
                if !alone, !composes(dead, .space), !composes(dead, dead) {
                    findings.append(
                        facts.finding(
                            "KI202", facts.severity(.warning, key: level.name),
                            "dead key \(dead.name) on \(facts.place(level)) cannot type its accent\(accent.map { " \($0)" } ?? "") alone: no key types it and the \(composeTable.locale) Compose table has no \(dead.name) space or \(dead.name) \(dead.name)",
                            key: level.name))
                }
            }
        }
        return findings
    }
}
