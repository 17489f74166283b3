extension LintCatalog {
    /// The registry rules, KI6xx (`keyinput lint --registry`); filled in by the registry check.
    static let registryRules: [LintRule] = []
}
