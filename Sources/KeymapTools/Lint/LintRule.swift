/// What one lint identifier means: its severity, a title and the `--explain` text.
public struct LintRule: Hashable, Sendable {
    /// The identifier, such as `KI101`.
    public var id: String
    /// The severity its findings usually have (a rule may lower it to a note for what is deliberate).
    public var severity: LintSeverity
    /// A few words: "duplicate character".
    public var title: String
    /// The `--explain` paragraph: what it finds, why it matters to people typing,
    /// how to fix it, and what is deliberately not reported.
    public var explanation: String

    /// Creates a rule description.
    ///
    /// - Parameters:
    ///   - id: The identifier, such as `KI101`.
    ///   - severity: The usual severity of its findings.
    ///   - title: A few words.
    ///   - explanation: The `--explain` paragraph.
    public init(id: String, severity: LintSeverity, title: String, explanation: String) {
        self.id = id
        self.severity = severity
        self.title = title
        self.explanation = explanation
    }
}
