import XKB

/// KI401 (a level no modifier combination selects), KI402 (a keysym no key reaches at all).
enum ReachabilityRules {
    static func check(_ facts: KeymapFacts) -> [LintFinding] {
        var findings: [LintFinding] = []
        for level in facts.levels where level.mask == nil {
            let types = facts.summary.keyTypes[level.name]?[level.group].map { "its type \($0)" } ?? "its key type"
            let lost = level.keysyms.filter { !facts.reachableKeysyms.contains($0) }
            if lost.isEmpty {
                findings.append(
                    facts.finding(
                        "KI401", facts.severity(.warning, key: level.name),
                        "\(facts.place(level)) (\(level.keysyms.shortDescription)) cannot be reached: no modifiers that keys set select it in \(types)",
                        key: level.name))
            } else {
                findings.append(
                    facts.finding(
                        "KI402", facts.severity(.warning, key: level.name),
                        "\(lost.map(\.name).joined(separator: ", ")) on \(facts.place(level)) cannot be typed: no modifiers that keys set select that level in \(types), and no other key types it",
                        key: level.name))
            }
        }
        return findings
    }
}
