import XKB

/// Reads, by pressing keys on keyboard states, what libxkbcommon 1.5's API does not
/// say directly: the level each modifier combination chooses (key types and their
/// modifiers, virtual ones resolved) and what pressing a key does (its action).
struct KeymapProbe {
    private let keymap: Keymap
    /// Per keycode, per group, the level of each of the 256 real-modifier masks.
    private var levelTables: [UInt32: [Int: [UInt8]]] = [:]

    init(keymap: Keymap) {
        self.keymap = keymap
        var wanted: [(key: Keycode, group: Int)] = []
        for key in keymap.keys {
            for group in 0..<keymap.layoutCount(of: key) where keymap.levelCount(of: key, layout: group) > 1 {
                wanted.append((key, group))
            }
        }
        var tables = [[UInt8]](repeating: [UInt8](repeating: 0, count: 256), count: wanted.count)
        let state = KeyboardState(keymap: keymap)
        for mask in 0..<256 {
            state.updateMask(depressedModifiers: ModifierMask(rawValue: UInt32(mask)))
            for (index, entry) in wanted.enumerated() {
                tables[index][mask] = UInt8(clamping: state.level(of: entry.key, layout: entry.group) ?? 255)
            }
        }
        for (index, entry) in wanted.enumerated() { levelTables[entry.key.rawValue, default: [:]][entry.group] = tables[index] }
    }

    /// The level each real-modifier mask chooses for a key's group.
    func levels(of key: Keycode, group: Int) -> [UInt8] { levelTables[key.rawValue]?[group] ?? [] }

    /// What pressing and releasing the key alone does, on a fresh state.
    func press(_ key: Keycode) -> KeyPressEffect {
        let state = KeyboardState(keymap: keymap)
        state.updateKey(key, direction: .down)
        var effect = KeyPressEffect(
            held: names(state.modifiers(.depressed)), latched: names(state.modifiers(.latched)),
            heldLayout: state.layout)
        state.updateKey(key, direction: .up)
        effect.locked = names(state.modifiers(.locked))
        effect.lockedLayout = state.lockedLayout
        if effect.latched.isEmpty { effect.latched = names(state.modifiers(.latched)) }
        return effect
    }

    private func names(_ mask: ModifierMask) -> [String] { keymap.modifierNames(in: mask) }
}

/// What pressing a key alone does to the modifiers and the layout: its action as
/// someone typing notices it.
public struct KeyPressEffect: Hashable, Sendable, CustomStringConvertible {
    /// Modifiers active while the key is down.
    public var held: [String] = []
    /// Modifiers latched for the next key.
    public var latched: [String] = []
    /// Modifiers locked after the key is released.
    public var locked: [String] = []
    /// The layout (0-based) active while the key is down.
    public var heldLayout = 0
    /// The layout locked after the key is released.
    public var lockedLayout = 0

    /// Creates the effect of a key that does nothing to the state.
    public init(held: [String] = [], latched: [String] = [], locked: [String] = [], heldLayout: Int = 0, lockedLayout: Int = 0) {
        self.held = held
        self.latched = latched
        self.locked = locked
        self.heldLayout = heldLayout
        self.lockedLayout = lockedLayout
    }

    /// `sets Shift while held`, `locks Lock`, `locks layout 2`, or `no modifier or layout change`.
    public var description: String {
        var parts: [String] = []
        if !held.isEmpty { parts.append("sets \(held.joined(separator: "+")) while held") }
        if !latched.isEmpty { parts.append("latches \(latched.joined(separator: "+"))") }
        if !locked.isEmpty { parts.append("locks \(locked.joined(separator: "+"))") }
        if heldLayout != 0 && heldLayout != lockedLayout { parts.append("selects layout \(heldLayout + 1) while held") }
        if lockedLayout != 0 { parts.append("locks layout \(lockedLayout + 1)") }
        return parts.isEmpty ? "no modifier or layout change" : parts.joined(separator: ", ")
    }
}
