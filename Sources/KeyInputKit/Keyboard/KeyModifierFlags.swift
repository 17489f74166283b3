/// Modifier keys as apps think of them (UIKit's `UIKeyModifierFlags`).
public struct KeyModifierFlags: OptionSet, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// Caps Lock is on.
    public static let alphaShift = KeyModifierFlags(rawValue: 1 << 0)
    /// Shift is held.
    public static let shift = KeyModifierFlags(rawValue: 1 << 1)
    /// Control is held.
    public static let control = KeyModifierFlags(rawValue: 1 << 2)
    /// Alt is held.
    public static let alternate = KeyModifierFlags(rawValue: 1 << 3)
    /// Super (the Windows or Command key) is held.
    public static let command = KeyModifierFlags(rawValue: 1 << 4)
    /// Num Lock is on.
    public static let numericPad = KeyModifierFlags(rawValue: 1 << 5)

    /// The flags that take part in matching key commands: all but the locks.
    public var significant: KeyModifierFlags { subtracting([.alphaShift, .numericPad]) }

    public var description: String {
        let names: [(KeyModifierFlags, String)] = [
            (.control, "Ctrl"), (.alternate, "Alt"), (.shift, "Shift"), (.command, "Super"),
            (.alphaShift, "CapsLock"), (.numericPad, "NumLock"),
        ]
        let parts = names.filter { contains($0.0) }.map(\.1)
        return parts.isEmpty ? "-" : parts.joined(separator: "+")
    }
}
