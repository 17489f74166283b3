import CXKBCommon

/// Whether a key went down or up.
public enum KeyDirection: String, Hashable, Sendable {
    /// The key was pressed.
    case down
    /// The key was released.
    case up
}

/// The live state of a keyboard: which modifiers and layout are active, and
/// so what each key produces now (`struct xkb_state`).
///
/// Feed it key presses and releases with ``updateKey(_:direction:)`` when
/// you read the keyboard yourself (evdev), or the serialized masks a display
/// server sends with ``updateMask(depressedModifiers:latchedModifiers:lockedModifiers:depressedLayout:latchedLayout:lockedLayout:)``
/// (X11, Wayland). Look a key up *before* applying its press.
///
/// Not thread-safe: use it from one thread (or actor) at a time.
public final class KeyboardState {
    let pointer: OpaquePointer
    /// The keymap this state belongs to.
    public let keymap: Keymap

    /// Creates a state with no keys down and the first layout active.
    public init(keymap: Keymap) {
        // xkb_state_new fails only when memory runs out.
        guard let pointer = xkb_state_new(keymap.pointer) else {
            fatalError("xkb_state_new failed: out of memory")
        }
        self.pointer = pointer
        self.keymap = keymap
    }

    /// Takes ownership of a state created by another libxkbcommon library,
    /// such as `xkb_x11_state_new_from_device`; it is freed with this object.
    ///
    /// - Parameters:
    ///   - pointer: A `struct xkb_state *` whose one reference passes to the new object.
    ///   - keymap: The owner of the keymap the state was created for.
    package init(adopting pointer: OpaquePointer, keymap: Keymap) {
        self.pointer = pointer
        self.keymap = keymap
    }

    deinit {
        xkb_state_unref(pointer)
    }

    /// Gives `body` the raw `struct xkb_state *`, which stays valid for the call.
    package func withUnsafeStatePointer<T>(_ body: (OpaquePointer) throws -> T) rethrows -> T {
        try withExtendedLifetime(self) { try body(pointer) }
    }

    /// Parts of the state that an update changed (`enum xkb_state_component`).
    public struct Changes: OptionSet, Hashable, Sendable {
        public let rawValue: UInt32
        public init(rawValue: UInt32) { self.rawValue = rawValue }
        /// Modifiers held down changed.
        public static let depressedModifiers = Changes(rawValue: 1 << 0)
        /// Latched modifiers changed.
        public static let latchedModifiers = Changes(rawValue: 1 << 1)
        /// Locked modifiers changed.
        public static let lockedModifiers = Changes(rawValue: 1 << 2)
        /// The effective modifiers changed.
        public static let effectiveModifiers = Changes(rawValue: 1 << 3)
        /// The layout selected by a held key changed.
        public static let depressedLayout = Changes(rawValue: 1 << 4)
        /// The latched layout changed.
        public static let latchedLayout = Changes(rawValue: 1 << 5)
        /// The locked layout changed.
        public static let lockedLayout = Changes(rawValue: 1 << 6)
        /// The effective layout changed.
        public static let effectiveLayout = Changes(rawValue: 1 << 7)
        /// An LED changed.
        public static let leds = Changes(rawValue: 1 << 8)
    }

    /// Applies a key press or release (`xkb_state_update_key`).
    ///
    /// - Returns: What changed, for example `effectiveModifiers` after Shift.
    @discardableResult
    public func updateKey(_ key: Keycode, direction: KeyDirection) -> Changes {
        let raw = xkb_state_update_key(pointer, key.rawValue, direction == .down ? XKB_KEY_DOWN : XKB_KEY_UP)
        return Changes(rawValue: raw.rawValue)
    }

    /// Replaces the modifier and layout state with serialized masks, such as
    /// those ``serializedMasks`` read from another state (`xkb_state_update_mask`).
    ///
    /// - Returns: What changed.
    @discardableResult
    public func updateMask(_ masks: Masks) -> Changes {
        updateMask(
            depressedModifiers: masks.depressedModifiers, latchedModifiers: masks.latchedModifiers,
            lockedModifiers: masks.lockedModifiers, depressedLayout: masks.depressedLayout,
            latchedLayout: masks.latchedLayout, lockedLayout: masks.lockedLayout)
    }

