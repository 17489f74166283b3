import XKB

extension OnScreenKeyboard {
    /// How the keys of a ``Style/typing`` keyboard are arranged.
    public enum Arrangement: Hashable, Sendable {
        /// A desktop keyboard's main block, digits to space bar: in a window
        /// wide enough for keys of ``minimumKeySize`` (landscape).
        case full
        /// A phone's rows: the letter keys, Shift, BackSpace, and a key to a
        /// second page with the digit row and punctuation (portrait).
        case compact
        /// A number, decimal or phone pad: digits, BackSpace and Return.
        case pad
    }

    /// Which page of a ``Arrangement/compact`` keyboard shows.
    public enum Page: Hashable, Sendable {
        /// The letter keys.
        case letters
        /// The digit row and the keys that type punctuation.
        case symbols
    }

    /// The smallest key a finger hits reliably, in points (the accessible
    /// touch target): keys are at least this tall, and this wide where the
    /// window allows it.
    public static let minimumKeySize = 44.0

    /// The height of a full arrangement: five rows of 48 points.
    public static let wideHeight = 240.0

    /// A slot in a row: what it does and how wide it is, in key units.
    private struct Slot {
        var role: Key.Role
        var units: Double
    }

    /// The main block's rows, as evdev names without `KEY_`.
    private static let fullRows: [[String]] = [
        ["1", "2", "3", "4", "5", "6", "7", "8", "9", "0", "MINUS", "EQUAL", "BACKSPACE"],
        ["Q", "W", "E", "R", "T", "Y", "U", "I", "O", "P", "LEFTBRACE", "RIGHTBRACE"],
        ["CAPSLOCK", "A", "S", "D", "F", "G", "H", "J", "K", "L", "SEMICOLON", "APOSTROPHE", "RETURN"],
        ["SHIFT", "Z", "X", "C", "V", "B", "N", "M", "COMMA", "DOT", "SLASH"],
        ["ALTGR", "SPACE"],
    ]
    /// How many key units the widest full row takes.
    private static let fullRowUnits = 14.5

    /// The keys of the letter rows, top to bottom, that a compact keyboard
    /// sorts into its two pages, and the digit row, which is always on the second.
    private static let letterRowCandidates: [[String]] = [
        ["Q", "W", "E", "R", "T", "Y", "U", "I", "O", "P", "LEFTBRACE", "RIGHTBRACE"],
        ["A", "S", "D", "F", "G", "H", "J", "K", "L", "SEMICOLON", "APOSTROPHE", "BACKSLASH"],
        ["102ND", "Z", "X", "C", "V", "B", "N", "M", "COMMA", "DOT", "SLASH"],
    ]
    private static let digitRow = ["GRAVE", "1", "2", "3", "4", "5", "6", "7", "8", "9", "0", "MINUS", "EQUAL"]

    /// The arrangement a width calls for.
    func arrangement(forWidth width: Double) -> Arrangement {
        if keyboardType.isPad { return .pad }
        return width >= Self.fullRowUnits * Self.minimumKeySize ? .full : .compact
    }

    /// The height the keyboard takes in a window of this size: rows of at least ``minimumKeySize``.
    func preferredHeight(in window: Size) -> Double {
        switch arrangement(forWidth: window.width) {
        case .pad: Self.padHeight
        case .compact: Self.fullHeight
        case .full: Self.wideHeight
        }
    }

    /// Takes the height its arrangement wants in a window of this size.
    func fitHeight(to window: Size) {
        let height = preferredHeight(in: window)
        if height != frame.height { frame = Rect(x: frame.minX, y: frame.minY, width: frame.width, height: height) }
    }

    private func role(for name: String) -> Key.Role {
        switch name {
        case "SHIFT": .shift
        case "ALTGR": .altGr
        case "CAPSLOCK": .capsLock
        case "RETURN": .returnKey
        default: .keycode(key("KEY_" + name))
        }
    }

