/// A key's code as XKB numbers it (`xkb_keycode_t`): the evdev code plus 8.
///
/// Linux evdev numbers keys from `KEY_ESC` = 1; X11 and XKB add 8, so that
/// `KEY_A` (30) is XKB keycode 38. Use ``init(evdev:)`` and ``evdev`` to
/// convert, or name the key as the kernel does with ``init(name:)``.
public struct Keycode: RawRepresentable, Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The XKB keycode.
    public let rawValue: UInt32

    /// Creates a keycode from its XKB value.
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// Creates a keycode from an evdev code (`KEY_*`), adding 8.
    public init(evdev: UInt32) { self.rawValue = evdev &+ 8 }

    /// Creates a keycode from the kernel's name for the key, as in `input-event-codes.h`.
    ///
    /// Matching ignores case, and the `KEY_` prefix may be left out: `KEY_Y`,
    /// `key_y` and `y` all name the key right of T on a US keyboard (evdev 21).
    /// The kernel's older aliases, such as `KEY_HANGUEL`, are accepted too.
    ///
    /// - Parameter name: A `KEY_*` name.
    /// - Throws: ``XKBError`` with code `unknownKeyName` when no key has that
    ///   name; its message suggests the nearest names, as in
    ///   `unknown key name "KEY_LSHIFT"; did you mean KEY_LEFTSHIFT, KEY_LEFT, KEY_LIST?`.
    public init(name: String) throws(XKBError) {
        guard let code = EvdevKeyNames.code(of: name) else {
            var probe = name.uppercased()
            if !probe.hasPrefix("KEY_") { probe = "KEY_" + probe }
            let near = NameSuggestions.nearest(to: probe, in: EvdevKeyNames.allNames)
            let hint = near.isEmpty ? "" : "; did you mean \(near.joined(separator: ", "))?"
            let shown = name.count > 64 ? "\(name.prefix(64))… (\(name.utf8.count) bytes)" : name
            throw XKBError(.unknownKeyName, "unknown key name \"\(shown)\"" + hint)
        }
        self.init(evdev: code)
    }

    /// The evdev code (XKB keycode − 8), or `nil` below 8.
    public var evdev: UInt32? { rawValue >= 8 ? rawValue - 8 : nil }

    /// The kernel's `KEY_*` name for this key, or `nil` when it has none.
    public var evdevName: String? { evdev.flatMap(EvdevKeyNames.name(of:)) }

    public static func < (lhs: Keycode, rhs: Keycode) -> Bool { lhs.rawValue < rhs.rawValue }

    public var description: String { evdevName ?? "keycode \(rawValue)" }
}

/// The Linux kernel's key names (`KEY_A`, `KEY_LEFTSHIFT`, …) and codes,
/// generated from `linux/input-event-codes.h` by
/// `scripts/generate-evdev-names.py`.
public enum EvdevKeyNames {
    private static let byCode: [UInt32: String] = Dictionary(
        canonical.map { ($0.code, $0.name) }, uniquingKeysWith: { first, _ in first })

    private static let byName: [String: UInt32] = {
        var table: [String: UInt32] = [:]
        for (code, name) in canonical { table[name] = code }
        for (name, code) in aliases where table[name] == nil { table[name] = code }
        return table
    }()

    /// Every canonical name, in code order.
    public static var allNames: [String] { canonical.map(\.name) }

    /// The canonical `KEY_*` name of an evdev code.
    public static func name(of code: UInt32) -> String? { byCode[code] }

    /// The evdev code of a key name.
    ///
    /// Matching ignores case, and the `KEY_` prefix may be left out:
    /// `KEY_A`, `key_a` and `a` all name code 30.
    public static func code(of name: String) -> UInt32? {
        var upper = name.uppercased()
        if !upper.hasPrefix("KEY_") { upper = "KEY_" + upper }
        return byName[upper]
    }
}