    /// Replaces the modifier and layout state with the masks a display server
    /// sent (`xkb_state_update_mask`): X11's `XkbStateNotify`, Wayland's
    /// `wl_keyboard.modifiers`.
    @discardableResult
    public func updateMask(
        depressedModifiers: ModifierMask, latchedModifiers: ModifierMask = [], lockedModifiers: ModifierMask = [],
        depressedLayout: Int = 0, latchedLayout: Int = 0, lockedLayout: Int = 0
    ) -> Changes {
        let raw = xkb_state_update_mask(
            pointer, depressedModifiers.rawValue, latchedModifiers.rawValue, lockedModifiers.rawValue,
            xkb_layout_index_t(truncatingIfNeeded: depressedLayout),
            xkb_layout_index_t(truncatingIfNeeded: latchedLayout),
            xkb_layout_index_t(truncatingIfNeeded: lockedLayout))
        return Changes(rawValue: raw.rawValue)
    }

    // MARK: What a key produces now

    /// The keysyms the key produces now (`xkb_state_key_get_syms`), without
    /// Caps Lock's case transformation.
    public func keysyms(of key: Keycode) -> Keysyms {
        var syms: UnsafePointer<xkb_keysym_t>?
        let count = xkb_state_key_get_syms(pointer, key.rawValue, &syms)
        guard count > 0, let syms else { return Keysyms() }
        if count == 1 { return Keysyms(Keysym(syms[0])) }
        return Keysyms((0..<Int(count)).map { Keysym(syms[$0]) })
    }

    /// The key's one keysym now, with Caps Lock's transformation applied
    /// (`xkb_state_key_get_one_sym`); `noSymbol` when it has none or several.
    public func keysym(of key: Keycode) -> Keysym {
        Keysym(xkb_state_key_get_one_sym(pointer, key.rawValue))
    }

    /// The keysyms to report for a key: those of `xkb_state_key_get_syms`,
    /// except that a single keysym is `xkb_state_key_get_one_sym`'s, with
    /// Caps Lock's transformation applied.
    public func reportedKeysyms(of key: Keycode) -> Keysyms {
        var syms: UnsafePointer<xkb_keysym_t>?
        let count = xkb_state_key_get_syms(pointer, key.rawValue, &syms)
        guard count > 0, let syms else { return Keysyms() }
        if count == 1 { return Keysyms(Keysym(xkb_state_key_get_one_sym(pointer, key.rawValue))) }
        return Keysyms((0..<Int(count)).map { Keysym(syms[$0]) })
    }

    /// The text the key types now (`xkb_state_key_get_utf8`), with Caps Lock
    /// and Control transformations applied; empty when it types none.
    public func text(of key: Keycode) -> String {
        let scalar = xkb_state_key_get_utf32(pointer, key.rawValue)
        if scalar != 0, let unicode = Unicode.Scalar(scalar) {
            // Cheapest path: one scalar, no buffer (it is all but always this).
            return String(Character(unicode))
        }
        let needed = xkb_state_key_get_utf8(pointer, key.rawValue, nil, 0)
        guard needed > 0 else { return "" }
        return String(unsafeUninitializedCapacity: Int(needed) + 1) { buffer in
            buffer.withMemoryRebound(to: CChar.self) { chars in
                Int(xkb_state_key_get_utf8(pointer, key.rawValue, chars.baseAddress, chars.count))
            }
        }
    }

    /// The single Unicode scalar the key types now (`xkb_state_key_get_utf32`),
    /// or `nil` when it types none or several.
    public func unicodeScalar(of key: Keycode) -> Unicode.Scalar? {
        let value = xkb_state_key_get_utf32(pointer, key.rawValue)
        return value == 0 ? nil : Unicode.Scalar(value)
    }

    /// The layout the key uses now (`xkb_state_key_get_layout`).
    public func layout(of key: Keycode) -> Int? {
        let index = xkb_state_key_get_layout(pointer, key.rawValue)
        return index == XKB_LAYOUT_INVALID ? nil : Int(index)
    }

    /// The shift level the key is at now in `layout` (`xkb_state_key_get_level`).
    public func level(of key: Keycode, layout: Int) -> Int? {
        let index = xkb_state_key_get_level(pointer, key.rawValue, xkb_layout_index_t(layout))
        return index == XKB_LEVEL_INVALID ? nil : Int(index)
    }

