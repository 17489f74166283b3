/// A key and its modifiers, as a menu shows them beside an item: "Ctrl+X",
/// "Ctrl+Shift+Z".
public struct KeyboardShortcut: Hashable, Sendable, CustomStringConvertible {
    /// The key: a character (`"x"`) or a key name (`"Delete"`, `"F2"`).
    public var input: String
    /// The modifiers held.
    public var modifiers: KeyModifierFlags

    /// Creates a shortcut.
    ///
    /// - Parameters:
    ///   - input: The key: a character (`"x"`) or a key name (`"Delete"`).
    ///   - modifiers: The modifiers held.
    public init(_ input: String, modifiers: KeyModifierFlags = []) {
        self.input = input
        self.modifiers = modifiers
    }

    /// The text shown: modifiers in the order Ctrl, Alt, Shift, Super, then the key, a letter in upper case.
    public var description: String {
        var parts: [String] = []
        if modifiers.contains(.control) { parts.append("Ctrl") }
        if modifiers.contains(.alternate) { parts.append("Alt") }
        if modifiers.contains(.shift) { parts.append("Shift") }
        if modifiers.contains(.command) { parts.append("Super") }
        parts.append(input.count == 1 ? input.uppercased() : input)
        return parts.joined(separator: "+")
    }
}
