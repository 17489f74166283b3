/// Every lint identifier `keyinput lint` knows, with its explanation.
public enum LintCatalog {
    /// All rules, in identifier order: the keymap rules (KI1xx–KI5xx, KI9xx) and the
    /// registry rules (KI6xx, ``registryRules``).
    public static let rules: [LintRule] = (keymapRules + registryRules).sorted { $0.id < $1.id }

    /// The rule with an identifier, compared without regard to case.
    ///
    /// - Parameter id: An identifier such as `KI101` or `ki101`.
    /// - Returns: The rule, or `nil` when there is none.
    public static func rule(_ id: String) -> LintRule? {
        let wanted = id.uppercased()
        return rules.first { $0.id == wanted }
    }
}