    /// How to count a modifier as used up by a key (`enum xkb_consumed_mode`).
    public enum ConsumedMode: Sendable {
        /// libxkbcommon's own rule (`XKB_CONSUMED_MODE_XKB`).
        case xkb
        /// GTK's rule (`XKB_CONSUMED_MODE_GTK`): a modifier counts as
        /// consumed only when it alone changes the key's level.
        case gtk
    }

    /// The modifiers that the key used up to choose its level
    /// (`xkb_state_key_get_consumed_mods2`) — Shift for `A`, so a shortcut
    /// on `Shift+A` is not also `A`.
    public func consumedModifiers(of key: Keycode, mode: ConsumedMode = .xkb) -> ModifierMask {
        let cmode = mode == .xkb ? XKB_CONSUMED_MODE_XKB : XKB_CONSUMED_MODE_GTK
        return ModifierMask(rawValue: xkb_state_key_get_consumed_mods2(pointer, key.rawValue, cmode))
    }

    // MARK: Modifiers, layouts, LEDs

    /// Which modifier state to read (`enum xkb_state_component`, the modifier parts).
    public enum ModifierKind: Sendable {
        /// Held down.
        case depressed
        /// Latched until the next key (sticky keys).
        case latched
        /// Locked (Caps Lock, Num Lock).
        case locked
        /// All of the above combined: what keys see.
        case effective
    }

    /// The active modifiers of a kind (`xkb_state_serialize_mods`).
    public func modifiers(_ kind: ModifierKind = .effective) -> ModifierMask {
        let component: xkb_state_component =
            switch kind {
            case .depressed: XKB_STATE_MODS_DEPRESSED
            case .latched: XKB_STATE_MODS_LATCHED
            case .locked: XKB_STATE_MODS_LOCKED
            case .effective: XKB_STATE_MODS_EFFECTIVE
            }
        return ModifierMask(rawValue: xkb_state_serialize_mods(pointer, component))
    }

    /// The names of the active modifiers (`xkb_state_mod_index_is_active`).
    ///
    /// libxkbcommon 1.5.0 reports real modifiers only: Alt shows as `Mod1`
    /// and AltGr as `Mod5`; virtual modifiers such as `Alt` or `LevelThree`
    /// are never reported active.
    public var activeModifierNames: [String] {
        let names = keymap.modifierNames
        return names.indices.filter {
            xkb_state_mod_index_is_active(pointer, xkb_mod_index_t($0), XKB_STATE_MODS_EFFECTIVE) == 1
        }.map { names[$0] }
    }

    /// Whether the named modifier is active (`xkb_state_mod_name_is_active`).
    public func isModifierActive(_ name: String, _ kind: ModifierKind = .effective) -> Bool {
        let component: xkb_state_component =
            switch kind {
            case .depressed: XKB_STATE_MODS_DEPRESSED
            case .latched: XKB_STATE_MODS_LATCHED
            case .locked: XKB_STATE_MODS_LOCKED
            case .effective: XKB_STATE_MODS_EFFECTIVE
            }
        return xkb_state_mod_name_is_active(pointer, name, component) == 1
    }

    /// The index of the active layout (`xkb_state_serialize_layout`, effective).
    public var layout: Int { Int(xkb_state_serialize_layout(pointer, XKB_STATE_LAYOUT_EFFECTIVE)) }

    /// The index of the locked layout (`xkb_state_serialize_layout`, locked).
    public var lockedLayout: Int { Int(xkb_state_serialize_layout(pointer, XKB_STATE_LAYOUT_LOCKED)) }

    /// The names of the LEDs that are lit (`xkb_state_led_index_is_active`).
    public var activeLEDNames: [String] {
        let names = keymap.ledNames
        return names.indices.filter { xkb_state_led_index_is_active(pointer, xkb_led_index_t($0)) == 1 }
            .map { names[$0] }
    }

    /// Whether the named LED is lit (`xkb_state_led_name_is_active`).
    public func isLEDActive(_ name: String) -> Bool { xkb_state_led_name_is_active(pointer, name) == 1 }
}