    private static func widthUnits(_ name: String) -> Double {
        switch name {
        case "SPACE": 6
        case "BACKSPACE", "RETURN", "SHIFT", "CAPSLOCK", "ALTGR": 1.5
        default: 1
        }
    }

    func layoutKeys() {
        guard virtualKeyboard != nil || keyboardType.isPad else {
            keys = []
            return
        }
        if style == .layoutDiagram, virtualKeyboard != nil {
            keys = Self.diagramKeys(in: frame.size)
            appearance = nil
            relabel()
            return
        }
        arrangement = arrangement(forWidth: frame.width)
        let rows: [[Slot]]
        switch arrangement {
        case .pad: rows = padRows
        case .full: rows = fullArrangementRows
        case .compact: rows = page == .letters ? compactLetterRows : compactSymbolRows
        }
        // On a pad, Return takes the right column's lower three rows.
        keys = place(rows, span: arrangement == .pad ? [7: 3] : [:])
        appearance = nil  // new caps: label them all
        relabel()
    }

    // MARK: Rows

    private var fullArrangementRows: [[Slot]] {
        var rows = Self.fullRows.map { $0.map { Slot(role: role(for: $0), units: Self.widthUnits($0)) } }
        if layoutCount > 1 { rows[4].insert(Slot(role: .nextLayout, units: 1.5), at: 1) }
        return rows
    }

    /// The letter keys of each row, in the keymap's layout now: keys whose
    /// first level types a letter or is a dead key.
    private var letterKeys: [[Keycode]] {
        guard let keyboard = virtualKeyboard else { return [[], [], []] }
        let state = KeyboardState(keymap: keyboard.keymap)
        state.updateMask(depressedModifiers: [], lockedModifiers: [], lockedLayout: keyboard.state.layout)
        return Self.letterRowCandidates.map { names in
            names.map { key("KEY_" + $0) }.filter { Self.typesALetter($0, state: state) }
        }
    }

    private static func typesALetter(_ code: Keycode, state: KeyboardState) -> Bool {
        if state.keysym(of: code).isDead { return true }
        let text = state.text(of: code)
        return text.count == 1 && text.first!.isLetter
    }

    private var compactLetterRows: [[Slot]] {
        let letters = letterKeys
        var rows = letters.map { $0.map { Slot(role: .keycode($0), units: 1) } }
        rows[2].insert(Slot(role: .shift, units: 1.5), at: 0)
        rows[2].append(Slot(role: .keycode(key("KEY_BACKSPACE")), units: 1.5))
        rows.append(bottomRow(pageKey: .switchPage(.symbols)))
        return rows
    }

    private var compactSymbolRows: [[Slot]] {
        let letters = Set(letterKeys.joined())
        let others = Self.letterRowCandidates.map { $0.map { key("KEY_" + $0) }.filter { !letters.contains($0) } }
        let digits = Self.digitRow.map { key("KEY_" + $0) }.filter { hasText($0) }
        var upper = others[0] + others[1]
        var lower = others[2]
        // The digit row's first ten are one row; whatever does not fit moves down.
        let firstRow = Array(digits.filter { !["KEY_GRAVE", "KEY_MINUS", "KEY_EQUAL"].contains($0.evdevName ?? "") }.prefix(10))
        upper = digits.filter { !firstRow.contains($0) } + upper
        upper = upper.filter(hasText)
        lower = lower.filter(hasText)
        if upper.count > 10 {
            lower = Array(upper.suffix(upper.count - 10)) + lower
            upper = Array(upper.prefix(10))
        }
        var rows = [firstRow, upper, lower].map { $0.map { Slot(role: .keycode($0), units: 1) } }
        rows[2].insert(Slot(role: .shift, units: 1.5), at: 0)
        rows[2].append(Slot(role: .keycode(key("KEY_BACKSPACE")), units: 1.5))
        rows.append(bottomRow(pageKey: .switchPage(.letters)))
        return rows
    }

