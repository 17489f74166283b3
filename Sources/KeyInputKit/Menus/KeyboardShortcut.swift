import Foundation

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

    /// The text in English: modifiers in the order Ctrl, Alt, Shift, Super, then the key, a letter in upper case.
    public var description: String { text(locale: nil, translated: false) }

    /// The text a menu shows, with the key names in the language of `locale`
    /// ("Strg+Umschalt+Z" in German); a key other than Delete keeps its name.
    ///
    /// - Parameter locale: The locale of the menu, or `nil` for the environment's.
    public func localizedDescription(for locale: Locale?) -> String { text(locale: locale, translated: true) }

    private func text(locale: Locale?, translated: Bool) -> String {
        func name(_ word: ToolkitString) -> String { translated ? word.localized(for: locale) : word.english }
        var parts: [String] = []
        if modifiers.contains(.control) { parts.append(name(.shortcutControl)) }
        if modifiers.contains(.alternate) { parts.append(name(.shortcutAlternate)) }
        if modifiers.contains(.shift) { parts.append(name(.shortcutShift)) }
        if modifiers.contains(.command) { parts.append(name(.shortcutSuper)) }
        parts.append(input.count == 1 ? input.uppercased() : input == "Delete" ? name(.shortcutDelete) : input)
        return parts.joined(separator: "+")
    }
}
