import XKB

extension OnScreenKeyboard {
    /// How the keyboard lays out and labels its keys.
    public enum Style: Hashable, Sendable {
        /// A keyboard to type on: the keys a touch screen needs, each
        /// labelled with what it types now.
        case typing
        /// A picture of the layout, like the diagrams in keymap docs: the
        /// whole pc105 keyboard (the ISO key `<LSGT>` included, no function
        /// keys), each cap showing its four levels — Shift top left, base
        /// bottom left, AltGr+Shift top right, AltGr bottom right — with dead
        /// keys in their own colour and non-printing keys named.
        case layoutDiagram
    }

    /// What a key types at one level, as a layout diagram shows it.
    public struct LevelLabel: Hashable, Sendable {
        /// The text shown: the character typed, a dead key's combining mark
        /// on a dotted circle (`◌̈`), or the keysym's name.
        public var text: String
        /// What the text stands for.
        public var kind: Kind

        /// What a level's text stands for.
        public enum Kind: Hashable, Sendable {
            /// The character the level types.
            case character
            /// A dead key: its combining mark, or its spacing accent.
            case deadKey
            /// A key that types no character, by name: Tab, Shift, Enter.
            case name
        }
    }

    /// The levels a layout diagram shows, in ``Key/levels`` order: base,
    /// Shift, AltGr, AltGr+Shift.
    public static let diagramLevelNames = ["base", "Shift", "AltGr", "AltGr+Shift"]

    /// The pc105 rows without function keys: evdev names (without `KEY_`) and widths in key units.
    static let diagramRows: [[(name: String, units: Double)]] = [
        [("GRAVE", 1)] + "1234567890".map { (String($0), 1) } + [("MINUS", 1), ("EQUAL", 1), ("BACKSPACE", 2)],
        [("TAB", 1.5)] + "QWERTYUIOP".map { (String($0), 1) } + [("LEFTBRACE", 1), ("RIGHTBRACE", 1)],
        [("CAPSLOCK", 1.75)] + "ASDFGHJKL".map { (String($0), 1) }
            + [("SEMICOLON", 1), ("APOSTROPHE", 1), ("BACKSLASH", 1)],
        [("LEFTSHIFT", 1.25), ("102ND", 1)] + "ZXCVBNM".map { (String($0), 1) }
            + [("COMMA", 1), ("DOT", 1), ("SLASH", 1), ("RIGHTSHIFT", 2.75)],
        [
            ("LEFTCTRL", 1.25), ("LEFTMETA", 1.25), ("LEFTALT", 1.25), ("SPACE", 6.25), ("RIGHTALT", 1.25),
            ("RIGHTMETA", 1.25), ("COMPOSE", 1.25), ("RIGHTCTRL", 1.25),
        ],
    ]

    /// The keys of a layout diagram filling `size`: 15 units across, five
    /// rows down, with an Enter key two rows tall at the right of rows 2 and 3.
    static func diagramKeys(in size: Size) -> [Key] {
        let unit = size.width / 15, rowHeight = size.height / Double(diagramRows.count)
        var keys: [Key] = []
        for (row, names) in diagramRows.enumerated() {
            var x = 0.0
            for (name, units) in names {
                let frame = Rect(x: x + 2, y: Double(row) * rowHeight + 2, width: units * unit - 4, height: rowHeight - 4)
                keys.append(Key(role: .keycode(evdevKey(name)), frame: frame, label: ""))
                x += units * unit
            }
        }
        let enterX = 13.75 * unit
        keys.append(
            Key(
                role: .keycode(evdevKey("ENTER")),
                frame: Rect(x: enterX + 2, y: rowHeight + 2, width: size.width - enterX - 4, height: 2 * rowHeight - 4),
                label: ""))
        return keys
    }

    private static func evdevKey(_ name: String) -> Keycode { Keycode(evdev: EvdevKeyNames.code(of: "KEY_" + name) ?? 0) }

