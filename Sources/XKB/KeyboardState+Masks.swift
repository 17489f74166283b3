import CXKBCommon

extension KeyboardState {
    /// A state's modifiers and layouts as the six serialized masks that display
    /// servers send and ``KeyboardState/updateMask(_:)`` applies.
    public struct Masks: Hashable, Sendable {
        /// Modifiers held down.
        public var depressedModifiers: ModifierMask
        /// Modifiers latched until the next key.
        public var latchedModifiers: ModifierMask
        /// Modifiers locked, such as Caps Lock.
        public var lockedModifiers: ModifierMask
        /// The layout selected by a held key.
        public var depressedLayout: Int
        /// The layout latched until the next key.
        public var latchedLayout: Int
        /// The locked layout.
        public var lockedLayout: Int

        /// Creates masks; every part not given is empty or layout 0.
        public init(
            depressedModifiers: ModifierMask = [], latchedModifiers: ModifierMask = [],
            lockedModifiers: ModifierMask = [], depressedLayout: Int = 0, latchedLayout: Int = 0,
            lockedLayout: Int = 0
        ) {
            self.depressedModifiers = depressedModifiers
            self.latchedModifiers = latchedModifiers
            self.lockedModifiers = lockedModifiers
            self.depressedLayout = depressedLayout
            self.latchedLayout = latchedLayout
            self.lockedLayout = lockedLayout
        }

        /// The masks with only the eight real modifiers (Shift … Mod5) kept,
        /// the only ones an X server's masks hold.
        public var realModifiersOnly: Masks {
            var copy = self
            let real = ModifierMask(rawValue: 0xff)
            copy.depressedModifiers.formIntersection(real)
            copy.latchedModifiers.formIntersection(real)
            copy.lockedModifiers.formIntersection(real)
            return copy
        }
    }

    /// The state's masks (`xkb_state_serialize_mods` and
    /// `xkb_state_serialize_layout`), ready to apply to another state of the same keymap.
    public var serializedMasks: Masks {
        Masks(
            depressedModifiers: ModifierMask(rawValue: xkb_state_serialize_mods(pointer, XKB_STATE_MODS_DEPRESSED)),
            latchedModifiers: ModifierMask(rawValue: xkb_state_serialize_mods(pointer, XKB_STATE_MODS_LATCHED)),
            lockedModifiers: ModifierMask(rawValue: xkb_state_serialize_mods(pointer, XKB_STATE_MODS_LOCKED)),
            depressedLayout: Int(xkb_state_serialize_layout(pointer, XKB_STATE_LAYOUT_DEPRESSED)),
            latchedLayout: Int(xkb_state_serialize_layout(pointer, XKB_STATE_LAYOUT_LATCHED)),
            lockedLayout: Int(xkb_state_serialize_layout(pointer, XKB_STATE_LAYOUT_LOCKED)))
    }
}
