import XKB

/// The keys that change a keymap's active layout (group) under its options,
/// found by pressing them: `grp:alt_shift_toggle` makes Alt+Shift lock the
/// next layout, `grp:switch` makes right Alt choose layout 2 while held.
public struct LayoutSwitches {
    /// A key, or a key pressed while another is held, that changes the layout.
    public struct Switch: Hashable, Sendable {
        /// The chord in `keyinput type` token syntax, such as `KEY_LEFTALT+KEY_LEFTSHIFT`.
        public var token: String
        /// The layout active before, by index.
        public var from: Int
        /// The layout active after the chord (locked) or while it is held.
        public var to: Int
        /// Whether the layout stays after the keys are released.
        public var locks: Bool
    }

    /// Every switch found, from every layout.
    public let switches: [Switch]
    private let layoutCount: Int

    /// Finds the switches by pressing each key, alone and with each
    /// modifier key held, in each layout, on a fresh state.
    ///
    /// - Parameter keymap: The keymap, with its options compiled in.
    public init(keymap: Keymap) {
        layoutCount = keymap.layoutNames.count
        var found: [Switch] = []
        guard layoutCount > 1 else {
            switches = []
            return
        }
        let keys = keymap.keys.filter { $0.evdevName != nil }
        // Keys that set a modifier or a layout while held may start a chord.
        let holders = keys.filter { key in
            let state = KeyboardState(keymap: keymap)
            state.updateKey(key, direction: .down)
            return !state.modifiers(.depressed).isEmpty || state.layout != 0
        }
        for from in 0..<layoutCount {
            for held in [nil] + holders.map(Optional.some) {
                for key in keys where key != held {
                    let state = KeyboardState(keymap: keymap)
                    state.updateMask(depressedModifiers: [], latchedModifiers: [], lockedModifiers: [], lockedLayout: from)
                    if let held { state.updateKey(held, direction: .down) }
                    state.updateKey(key, direction: .down)
                    let whileHeld = state.layout
                    state.updateKey(key, direction: .up)
                    if let held { state.updateKey(held, direction: .up) }
                    let after = state.lockedLayout
                    let token = ([held, key].compactMap { $0 }).map { $0.evdevName ?? "<\($0.rawValue)>" }
                        .joined(separator: "+")
                    if after != from {
                        found.append(Switch(token: token, from: from, to: after, locks: true))
                    } else if whileHeld != from, held == nil {
                        found.append(Switch(token: token, from: from, to: whileHeld, locks: false))
                    }
                }
            }
        }
        switches = found
    }

    /// How to reach a layout from the first: the fewest locking chords to
    /// press in turn (`KEY_LEFTALT+KEY_LEFTSHIFT`), else a key to hold
    /// (`hold KEY_RIGHTALT`); `nil` when no key reaches it. Keys few
    /// keyboards have (`KEY_KBD_LAYOUT_NEXT`, which evdev keymaps always
    /// map) come last.
    ///
    /// - Parameter layout: The layout index.
    /// - Returns: A short instruction, or `nil`.
    public func route(to layout: Int) -> String? {
        if layout == 0 { return "" }
        let common = switches.filter { !$0.token.contains("KEY_KBD_LAYOUT") }
        if let path = lockingPath(to: layout, using: common) { return "press " + path.joined(separator: " ") }
        if let hold = common.first(where: { !$0.locks && $0.from == 0 && $0.to == layout }) { return "hold " + hold.token }
        if let path = lockingPath(to: layout, using: switches) {
            return "press " + path.joined(separator: " ")
                + " (a key few keyboards have; an option such as grp:alt_shift_toggle adds a common one)"
        }
        return nil
    }

    /// The shortest chain of locking chords from the first layout, breadth first.
    private func lockingPath(to layout: Int, using candidates: [Switch]) -> [String]? {
        var paths: [Int: [String]] = [0: []]
        var frontier = [0]
        while !frontier.isEmpty, paths[layout] == nil {
            var next: [Int] = []
            for current in frontier {
                for step in candidates where step.locks && step.from == current && paths[step.to] == nil {
                    paths[step.to] = (paths[current] ?? []) + [step.token]
                    next.append(step.to)
                }
            }
            frontier = next
        }
        return paths[layout]
    }
}
