import XKB

/// Checks a compiled keymap for what compiles but is wrong: the KI1xx–KI5xx and KI9xx rules of ``LintCatalog``.
public enum KeymapLinter {
    /// Lints a keymap.
    ///
    /// - Parameters:
    ///   - keymap: The compiled keymap. Compile it in a context whose ``XKB/Context/logVerbosity``
    ///     is at least 1 to hear of symbols beyond a key type's levels (KI403).
    ///   - file: The keymap's file, so that findings carry `file:line`; `nil` for names.
    ///   - sourceText: The file's text, where `key <NAME>` lines are looked up.
    ///   - composeTable: The Compose table dead keys are checked against; `nil` skips KI2xx.
    /// - Returns: The findings, in rule order then key order.
    public static func lint(
        _ keymap: Keymap, file: String? = nil, sourceText: String? = nil, composeTable: ComposeTable? = nil
    ) -> [LintFinding] {
        let facts = KeymapFacts(keymap: keymap, file: file, sourceText: sourceText)
        var findings: [LintFinding] = []
        findings += KeyRules.duplicates(facts)
        findings += KeyRules.capsLock(facts)
        if let composeTable { findings += DeadKeyRules.check(facts, composeTable: composeTable) }
        findings += OutputRules.check(facts)
        findings += ReachabilityRules.check(facts)
        findings += ModifierRules.check(facts)
        findings += LibxkbcommonWarnings.check(facts)
        return findings
    }
}
