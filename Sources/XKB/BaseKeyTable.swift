/// What each key means apart from the modifiers held: its text at the first
/// level of each layout, and its Latin fallback. Looked up on a key's first
/// use in a layout and kept, since a keymap never changes.
struct BaseKeyTable {
    /// What one key means in one layout.
    struct Entry {
        /// The text at the first level.
        var text: String
        /// The Latin letter of the same key in another layout, if any.
        var latinLetter: String?
    }

    private let keymap: Keymap
    /// Layouts whose `KEY_Q` types a Latin letter at the first level.
    private let latinLayouts: [Int]
    private var entries: [[Entry?]] = []
    /// Keycodes from here on are looked up each time rather than kept.
    private static let keptKeycodes = 4096

    init(keymap: Keymap) {
        self.keymap = keymap
        let probe = Keycode(evdev: 16)  // KEY_Q
        let count = max(1, keymap.layoutCount(of: probe))
        latinLayouts = (0..<count).filter { layout in
            keymap.keysyms(of: probe, layout: layout, level: 0).first.map(Self.isLatinLetter) ?? false
        }
    }

    /// What `key` means in `layout`, if it was looked up before.
    func keptEntry(of key: Keycode, layout: Int) -> Entry? {
        let index = Int(key.rawValue)
        guard layout >= 0, layout < entries.count, index < entries[layout].count else { return nil }
        return entries[layout][index]
    }

    /// What `key` means in `layout`, looked up in the keymap and kept.
    mutating func lookUpAndKeep(_ key: Keycode, layout: Int) -> Entry {
        let index = Int(key.rawValue)
        let entry = lookUp(key, layout: layout)
        guard layout >= 0, index < Self.keptKeycodes else { return entry }
        while entries.count <= layout { entries.append([]) }
        if entries[layout].count <= index {
            entries[layout].append(contentsOf: repeatElement(nil, count: index + 1 - entries[layout].count))
        }
        entries[layout][index] = entry
        return entry
    }

    private func lookUp(_ key: Keycode, layout: Int) -> Entry {
        let text = keymap.keysyms(of: key, layout: layout, level: 0).first?.text ?? ""
        for other in latinLayouts where other != layout {
            if let keysym = keymap.keysyms(of: key, layout: other, level: 0).first, Self.isLatinLetter(keysym) {
                return Entry(text: text, latinLetter: keysym.text)
            }
        }
        return Entry(text: text, latinLetter: nil)
    }

    /// Whether a keysym is one of the letters `a`…`z` or `A`…`Z`.
    static func isLatinLetter(_ keysym: Keysym) -> Bool {
        (0x61...0x7a).contains(keysym.rawValue) || (0x41...0x5a).contains(keysym.rawValue)
    }
}