    /// The four levels of `code`, read from `states` (base, Shift, AltGr,
    /// AltGr+Shift); a level that types what a lower one types is `nil`,
    /// and so is a level with nothing on it.
    static func levels(of code: Keycode, states: [KeyboardState]) -> [LevelLabel?] {
        let all = states.map { levelLabel(of: code, state: $0) }
        var shown: [LevelLabel?] = all
        if all[1] == all[0] { shown[1] = nil }
        if all[2] == all[0] { shown[2] = nil }
        if all[3] == all[1] || all[3] == all[2] { shown[3] = nil }
        return shown
    }

    private static func levelLabel(of code: Keycode, state: KeyboardState) -> LevelLabel? {
        let keysym = state.keysym(of: code) == .noSymbol ? state.keysyms(of: code).first ?? .noSymbol : state.keysym(of: code)
        guard keysym != .noSymbol else { return nil }
        if keysym.isDead {
            let mark = keysym.combiningMark.map { "◌" + String(Character($0)) } ?? MarkedText.preedit(for: [keysym])
            return LevelLabel(text: mark, kind: .deadKey)
        }
        let text = state.text(of: code)
        let printable = !text.isEmpty && !text.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7f }
        return printable ? LevelLabel(text: text, kind: .character) : LevelLabel(text: keyName(keysym), kind: .name)
    }

    /// What a diagram calls a non-printing key.
    static func keyName(_ keysym: Keysym) -> String {
        switch keysym.name {
        case "Tab", "ISO_Left_Tab": "Tab"
        case "Caps_Lock": "Caps"
        case "Shift_L", "Shift_R": "Shift"
        case "Return": "Enter"
        case "BackSpace": "Backspace"
        case "Control_L", "Control_R": "Ctrl"
        case "Super_L", "Super_R": "Super"
        case "Alt_L", "Alt_R", "Meta_L", "Meta_R": "Alt"
        case "ISO_Level3_Shift", "Mode_switch": "AltGr"
        case "Menu": "Menu"
        case "Escape": "Esc"
        default: keysym.name
        }
    }

    /// Scratch states for the four diagram levels, on `keymap` in `layout`.
    static func levelStates(keymap: Keymap, layout: Int, locked: ModifierMask) -> [KeyboardState] {
        var altGr: ModifierMask = []
        if let index = keymap.modifierIndex(named: "Mod5") { altGr.insert(ModifierMask(index: index)) }
        return [[], .shift, altGr, altGr.union(.shift)].map { mask in
            let state = KeyboardState(keymap: keymap)
            state.updateMask(depressedModifiers: mask, lockedModifiers: locked, lockedLayout: layout)
            return state
        }
    }

    /// Draws a layout diagram's key cap: its levels in the corners, or its name.
    func drawDiagramCap(_ key: Key, frame: Rect, in canvas: Canvas, palette: Palette, active: Bool) {
        let levels = key.levels
        // The Enter key is two rows tall: letters take the size of one row's caps.
        let capHeight = min(frame.height, self.frame.height / Double(Self.diagramRows.count))
        let named = levels.first??.kind == .name
        let dead = levels.contains { $0?.kind == .deadKey }
        let fill = active ? palette.activeKey : dead ? palette.deadKey : named ? palette.specialKey : palette.key
        canvas.fill(frame, color: fill)
        canvas.stroke(frame, color: palette.border)
        if named {
            canvas.text(key.label, in: frame, color: palette.label, fontSize: (capHeight * 0.24).rounded(), alignment: .center)
            return
        }
        let pad = (frame.width * 0.08).rounded()
        let corner = Rect(x: frame.minX + pad, y: frame.minY, width: frame.width / 2 - pad, height: capHeight / 2)
        let right = frame.width / 2 - pad, down = capHeight / 2
        // Base, Shift, AltGr, AltGr+Shift: bottom left, top left, bottom right, top right.
        let corners = [corner.offsetBy(dx: 0, dy: down), corner, corner.offsetBy(dx: right, dy: down), corner.offsetBy(dx: right, dy: 0)]
        let size = (capHeight * 0.3).rounded()
        for (index, level) in levels.enumerated() {
            guard let level else { continue }
            let color = level.kind == .deadKey ? palette.deadLabel : index >= 2 ? palette.altGrLabel : palette.label
            canvas.text(
                level.text, in: corners[index], color: color, fontSize: index >= 2 ? (size * 0.8).rounded() : size,
                alignment: index >= 2 ? .trailing : .leading)
        }
    }
}
