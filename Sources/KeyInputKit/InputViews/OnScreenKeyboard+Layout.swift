import XKB

extension OnScreenKeyboard {
    private static let fullRows: [[String]] = [
        ["1", "2", "3", "4", "5", "6", "7", "8", "9", "0", "MINUS", "EQUAL", "BACKSPACE"],
        ["Q", "W", "E", "R", "T", "Y", "U", "I", "O", "P", "LEFTBRACE", "RIGHTBRACE"],
        ["CAPSLOCK", "A", "S", "D", "F", "G", "H", "J", "K", "L", "SEMICOLON", "APOSTROPHE", "RETURN"],
        ["SHIFT", "Z", "X", "C", "V", "B", "N", "M", "COMMA", "DOT", "SLASH"],
        ["ALTGR", "SPACE"],
    ]

    private var padRows: [[String]] {
        switch keyboardType {
        case .phonePad, .namePhonePad:
            [["KP1", "KP2", "KP3"], ["KP4", "KP5", "KP6"], ["KP7", "KP8", "KP9"], ["KPASTERISK", "KP0", "#", "BACKSPACE"]]
        case .decimalPad:
            [["KP1", "KP2", "KP3"], ["KP4", "KP5", "KP6"], ["KP7", "KP8", "KP9"], ["KPDOT", "KP0", "BACKSPACE"]]
        default:
            [["KP1", "KP2", "KP3"], ["KP4", "KP5", "KP6"], ["KP7", "KP8", "KP9"], ["KP0", "BACKSPACE"]]
        }
    }

    private func role(for name: String) -> Key.Role {
        switch name {
        case "SHIFT": .shift
        case "ALTGR": .altGr
        case "CAPSLOCK": .capsLock
        case "RETURN": .returnKey
        case "#": .text("#")
        default: .keycode(key("KEY_" + name))
        }
    }

    private static func widthUnits(_ name: String) -> Double {
        switch name {
        case "SPACE": 6
        case "BACKSPACE", "RETURN", "SHIFT", "CAPSLOCK": 1.5
        case "ALTGR": 1.5
        default: 1
        }
    }

    func layoutKeys() {
        guard virtualKeyboard != nil else {
            keys = []
            return
        }
        if style == .layoutDiagram {
            keys = Self.diagramKeys(in: frame.size)
            appearance = nil
            relabel()
            return
        }
        let rows = keyboardType.isPad ? padRows : Self.fullRows
        let rowHeight = frame.height / Double(rows.count)
        var laidOut: [Key] = []
        for (r, names) in rows.enumerated() {
            let units = names.map(Self.widthUnits).reduce(0, +)
            let unit = frame.width / max(units, 1)
            var x = 0.0
            for name in names {
                let width = Self.widthUnits(name) * unit
                laidOut.append(
                    Key(
                        role: role(for: name), frame: Rect(x: x + 2, y: Double(r) * rowHeight + 3, width: width - 4, height: rowHeight - 6),
                        label: ""))
                x += width
            }
        }
        keys = laidOut
        appearance = nil  // new caps: label them all
        relabel()
    }
}