    /// Whether a key types something in the keymap: a keymap may leave keys empty.
    private func hasText(_ code: Keycode) -> Bool {
        guard let keyboard = virtualKeyboard else { return false }
        return keyboard.keymap.levelCount(of: code, layout: keyboard.state.layout) > 0
    }

    /// Page key, layout key (with more than one layout), space and Return.
    private func bottomRow(pageKey: Key.Role) -> [Slot] {
        var row = [Slot(role: pageKey, units: 1.5)]
        if layoutCount > 1 { row.append(Slot(role: .nextLayout, units: 1.25)) }
        row.append(Slot(role: .keycode(key("KEY_SPACE")), units: 0))  // takes what is left
        row.append(Slot(role: .returnKey, units: 2.25))
        return row
    }

    private var padRows: [[Slot]] {
        let backspace = Slot(role: .keycode(key("KEY_BACKSPACE")), units: 1)
        let digit = { (d: Int) in Slot(role: .text(String(d)), units: 1) }
        let corner: Slot? =
            switch keyboardType {
            case .phonePad, .namePhonePad: Slot(role: .text("*"), units: 1)
            case .decimalPad:
                virtualKeyboard != nil ? Slot(role: .keycode(key("KEY_KPDOT")), units: 1) : Slot(role: .text("."), units: 1)
            default: nil
            }
        let hash: Slot? = keyboardType == .phonePad || keyboardType == .namePhonePad ? Slot(role: .text("#"), units: 1) : nil
        let gap = Slot(role: .text(""), units: 1)
        return [
            [digit(1), digit(2), digit(3), backspace],
            [digit(4), digit(5), digit(6), Slot(role: .returnKey, units: 1)],
            [digit(7), digit(8), digit(9)],
            [corner ?? gap, digit(0), hash ?? gap],
        ]
    }

    // MARK: Placing

    /// Frames for rows of slots: rows share the height (a key in `span` takes
    /// more rows); a full row fills the width, compact and pad rows share one
    /// key width, compact ones centred, with the space bar taking what is left.
    private func place(_ rows: [[Slot]], span: [Int: Int]) -> [Key] {
        let rowHeight = frame.height / Double(max(rows.count, 1))
        let rowUnits = rows.map { $0.map(\.units).reduce(0, +) }
        let widest = max(rowUnits.max() ?? 1, arrangement == .compact ? 10 : 1)
        var laidOut: [Key] = []
        for (r, slots) in rows.enumerated() {
            let flexible = slots.contains { $0.units == 0 }
            let flexUnits = flexible ? max(1, widest - rowUnits[r]) : 0
            let unit = arrangement == .full ? frame.width / max(rowUnits[r], 1) : frame.width / widest
            var x = arrangement == .compact && !flexible ? (frame.width - rowUnits[r] * unit) / 2 : 0
            for slot in slots {
                let width = (slot.units == 0 ? flexUnits : slot.units) * unit
                defer { x += width }
                if case .text("") = slot.role { continue }  // an empty place on a pad
                let rows = Double(span[laidOut.count] ?? 1)
                laidOut.append(
                    Key(
                        role: slot.role,
                        frame: Rect(x: x + 2, y: Double(r) * rowHeight + 3, width: width - 4, height: rowHeight * rows - 6),
                        label: ""))
            }
        }
        return laidOut
    }

    /// The key whose place holds a point: its cap, or the gap around it that
    /// a finger lands in; `nil` outside every key.
    public func keyIndex(at point: Point) -> Int? {
        keys.firstIndex { key in
            Rect(x: key.frame.minX - 2, y: key.frame.minY - 3, width: key.frame.width + 4, height: key.frame.height + 6)
                .contains(point)
        }
    }

    /// How many layouts (groups) the keymap has.
    var layoutCount: Int { virtualKeyboard?.keymap.layoutNames.count ?? 0 }
}
