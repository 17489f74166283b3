import CXKBCommon

/// A keysym: the symbol a key produces, such as `a`, `Return` or `dead_acute`
/// (`xkb_keysym_t`).
public struct Keysym: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The keysym's 32-bit value.
    public let rawValue: UInt32

    /// Creates a keysym from its value.
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// Creates a keysym from its value.
    public init(_ rawValue: UInt32) { self.rawValue = rawValue }

    /// Looks a keysym up by name (`xkb_keysym_from_name`).
    ///
    /// Names are those of `xkbcommon-keysyms.h` without the `XKB_KEY_` prefix
    /// (`a`, `Return`, `dead_acute`), `Unnnn` for a Unicode code point, or a
    /// `0x` hexadecimal value.
    ///
    /// - Parameters:
    ///   - name: The keysym's name.
    ///   - caseInsensitive: Match regardless of case, as
    ///     `XKB_KEYSYM_CASE_INSENSITIVE` does: an exact match wins, then the
    ///     lower-case keysym of a pair (`A` → `a`).
    /// - Returns: `nil` when no keysym has that name.
    public init?(name: String, caseInsensitive: Bool = false) {
        let flags = caseInsensitive ? XKB_KEYSYM_CASE_INSENSITIVE : XKB_KEYSYM_NO_FLAGS
        let value = xkb_keysym_from_name(name, flags)
        guard value != UInt32(XKB_KEY_NoSymbol) else { return nil }
        self.rawValue = value
    }

    /// The keysym that types `character` on its own, such as `aacute` for "á"
    /// (`xkb_utf32_to_keysym`).
    ///
    /// - Returns: `nil` for characters with no keysym.
    public init?(character: Unicode.Scalar) {
        let value = xkb_utf32_to_keysym(character.value)
        guard value != UInt32(XKB_KEY_NoSymbol) else { return nil }
        self.rawValue = value
    }

    /// The keysym's name (`xkb_keysym_get_name`), or `0x…` for a value
    /// without one.
    public var name: String {
        withUnsafeTemporaryAllocation(of: CChar.self, capacity: 64) { buffer in
            let length = xkb_keysym_get_name(rawValue, buffer.baseAddress, buffer.count)
            guard length > 0 else { return "NoSymbol" }
            return String(cString: buffer.baseAddress!)
        }
    }

    public var description: String { name }

    /// The character this keysym types on its own (`xkb_keysym_to_utf32`),
    /// or `nil` when it types none (`Shift_L`, `dead_acute`, `NoSymbol`).
    public var unicodeScalar: Unicode.Scalar? {
        let value = xkb_keysym_to_utf32(rawValue)
        return value == 0 ? nil : Unicode.Scalar(value)
    }

    /// The text this keysym types on its own (`xkb_keysym_to_utf8`), or the
    /// empty string.
    public var text: String {
        // libxkbcommon 1.5.0 needs at least 7 bytes here.
        withUnsafeTemporaryAllocation(of: CChar.self, capacity: 8) { buffer in
            let length = xkb_keysym_to_utf8(rawValue, buffer.baseAddress, buffer.count)
            guard length > 1 else { return "" }
            return String(cString: buffer.baseAddress!)
        }
    }

    /// The upper-case form of this keysym (`xkb_keysym_to_upper`), or the
    /// keysym itself.
    public var uppercased: Keysym { Keysym(xkb_keysym_to_upper(rawValue)) }

    /// The lower-case form of this keysym (`xkb_keysym_to_lower`), or the
    /// keysym itself.
    public var lowercased: Keysym { Keysym(xkb_keysym_to_lower(rawValue)) }

    /// Whether this is a modifier keysym (Shift, Control, Alt, Super, Hyper,
    /// Meta, ISO level and group shifts and locks, Mode_switch, Num_Lock) —
    /// the keysyms a compose state ignores, by libxkbcommon's own test.
    public var isModifier: Bool {
        (rawValue >= 0xffe1 && rawValue <= 0xffee)  // Shift_L … Hyper_R
            || (rawValue >= 0xfe01 && rawValue <= 0xfe0f)  // ISO_Lock … ISO_Last_Group_Lock
            || rawValue == 0xff7e  // Mode_switch
            || rawValue == 0xff7f  // Num_Lock
    }

    /// Whether this is a dead keysym (`dead_acute`, `dead_grave`, …), which
    /// starts a compose sequence.
    public var isDead: Bool { rawValue >= 0xfe50 && rawValue <= 0xfe93 }

    /// `XKB_KEY_NoSymbol`: no keysym.
    public static let noSymbol = Keysym(UInt32(XKB_KEY_NoSymbol))
    /// `XKB_KEY_BackSpace`.
    public static let backSpace = Keysym(UInt32(XKB_KEY_BackSpace))
    /// `XKB_KEY_Tab`.
    public static let tab = Keysym(UInt32(XKB_KEY_Tab))
    /// `XKB_KEY_ISO_Left_Tab` (Shift+Tab).
    public static let isoLeftTab = Keysym(UInt32(XKB_KEY_ISO_Left_Tab))
    /// `XKB_KEY_Return`.
    public static let `return` = Keysym(UInt32(XKB_KEY_Return))
    /// `XKB_KEY_KP_Enter`.
    public static let keypadEnter = Keysym(UInt32(XKB_KEY_KP_Enter))
    /// `XKB_KEY_Escape`.
    public static let escape = Keysym(UInt32(XKB_KEY_Escape))
    /// `XKB_KEY_Delete`.
    public static let delete = Keysym(UInt32(XKB_KEY_Delete))
    /// `XKB_KEY_space`.
    public static let space = Keysym(UInt32(XKB_KEY_space))
    /// `XKB_KEY_Left`.
    public static let left = Keysym(UInt32(XKB_KEY_Left))
    /// `XKB_KEY_Right`.
    public static let right = Keysym(UInt32(XKB_KEY_Right))
    /// `XKB_KEY_Up`.
    public static let up = Keysym(UInt32(XKB_KEY_Up))
    /// `XKB_KEY_Down`.
    public static let down = Keysym(UInt32(XKB_KEY_Down))
    /// `XKB_KEY_Home`.
    public static let home = Keysym(UInt32(XKB_KEY_Home))
    /// `XKB_KEY_End`.
    public static let end = Keysym(UInt32(XKB_KEY_End))
    /// `XKB_KEY_Page_Up`.
    public static let pageUp = Keysym(UInt32(XKB_KEY_Page_Up))
    /// `XKB_KEY_Page_Down`.
    public static let pageDown = Keysym(UInt32(XKB_KEY_Page_Down))
    /// `XKB_KEY_Multi_key`, the Compose key.
    public static let multiKey = Keysym(UInt32(XKB_KEY_Multi_key))
}

/// The keysyms a key produces: usually one, sometimes none or several.
///
/// Stores a single keysym inline, so the common case does not allocate.
public struct Keysyms: RandomAccessCollection, Hashable, Sendable, CustomStringConvertible {
    private enum Storage: Hashable, Sendable {
        case none
        case one(Keysym)
        case many([Keysym])
    }

    private let storage: Storage

    /// An empty list.
    public init() { storage = .none }

    /// A list of one keysym; `noSymbol` gives the empty list.
    public init(_ keysym: Keysym) { storage = keysym == .noSymbol ? .none : .one(keysym) }

    /// A list of keysyms.
    public init(_ keysyms: [Keysym]) {
        switch keysyms.count {
        case 0: storage = .none
        case 1: storage = .one(keysyms[0])
        default: storage = .many(keysyms)
        }
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int {
        switch storage {
        case .none: 0
        case .one: 1
        case .many(let all): all.count
        }
    }

    public subscript(position: Int) -> Keysym {
        switch storage {
        case .none: preconditionFailure("index out of range")
        case .one(let keysym):
            precondition(position == 0, "index out of range")
            return keysym
        case .many(let all): return all[position]
        }
    }

    public var description: String { "[" + map(\.name).joined(separator: ", ") + "]" }
}
