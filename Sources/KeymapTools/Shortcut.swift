import XKB

/// A keyboard shortcut as key commands see it: the modifiers held and the key.
///
/// A press resolves as `KeyInputKit`'s key commands match it: Caps Lock and
/// Num Lock are ignored; the key is its keysym when that is a Latin letter or
/// has no Latin fallback, else the decoder's Latin fallback
/// (``DecodedKeyEvent/latinFallback``: Ctrl+С on `ru` is Ctrl+c).
public struct Shortcut: Hashable, Sendable, CustomStringConvertible {
    /// The modifiers, as `Ctrl`, `Alt`, `Shift`, `Super`.
    public var modifiers: Set<String>
    /// The key's keysym, in lower case for a letter.
    public var key: Keysym

    /// The modifier names in the order they are written, with the real modifier each reads.
    static let order: [(name: String, mask: ModifierMask)] = [
        ("Ctrl", .control), ("Alt", .mod1), ("Shift", .shift), ("Super", .mod4),
    ]

    /// Creates a shortcut from its parts.
    public init(modifiers: Set<String>, key: Keysym) {
        self.modifiers = modifiers
        self.key = key.lowercased
    }

    /// What a decoded press means as a shortcut.
    ///
    /// - Parameter press: A press decoded by ``KeyEventDecoder``.
    public init(_ press: DecodedKeyEvent) {
        let names = Self.order.filter { press.modifiers.contains($0.mask) }.map(\.name)
        let keysym = press.keysyms.first ?? .noSymbol
        if let latin = press.latinFallback, let scalar = latin.unicodeScalars.first, let fallback = Keysym(character: scalar) {
            self.init(modifiers: Set(names), key: fallback)
        } else {
            self.init(modifiers: Set(names), key: keysym)
        }
    }

    /// Reads `Ctrl+c`, `Ctrl+Shift+Escape`, `Alt+/`: modifiers (`Ctrl` or
    /// `Control`, `Alt`, `Shift`, `Super`) and a character or keysym name.
    ///
    /// - Throws: ``KeyTestSyntaxError`` naming the part it cannot read.
    public init(parsing text: String) throws {
        var parts = text.split(separator: "+", omittingEmptySubsequences: false).map(String.init)
        // "Ctrl++" names the plus key.
        if parts.count >= 2, parts.suffix(2) == ["", ""] { parts.removeLast(2); parts.append("+") }
        guard let last = parts.last, !last.isEmpty, !parts.dropLast().contains(where: \.isEmpty) else {
            throw KeyTestSyntaxError(message: "write a shortcut as MODIFIERS+KEY, as in Ctrl+c")
        }
        var modifiers: Set<String> = []
        for part in parts.dropLast() {
            let lower = part.lowercased()
            guard let name = Self.order.first(where: { $0.name.lowercased() == lower })?.name ?? (lower == "control" ? "Ctrl" : nil)
            else {
                throw KeyTestSyntaxError(
                    message: "unknown shortcut modifier \"\(part)\""
                        + KeymapDiagnosis.suggestion(NameSuggestions.nearest(to: part, in: Self.order.map(\.name))))
            }
            modifiers.insert(name)
        }
        let scalars = last.unicodeScalars
        let key: Keysym? =
            scalars.count == 1 ? Keysym(character: scalars[scalars.startIndex]) : Keysym(name: last, caseInsensitive: true)
        guard let key else {
            throw KeyTestSyntaxError(message: "unknown key \"\(last)\" in \(text): give a character or a keysym name")
        }
        self.init(modifiers: modifiers, key: key)
    }

    /// `Ctrl+Shift+c`: modifiers in a fixed order, then the key, a letter as itself.
    public var description: String {
        let name = key.unicodeScalar.map { $0.properties.isAlphabetic } == true ? key.text : key.name
        return (Self.order.map(\.name).filter(modifiers.contains) + [name]).joined(separator: "+")
    }
}
