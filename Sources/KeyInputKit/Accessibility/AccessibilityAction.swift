/// Something assistive technology can do to a node: press a button, step a picker column.
public struct AccessibilityAction: Sendable {
    /// The action's name, as AT-SPI2 names actions: `"press"`, `"activate"`,
    /// `"increment"`, `"decrement"`.
    public var name: String
    /// What the action does, in words for a person.
    public var description: String
    /// Does the action; returns whether it could.
    public let perform: @MainActor @Sendable () -> Bool

    /// Creates an action.
    ///
    /// - Parameters:
    ///   - name: The action's name (`"press"`, `"increment"`).
    ///   - description: What it does, in words for a person.
    ///   - perform: Does it; returns `false` when it could not (a disabled button).
    public init(name: String, description: String = "", perform: @escaping @MainActor @Sendable () -> Bool) {
        self.name = name
        self.description = description
        self.perform = perform
    }
}
